import { describe, expect, it } from "vitest";
import { programmeDays } from "./program.ts";
import {
  dayIsOpen,
  opensOn,
  programmeDaysDone,
  progressOf,
  sessionsFinished,
  tracksListened,
} from "./progress.ts";

const none = { lastPracticeDate: null, streak: 0, longest: 0, lastRestDay: null };
const fourteen = (start: string, done: number[] = []) =>
  programmeDays(start).map((day, index) => ({ date: day.date, completed: done.includes(index + 1) }));

describe("a programme day opens on its date", () => {
  it("is open today and before, never ahead", () => {
    expect(dayIsOpen("2026-11-21", "2026-11-21")).toBe(true);
    expect(dayIsOpen("2026-11-20", "2026-11-21")).toBe(true);
    expect(dayIsOpen("2026-11-22", "2026-11-21")).toBe(false);
    expect(opensOn("2026-12-31")).toBe("Opens on Thursday 31 December");
  });

  it("counts only the ticked days whose day has come", () => {
    const days = fourteen("2026-11-20", [1, 2, 5]);
    expect(programmeDaysDone(days, "2026-11-21")).toBe(2);
    expect(programmeDaysDone(days, "2026-11-24")).toBe(3);
  });
});

describe("sessions finished and tracks listened", () => {
  it("counts each programme day practised, and each other track finished in her library", () => {
    const finished = [
      { trackId: "affirmations-purpose", week: 1 },
      { trackId: "affirmations-purpose", week: 0 }, // the same practice, ticked in her library: once
      { trackId: "affirmations-2", week: 1 },
      { trackId: "fear-release", week: 0 }, // listened in her library alone
    ];
    expect(sessionsFinished(finished)).toBe(3);
    expect(tracksListened(finished)).toEqual(["affirmations-purpose", "fear-release"]);
  });

  it("counts a practice before her programme, which has no day, by its track in her library", () => {
    expect(sessionsFinished([{ trackId: "prepare-for-birth", week: 0 }])).toBe(1);
  });
});

describe("her progress, one set of figures", () => {
  it("after today's practice on the first day: one day done, one session, its track listened, streak 1", () => {
    const progress = progressOf(
      {
        schedule: fourteen("2026-11-21", [1]),
        finished: [
          { trackId: "pregnancy-relaxation", week: 1 },
          { trackId: "pregnancy-relaxation", week: 0 },
        ],
        practice: { lastPracticeDate: "2026-11-21", streak: 1, longest: 1, lastRestDay: null },
      },
      "2026-11-21",
    );
    expect(progress).toEqual({
      programmeDaysDone: 1,
      programmeDays: 14,
      programmeBegun: true,
      sessionsFinished: 1,
      tracksListened: ["pregnancy-relaxation"],
      streak: 1,
      longestStreak: 1,
    });
  });

  it("before her programme: begun only once its first day comes, while her practice counts as sessions and streak", () => {
    const early = {
      schedule: fourteen("2026-12-30"),
      finished: [{ trackId: "prepare-for-birth", week: 0 }],
      practice: { lastPracticeDate: "2026-11-21", streak: 1, longest: 1, lastRestDay: null },
    };
    expect(progressOf(early, "2026-11-21")).toMatchObject({
      programmeDaysDone: 0,
      programmeBegun: false,
      sessionsFinished: 1,
      streak: 1,
    });
    expect(progressOf(early, "2026-12-30").programmeBegun).toBe(true);
    expect(progressOf({ schedule: [], finished: [], practice: none }, "2026-11-21")).toMatchObject({
      programmeDaysDone: 0,
      programmeBegun: false,
      sessionsFinished: 0,
      streak: 0,
    });
  });
});
