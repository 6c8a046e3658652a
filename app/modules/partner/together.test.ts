import { describe, expect, it } from "vitest";
import { dayStreak, daysTogether, practisedTogether } from "./together.ts";

describe("dayStreak", () => {
  it.each([
    { days: [], today: "2026-11-26", streak: 0 },
    { days: ["2026-11-26"], today: "2026-11-26", streak: 1 },
    { days: ["2026-11-24", "2026-11-25", "2026-11-26"], today: "2026-11-26", streak: 3 },
    // Today still open: the run up to yesterday stands.
    { days: ["2026-11-24", "2026-11-25"], today: "2026-11-26", streak: 2 },
    // A day missed before yesterday ends it.
    { days: ["2026-11-23", "2026-11-24"], today: "2026-11-26", streak: 0 },
    {
      days: ["2026-11-21", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26"],
      today: "2026-11-26",
      streak: 4,
    },
    // Across a month and a year.
    { days: ["2026-12-31", "2027-01-01"], today: "2027-01-01", streak: 2 },
    // A day later than today (another time zone) does not count ahead.
    { days: ["2026-11-27"], today: "2026-11-26", streak: 0 },
  ])("$days up to $today: $streak", ({ days, today, streak }) => {
    expect(dayStreak(days, today)).toBe(streak);
  });
});

describe("practising together", () => {
  it("counts only the days both listened", () => {
    const hers = ["2026-11-22", "2026-11-24", "2026-11-25", "2026-11-26"];
    const theirs = ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26"];
    expect(daysTogether(hers, theirs)).toEqual(["2026-11-24", "2026-11-25", "2026-11-26"]);
    expect(practisedTogether(hers, theirs, "2026-11-26")).toEqual({ streak: 3, today: true });
  });

  it("keeps yesterday's shared streak while one of them has not listened yet today", () => {
    const hers = ["2026-11-25", "2026-11-26"];
    const theirs = ["2026-11-24", "2026-11-25"];
    expect(practisedTogether(hers, theirs, "2026-11-26")).toEqual({ streak: 1, today: false });
  });

  it("is nothing when they never listened on the same day", () => {
    expect(practisedTogether(["2026-11-25"], ["2026-11-26"], "2026-11-26")).toEqual({
      streak: 0,
      today: false,
    });
  });
});
