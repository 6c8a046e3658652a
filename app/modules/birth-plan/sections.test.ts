import { describe, expect, it } from "vitest";
import { BIRTH_PLAN_ICON_NAMES } from "./icon-paths.ts";
import { BIRTH_PLAN_SECTIONS, findChoice, findSection, isSectionId, SECTION_IDS } from "./sections.ts";

const allChoices = BIRTH_PLAN_SECTIONS.flatMap((s) => s.choices);

describe("BIRTH_PLAN_SECTIONS", () => {
  it("lists the course's sections in its order", () => {
    expect(BIRTH_PLAN_SECTIONS.map((s) => [s.id, s.title])).toEqual([
      ["environment", "Environment"],
      ["partner-role", "My birth partner's role"],
      ["pain-relief", "Pain relief preferences"],
      ["monitoring", "Monitoring"],
      ["interventions", "Interventions"],
      ["third-stage", "Third stage"],
      ["feeding", "Feeding and the first hour"],
      ["plan-b", "Plan B: induction"],
      ["plan-c", "Plan C: caesarean birth"],
    ]);
    expect(SECTION_IDS).toEqual(BIRTH_PLAN_SECTIONS.map((s) => s.id));
  });

  it("puts induction in plan B, caesarean birth in plan C and the rest in plan A", () => {
    expect(Object.fromEntries(BIRTH_PLAN_SECTIONS.map((s) => [s.id, s.plan]))).toEqual({
      environment: "a",
      "partner-role": "a",
      "pain-relief": "a",
      monitoring: "a",
      interventions: "a",
      "third-stage": "a",
      feeding: "a",
      "plan-b": "b",
      "plan-c": "c",
    });
  });

  it("gives every section an intro and four to eight choices", () => {
    for (const section of BIRTH_PLAN_SECTIONS) {
      expect(section.intro).toMatch(/^[A-Z].*\.$/);
      expect(section.choices.length).toBeGreaterThanOrEqual(4);
      expect(section.choices.length).toBeLessThanOrEqual(8);
    }
  });

  it("keeps choice ids unique across the plan and prefixed with their section", () => {
    const ids = allChoices.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const section of BIRTH_PLAN_SECTIONS) {
      for (const choice of section.choices)
        expect(choice.id).toMatch(new RegExp(`^${section.id}\\.[a-z0-9-]+$`));
    }
  });

  it("draws every choice with an icon from the set", () => {
    for (const choice of allChoices) expect(BIRTH_PLAN_ICON_NAMES).toContain(choice.icon);
  });

  it("explains each choice in one short sentence, in British English", () => {
    for (const choice of allChoices) {
      expect(choice.label.length).toBeGreaterThan(0);
      expect(choice.label.length).toBeLessThanOrEqual(60);
      expect(choice.explanation).toMatch(/^[A-Z][^.]*[^.]\.$/);
      expect(choice.explanation.length).toBeLessThanOrEqual(110);
      expect(`${choice.label} ${choice.explanation}`).not.toMatch(
        /\b(color|labor|favor|center|anesthe|diaper)/i,
      );
    }
  });

  it("finds sections and choices by id", () => {
    expect(findSection("plan-c").title).toBe("Plan C: caesarean birth");
    expect(findChoice("environment.dim-lights")?.section.id).toBe("environment");
    expect(findChoice("environment.nope")).toBeUndefined();
    expect(findChoice("toString")).toBeUndefined();
    expect(isSectionId("feeding")).toBe(true);
    expect(isSectionId("plan-d")).toBe(false);
  });
});
