import { describe, expect, it } from "vitest";
import { addDays } from "#app/modules/calendar/dates.ts";
import {
  currentWeek,
  defaultDueDate,
  INLINE_DATE_ERROR,
  isWithinOnboardingRange,
  parseInlineDate,
  pregnancyWeek,
  programmeDays,
  programmeStart,
  progressPercent,
  todayInProgramme,
  weeksRemaining,
} from "./program.ts";

describe("programme start and weeks", () => {
  it.each([
    ["2026-12-31", "2026-11-21", "2026-12-17"],
    ["2026-12-05", "2026-11-21", "2026-11-21"],
    ["2026-11-30", "2026-11-21", "2026-11-21"],
    ["2026-11-01", "2026-11-21", "2026-11-21"],
    ["2027-01-10", "2026-12-20", "2026-12-27"],
    ["2028-03-14", "2028-01-01", "2028-02-29"],
  ])("due %s, today %s → starts %s", (due, today, start) => {
    expect(programmeStart(due, today)).toBe(start);
  });

  it.each([
    ["2026-12-17", "2026-12-01", 1],
    ["2026-12-17", "2026-12-17", 1],
    ["2026-12-17", "2026-12-23", 1],
    ["2026-12-17", "2026-12-24", 2],
    ["2026-12-17", "2027-01-30", 2],
  ])("start %s, today %s → week %s", (start, today, week) => {
    expect(currentWeek(start, today)).toBe(week);
  });

  it("assumes a due date two weeks away when none is saved", () => {
    expect(defaultDueDate("2026-12-25")).toBe("2027-01-08");
    expect(programmeStart(defaultDueDate("2026-11-21"), "2026-11-21")).toBe("2026-11-21");
  });
});

describe("the fourteen days", () => {
  it("follow the audio list by day, labelled with each track's title, across the year end", () => {
    const days = programmeDays("2026-12-25");
    expect(days).toHaveLength(14);
    expect(days.slice(0, 7).map((d) => d.trackId)).toEqual([
      "pregnancy-relaxation",
      "prepare-for-birth",
      "practice-contractions",
      "affirmations-purpose",
      "affirmations-2",
      "prepare-for-birth",
      "fear-release",
    ]);
    expect(days.slice(7).map((d) => d.trackId)).toEqual([
      "prepare-for-birth",
      "practice-contractions",
      "prepare-for-birth",
      "fear-release",
      "prepare-for-birth",
      "breathing-bonding",
      "prepare-for-birth",
    ]);
    expect(days[0]).toMatchObject({
      week: 1,
      day: 1,
      activity: "Pregnancy Relaxation and Wellbeing",
      date: "2026-12-25",
    });
    expect(days[7]).toMatchObject({ week: 2, day: 1, date: "2027-01-01" });
    expect(days[13]).toMatchObject({ week: 2, day: 7, activity: "Prepare for Birth", date: "2027-01-07" });
  });

  it("knows where today falls", () => {
    expect(todayInProgramme("2026-12-01", "2026-11-28")).toMatchObject({
      status: "upcoming",
      startsInDays: 3,
    });
    expect(todayInProgramme("2026-12-01", "2026-12-09")).toMatchObject({
      status: "active",
      day: { week: 2, day: 2 },
    });
    expect(todayInProgramme("2026-12-01", "2026-12-15")).toMatchObject({ status: "finished" });
  });

  it("names today's day as the whole programme has it, before, during and after it", () => {
    const days = programmeDays("2026-12-28");
    for (let offset = -3; offset < 17; offset++) {
      const where = todayInProgramme("2026-12-28", addDays("2026-12-28", offset));
      if (offset < 0) expect(where).toEqual({ status: "upcoming", startsInDays: -offset, first: days[0] });
      else if (offset < 14) expect(where).toEqual({ status: "active", day: days[offset] });
      else expect(where).toEqual({ status: "finished", last: days[13] });
    }
  });
});

describe("weeks to go and progress", () => {
  it.each([
    ["2026-12-12", "2026-11-21", 37, 3],
    ["2026-11-28", "2026-11-21", 39, 1],
    ["2026-11-27", "2026-11-21", 40, 0],
    ["2026-11-21", "2026-11-21", 40, 0],
    ["2026-11-10", "2026-11-21", 41, 0],
    ["2027-08-01", "2026-11-21", 4, 36],
  ])(
    "due %s on %s: pregnancy week %s (the spec's weeks to go), %s whole weeks left",
    (due, today, week, left) => {
      expect(pregnancyWeek(due, today)).toBe(week);
      expect(weeksRemaining(due, today)).toBe(left);
    },
  );

  it.each([
    [0, 14, 0],
    [1, 14, 7],
    [7, 14, 50],
    [13, 14, 93],
    [14, 14, 100],
    [0, 0, 0],
  ])("%s of %s done is %s%%", (completed, total, percent) => {
    expect(progressPercent(completed, total)).toBe(percent);
  });
});

describe("parseInlineDate", () => {
  const today = "2026-11-21";
  it.each([
    ["14/Nov", "2027-11-14"],
    ["21/Nov", "2026-11-21"],
    ["30/nov", "2026-11-30"],
    ["3/september", "2027-09-03"],
    ["1/Jan", "2027-01-01"],
    ["25/December", "2026-12-25"],
    ["5/sept", "2027-09-05"],
    [" 7 / Mar ", "2027-03-07"],
    ["29/Feb", "2028-02-29"],
  ])("%s → %s", (text, date) => {
    expect(parseInlineDate(text, today)).toEqual({ ok: true, date });
  });

  it.each([
    "hello",
    "14-Nov",
    "14/11",
    "31/Apr",
    "0/Jan",
    "123/Jan",
    "14/No",
    "14/Novembre",
    "",
    "14/Nov/2027",
  ])("refuses %j", (text) => {
    expect(parseInlineDate(text, today)).toEqual({ ok: false, error: INLINE_DATE_ERROR });
  });

  it("moves a date that is past to next year across the year end", () => {
    expect(parseInlineDate("2/Jan", "2026-12-31")).toEqual({ ok: true, date: "2027-01-02" });
    expect(parseInlineDate("31/Dec", "2026-12-31")).toEqual({ ok: true, date: "2026-12-31" });
  });
});

describe("onboarding range", () => {
  it("allows today to 365 days ahead, nothing else", () => {
    expect(isWithinOnboardingRange("2026-11-21", "2026-11-21")).toBe(true);
    expect(isWithinOnboardingRange("2027-11-21", "2026-11-21")).toBe(true);
    expect(isWithinOnboardingRange("2027-11-22", "2026-11-21")).toBe(false);
    expect(isWithinOnboardingRange("2026-11-20", "2026-11-21")).toBe(false);
    expect(isWithinOnboardingRange("2027-02-30", "2026-11-21")).toBe(false);
  });
});
