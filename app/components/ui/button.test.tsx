import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Button, buttonVariants } from "./button.tsx";

const variants = ["primary", "secondary", "outline", "danger", "ghost", "link", undefined] as const;
const sizes = ["sm", "md", "field", "lg", "icon", undefined] as const;
const aligns = ["center", "start", undefined] as const;

describe("Button", () => {
  it("has the classes of its variant, size and alignment, whichever buttons came before it", () => {
    // Twice over: the second time, each combination's classes are the ones kept from the first.
    for (const round of [1, 2]) {
      for (const variant of variants) {
        for (const size of sizes) {
          for (const align of aligns) {
            const name = `${round} ${variant} ${size} ${align}`;
            const { container, unmount } = render(
              <Button variant={variant} size={size} align={align} className="extra">
                {name}
              </Button>,
            );
            // The rendered element itself (a role query over 252 renders took seconds on a busy machine).
            const button = container.firstElementChild as HTMLButtonElement;
            expect(button.tagName).toBe("BUTTON");
            expect(button.textContent).toBe(name);
            expect(button.className).toBe(`${buttonVariants({ variant, size, align })} extra`);
            unmount();
          }
        }
      }
    }
  });

  it("gives a pill its height and a link none", () => {
    render(
      <>
        <Button size="sm">Pill</Button>
        <Button variant="link" size="sm">
          Link
        </Button>
      </>,
    );
    expect(screen.getByRole("button", { name: "Pill" }).className).toContain("min-h-11");
    expect(screen.getByRole("button", { name: "Link" }).className).not.toContain("min-h-11");
  });
});
