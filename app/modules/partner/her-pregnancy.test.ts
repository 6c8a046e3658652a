import { describe, expect, it } from "vitest";
import { herPregnancy } from "./her-pregnancy.ts";

const maya = { firstName: "Maya", hasSavedDate: true, babyArrived: false, pregnancyWeek: 33, weeksToGo: 7 };

describe("herPregnancy", () => {
  it("speaks of her in the third person, with her week and weeks to go", () => {
    expect(herPregnancy(maya)).toEqual({
      headline: "Maya is 33 weeks pregnant",
      detail: "7 weeks to go",
      sentence: "Maya is 33 weeks pregnant, with 7 weeks to go.",
    });
    expect(herPregnancy({ ...maya, pregnancyWeek: 39, weeksToGo: 1 }).detail).toBe("1 week to go");
  });

  it("says any day now once no week is left, and nothing of weeks once her baby has arrived", () => {
    expect(herPregnancy({ ...maya, pregnancyWeek: 40, weeksToGo: 0 }).sentence).toBe(
      "Maya is 40 weeks pregnant: any day now.",
    );
    expect(herPregnancy({ ...maya, babyArrived: true })).toEqual({
      headline: "Maya's baby has arrived",
      detail: null,
      sentence: "Maya's baby has arrived.",
    });
  });

  it("gives no week of pregnancy before she has saved her date", () => {
    expect(herPregnancy({ ...maya, hasSavedDate: false }).headline).toBe(
      "Maya hasn't saved her due date yet",
    );
  });
});
