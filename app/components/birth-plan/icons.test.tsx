import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BIRTH_PLAN_ICON_NAMES, BIRTH_PLAN_ICON_PATHS, BirthPlanIcon } from "./icons.tsx";

describe("BirthPlanIcon", () => {
  it.each(BIRTH_PLAN_ICON_NAMES)("draws %s as stroked paths on a 24×24 grid", (name) => {
    const { container } = render(<BirthPlanIcon name={name} className="size-6" />);
    const svg = container.querySelector("svg");
    expect(svg).not.toBeNull();
    expect(svg).toHaveAttribute("viewBox", "0 0 24 24");
    expect(svg).toHaveAttribute("stroke", "currentColor");
    expect(svg).toHaveAttribute("fill", "none");
    expect(svg).toHaveAttribute("aria-hidden", "true");
    expect(svg).toHaveClass("size-6");
    const paths = [...container.querySelectorAll("path")].map((p) => p.getAttribute("d"));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths).toEqual([...BIRTH_PLAN_ICON_PATHS[name]]);
  });

  it("is an image with a name when given a title", () => {
    render(<BirthPlanIcon name="water" title="Birth pool" />);
    const img = screen.getByRole("img", { name: "Birth pool" });
    expect(img).not.toHaveAttribute("aria-hidden");
  });

  it("writes every path as path data on the 24-unit grid", () => {
    for (const name of BIRTH_PLAN_ICON_NAMES) {
      for (const d of BIRTH_PLAN_ICON_PATHS[name]) {
        expect(d).toMatch(/^M[\d.\s,-]/);
        // Every number, absolute or relative, fits the grid.
        for (const n of d.match(/-?\d*\.?\d+/g) ?? []) expect(Math.abs(Number(n))).toBeLessThanOrEqual(24);
      }
    }
  });
});
