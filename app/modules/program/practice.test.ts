import { describe, expect, it } from "vitest";
import {
  achievements,
  canSharePartnerLink,
  currentStreak,
  isPractiseDay,
  practise,
  restDayFor,
  streakBadge,
} from "./practice.ts";

const state = (
  lastPracticeDate: string | null,
  streak: number,
  longest = streak,
  lastRestDay: string | null = null,
) => ({ lastPracticeDate, streak, longest, lastRestDay });

describe("practise", () => {
  it.each([
    ["a first practice", state(null, 0), "2026-11-21", 1, 1, true, false],
    ["the next day", state("2026-11-20", 2), "2026-11-21", 3, 3, true, true],
    ["the same day again", state("2026-11-21", 3), "2026-11-21", 3, 3, false, false],
    ["after two missed days", state("2026-11-18", 5, 9), "2026-11-21", 1, 9, true, false],
    ["across the year end", state("2026-12-31", 4), "2027-01-01", 5, 5, true, true],
    ["across a leap day", state("2028-02-28", 1), "2028-02-29", 2, 2, true, true],
    ["from leap day to March", state("2028-02-29", 2), "2028-03-01", 3, 3, true, true],
    ["past a new longest", state("2026-11-20", 9, 9), "2026-11-21", 10, 10, true, true],
  ])("%s", (_case, before, today, streak, longest, counted, continued) => {
    expect(practise(before, today)).toEqual({
      lastPracticeDate: counted ? today : before.lastPracticeDate,
      streak,
      longest,
      lastRestDay: null,
      counted,
      continued,
      restDay: null,
    });
  });

  it("leaves the streak alone for a day before the last one practised, sent late", () => {
    const before = state("2026-11-21", 3, 5);
    expect(practise(before, "2026-11-19")).toEqual({
      ...before,
      counted: false,
      continued: false,
      restDay: null,
    });
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
    expect(currentStreak(state("2026-11-18", 4), "2026-11-21")).toBe(0);
    expect(currentStreak(state(null, 0), "2026-11-21")).toBe(0);
  });
});

describe("rest days", () => {
  // Her last practice, streak, longest and last rest day; the day she practises;
  // then the streak, the longest, her last rest day, and the rest day this practice used.
  it.each([
    ["no day missed", state("2026-11-20", 4), "2026-11-21", 5, 5, null, null],
    [
      "one day missed, a rest day free",
      state("2026-11-19", 4),
      "2026-11-21",
      5,
      5,
      "2026-11-20",
      "2026-11-20",
    ],
    [
      "one day missed, the last rest day a week before it",
      state("2026-11-19", 9, 9, "2026-11-13"),
      "2026-11-21",
      10,
      10,
      "2026-11-20",
      "2026-11-20",
    ],
    [
      "one day missed, a rest day 3 days before it",
      state("2026-11-19", 4, 6, "2026-11-17"),
      "2026-11-21",
      1,
      6,
      "2026-11-17",
      null,
    ],
    [
      "one day missed, a rest day 6 days before it",
      state("2026-11-19", 8, 8, "2026-11-14"),
      "2026-11-21",
      1,
      8,
      "2026-11-14",
      null,
    ],
    ["two days missed", state("2026-11-18", 4, 4, null), "2026-11-21", 1, 4, null, null],
    [
      "two days missed, a rest day long ago",
      state("2026-11-18", 4, 7, "2026-10-01"),
      "2026-11-21",
      1,
      7,
      "2026-10-01",
      null,
    ],
    [
      "one day missed across the year end",
      state("2026-12-30", 2),
      "2027-01-01",
      3,
      3,
      "2026-12-31",
      "2026-12-31",
    ],
    [
      "one day missed across a leap day",
      state("2028-02-28", 2),
      "2028-03-01",
      3,
      3,
      "2028-02-29",
      "2028-02-29",
    ],
    ["a first practice", state(null, 0), "2026-11-21", 1, 1, null, null],
  ])("%s", (_case, before, day, streak, longest, lastRestDay, restDay) => {
    expect(practise(before, day)).toEqual({
      lastPracticeDate: day,
      streak,
      longest,
      lastRestDay,
      counted: true,
      continued: streak > 1,
      restDay,
    });
  });

  it("counts nothing and rests nothing for the same day twice", () => {
    const once = practise(state("2026-11-19", 4), "2026-11-21");
    expect(once).toMatchObject({ streak: 5, lastRestDay: "2026-11-20", restDay: "2026-11-20" });
    const again = practise(once, "2026-11-21");
    expect(again).toMatchObject({ streak: 5, lastRestDay: "2026-11-20", counted: false, restDay: null });
  });

  it("follows the day she practised, back-dated from her device, not the day it arrives", () => {
    // Practised on the 19th, missed the 20th, practised on the 21st with no signal; sent on the 24th.
    const sent = practise(state("2026-11-19", 4), "2026-11-21");
    expect(sent).toMatchObject({ streak: 5, lastRestDay: "2026-11-20", restDay: "2026-11-20" });
    // An earlier day sent later changes neither the streak nor the rest day.
    expect(practise(sent, "2026-11-20")).toMatchObject({
      streak: 5,
      lastRestDay: "2026-11-20",
      counted: false,
    });
  });

  it("gives one rest day a week: the next missed day within it starts again", () => {
    let practice = practise(state("2026-11-19", 4), "2026-11-21"); // the 20th rests
    practice = practise(practice, "2026-11-22");
    practice = practise(practice, "2026-11-24"); // the 23rd: 3 days after the last rest day
    expect(practice).toMatchObject({ streak: 1, longest: 6, lastRestDay: "2026-11-20", restDay: null });
    for (const day of ["2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30"])
      practice = practise(practice, day);
    practice = practise(practice, "2026-12-02"); // the 1st: 11 days after the last, so it rests
    expect(practice).toMatchObject({
      streak: 8,
      longest: 8,
      lastRestDay: "2026-12-01",
      restDay: "2026-12-01",
    });
  });

  it("finds the day a practice would rest: only the one day before, when one is free", () => {
    expect(restDayFor(state("2026-11-19", 3), "2026-11-21")).toBe("2026-11-20");
    expect(restDayFor(state("2026-11-20", 3), "2026-11-21")).toBeNull();
    expect(restDayFor(state("2026-11-18", 3), "2026-11-21")).toBeNull();
    expect(restDayFor(state("2026-11-19", 3, 3, "2026-11-14"), "2026-11-21")).toBeNull();
    expect(restDayFor(state("2026-11-19", 3, 3, "2026-11-13"), "2026-11-21")).toBe("2026-11-20");
    expect(restDayFor(state(null, 0), "2026-11-21")).toBeNull();
  });

  it("keeps today's streak alive when only yesterday was missed and a rest day is free for it", () => {
    expect(currentStreak(state("2026-11-19", 4), "2026-11-21")).toBe(4);
    expect(currentStreak(state("2026-11-19", 4, 4, "2026-11-13"), "2026-11-21")).toBe(4);
    expect(currentStreak(state("2026-11-19", 4, 4, "2026-11-17"), "2026-11-21")).toBe(0);
    expect(currentStreak(state("2026-11-18", 4), "2026-11-21")).toBe(0);
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
