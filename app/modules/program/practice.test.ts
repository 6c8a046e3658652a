import { describe, expect, it } from "vitest";
import {
  achievements,
  canSharePartnerLink,
  currentStreak,
  isPractiseDay,
  practise,
  streakBadge,
} from "./practice.ts";

const state = (lastPracticeDate: string | null, streak: number, longest = streak) => ({
  lastPracticeDate,
  streak,
  longest,
});

describe("practise", () => {
  it.each([
    ["a first practice", state(null, 0), "2026-11-21", 1, 1, true, false],
    ["the next day", state("2026-11-20", 2), "2026-11-21", 3, 3, true, true],
    ["the same day again", state("2026-11-21", 3), "2026-11-21", 3, 3, false, false],
    ["after a missed day", state("2026-11-19", 5, 9), "2026-11-21", 1, 9, true, false],
    ["across the year end", state("2026-12-31", 4), "2027-01-01", 5, 5, true, true],
    ["across a leap day", state("2028-02-28", 1), "2028-02-29", 2, 2, true, true],
    ["from leap day to March", state("2028-02-29", 2), "2028-03-01", 3, 3, true, true],
    ["past a new longest", state("2026-11-20", 9, 9), "2026-11-21", 10, 10, true, true],
  ])("%s", (_case, before, today, streak, longest, counted, continued) => {
    expect(practise(before, today)).toEqual({ lastPracticeDate: today, streak, longest, counted, continued });
  });

  it("leaves the streak alone for a day before the last one practised, sent late", () => {
    const before = state("2026-11-21", 3, 5);
    expect(practise(before, "2026-11-19")).toEqual({ ...before, counted: false, continued: false });
  });

  it("counts a practice for her today or the week before it, never a day ahead or a day that isn't one", () => {
    const today = "2026-11-21";
    for (const day of ["2026-11-21", "2026-11-20", "2026-11-14"])
      expect(isPractiseDay(day, today), day).toBe(true);
    for (const day of ["2026-11-22", "2026-11-13", "2026-02-30", "21/11/2026", "2026-11-21T00:00", ""]) {
      expect(isPractiseDay(day, today), day).toBe(false);
    }
    // Across the year end and a leap day.
    expect(isPractiseDay("2026-12-26", "2027-01-02")).toBe(true);
    expect(isPractiseDay("2028-02-22", "2028-03-01")).toBe(false);
  });

  it("shows a streak until the day after the last practice ends", () => {
    expect(currentStreak(state("2026-11-21", 4), "2026-11-21")).toBe(4);
    expect(currentStreak(state("2026-11-20", 4), "2026-11-21")).toBe(4);
    expect(currentStreak(state("2026-11-19", 4), "2026-11-21")).toBe(0);
    expect(currentStreak(state(null, 0), "2026-11-21")).toBe(0);
  });
});

describe("streakBadge", () => {
  it.each([
    [0, "Starting"],
    [2, "Starting"],
    [3, "Growing"],
    [6, "Growing"],
    [7, "Consistent"],
    [13, "Consistent"],
    [14, "Dedicated"],
    [20, "Dedicated"],
    [21, "Strong"],
    [29, "Strong"],
    [30, "Champion"],
    [365, "Champion"],
  ])("%s days: %s", (days, badge) => {
    expect(streakBadge(days)).toBe(badge);
  });
});

describe("achievements", () => {
  it.each([
    [0, 0, []],
    [1, 0, ["first-listen"]],
    [4, 6, ["first-listen"]],
    [5, 7, ["first-listen", "five-complete", "seven-day-streak"]],
    [10, 3, ["first-listen", "five-complete", "all-mastered"]],
  ])("%s sessions and a longest streak of %s unlock %o", (completed, longest, unlocked) => {
    expect(
      achievements(completed, longest)
        .filter((a) => a.unlocked)
        .map((a) => a.id),
    ).toEqual(unlocked);
  });

  it("names them as the spec does", () => {
    expect(achievements(0, 0).map((a) => a.title)).toEqual([
      "First Listen",
      "5 Complete",
      "All Mastered",
      "7 Day Streak",
    ]);
  });
});

describe("canSharePartnerLink", () => {
  it("needs today's practice and a streak of three", () => {
    expect(canSharePartnerLink(state("2026-11-21", 3), "2026-11-21")).toBe(true);
    expect(canSharePartnerLink(state("2026-11-21", 2), "2026-11-21")).toBe(false);
    expect(canSharePartnerLink(state("2026-11-20", 5), "2026-11-21")).toBe(false);
  });
});
