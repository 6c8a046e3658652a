import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { BirthPlanContent } from "#app/modules/birth-plan/plan.ts";
import { findChoice } from "#app/modules/birth-plan/sections.ts";
import { BirthPlanSheet } from "./sheet.tsx";

const label = (id: string) => findChoice(id)!.choice.label;

function renderSheet(content: BirthPlanContent, variant?: "print" | "inline") {
  const Stub = createRoutesStub([
    {
      path: "/portal/birth-preferences/print",
      Component: () => (
        <BirthPlanSheet content={content} herFirstName="Amara" dueMonth="March 2027" variant={variant} />
      ),
    },
  ]);
  return render(<Stub initialEntries={["/portal/birth-preferences/print"]} />);
}

describe("the birth preferences sheet", () => {
  it("shows only what she chose, with her note, leaving out empty sections and plans B and C", () => {
    renderSheet({
      sections: {
        environment: { choices: ["environment.dim-lights", "environment.quiet-voices"], note: "" },
        feeding: { choices: [], note: "Skin to skin first." },
        monitoring: { choices: [], note: "" },
      },
    });
    expect(screen.getByRole("heading", { level: 1, name: "Birth preferences" })).toBeInTheDocument();
    expect(screen.getByText("Amara's plan · due March 2027")).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Environment",
      "Feeding and the first hour",
    ]);
    const list = screen.getByRole("list");
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([label("environment.dim-lights"), label("environment.quiet-voices")]);
    // The icons only decorate: the words say it.
    for (const icon of list.querySelectorAll("svg")) expect(icon).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByText("Skin to skin first.")).toBeInTheDocument();
    expect(screen.queryByText("If my birth takes a different path")).toBeNull();
    expect(screen.queryByText("No preferences yet.")).toBeNull();
  });

  it("puts plans B and C under their own heading, on a page of their own when printed", () => {
    renderSheet({
      sections: {
        environment: { choices: ["environment.dim-lights"], note: "" },
        "plan-c": { choices: ["plan-c.music"], note: "Our playlist, please." },
      },
    });
    const heading = screen.getByRole("heading", { level: 2, name: "If my birth takes a different path" });
    const other = heading.closest("section")!;
    expect(other).toHaveClass("print:break-before-page");
    expect(
      within(other).getByRole("heading", { level: 3, name: "Plan C: caesarean birth" }),
    ).toBeInTheDocument();
    expect(within(other).getByText(label("plan-c.music"))).toBeInTheDocument();
    expect(within(other).getByText("Our playlist, please.")).toBeInTheDocument();
  });

  it("says so when the plan is empty, and never shows the exact due date", () => {
    renderSheet({ sections: {} });
    expect(screen.getByText("No preferences yet.")).toBeInTheDocument();
    expect(screen.queryAllByRole("heading", { level: 2 })).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Print" })).toBeInTheDocument();
  });

  it("sits inside another page a level down, without its own title or Print button", () => {
    renderSheet({ sections: { environment: { choices: ["environment.dim-lights"], note: "" } } }, "inline");
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
    expect(screen.getByRole("heading", { level: 3, name: "Environment" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Print" })).toBeNull();
  });
});
