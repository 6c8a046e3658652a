import { describe, expect, it } from "vitest";
import { pregnancyWeek } from "#app/modules/program/program.ts";
import { offersLabourMode } from "./way-in.ts";

const TODAY = "2026-11-26";
const her = (dueDate: string, more: { hasSavedDate?: boolean; babyArrived?: boolean } = {}) => ({
  hasSavedDate: true,
  babyArrived: false,
  pregnancyWeek: pregnancyWeek(dueDate, TODAY),
  ...more,
});

describe("offersLabourMode", () => {
  it.each([
    ["2027-02-04", 30, false],
    ["2026-12-31", 35, false],
    ["2026-12-30", 36, true],
    ["2026-12-17", 37, true],
    ["2026-11-20", 40, true],
  ])("due %s (week %s): %s", (dueDate, week, offered) => {
    expect(her(dueDate).pregnancyWeek).toBe(week);
    expect(offersLabourMode(her(dueDate))).toBe(offered);
  });

  it("waits for a saved date, and stops once her baby has arrived", () => {
    expect(offersLabourMode(her("2026-12-17", { hasSavedDate: false }))).toBe(false);
    expect(offersLabourMode(her("2026-12-17", { babyArrived: true }))).toBe(false);
  });
});
