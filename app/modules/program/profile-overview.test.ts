import { describe, expect, it } from "vitest";
import { profileJourney } from "./profile-overview.ts";

const programme = {
  dueDate: "2026-12-14",
  isInduction: false,
  hasSavedDate: true,
  schedule: [
    { date: "2026-11-20", completed: true },
    { date: "2026-11-21", completed: false },
  ],
  finished: [
    "fear-release",
    "prepare-for-birth",
    "affirmations-2",
    "affirmations-purpose",
    "breathing-bonding",
  ].map((trackId) => ({ trackId, week: 0 })),
  practice: { lastPracticeDate: "2026-11-20", streak: 3, longest: 8, lastRestDay: null },
  hideStreaks: false,
  baby: null,
};

describe("profileJourney", () => {
  it("names the saved due date, and counts her practice up to today", () => {
    expect(profileJourney(programme, "2026-11-21")).toEqual({
      date: { label: "Due date", text: "Monday 14 December" },
      stats: {
        sessionsFinished: 5,
        programmeDaysDone: 1,
        streak: 3,
        longestStreak: 8,
        pregnancyWeek: 37,
        weeksRemaining: 3,
        baby: null,
      },
      achievements: [
        expect.objectContaining({ id: "first-listen", unlocked: true }),
        expect.objectContaining({ id: "five-complete", unlocked: true }),
        expect.objectContaining({ id: "all-mastered", unlocked: false }),
        expect.objectContaining({ id: "seven-day-streak", unlocked: true }),
      ],
    });
  });

  it("says when the date is an induction, or the default until she saves one", () => {
    expect(profileJourney({ ...programme, isInduction: true }, "2026-11-21").date.label).toBe(
      "Induction date",
    );
    expect(profileJourney({ ...programme, hasSavedDate: false }, "2026-11-21").date.text).toBe(
      "Monday 14 December (Default Schedule)",
    );
  });

  it("keeps the current streak through one missed day (a rest day), but not two; and keeps the longest", () => {
    expect(profileJourney(programme, "2026-11-22").stats.streak).toBe(3);
    const { stats } = profileJourney(programme, "2026-11-23");
    expect(stats.streak).toBe(0);
    expect(stats.longestStreak).toBe(8);
  });

  it("shows no streak figure and no streak achievement when she hides streaks", () => {
    const journey = profileJourney({ ...programme, hideStreaks: true }, "2026-11-21");
    expect(journey.stats).toMatchObject({ streak: null, longestStreak: null, sessionsFinished: 5 });
    expect(journey.achievements.map((item) => item.id)).toEqual([
      "first-listen",
      "five-complete",
      "all-mastered",
    ]);
  });

  it("once her baby has arrived, shows the baby's age and no streak, as Hide streaks does", () => {
    const journey = profileJourney(
      { ...programme, baby: { bornOn: "2026-11-20", name: "Ada" } },
      "2026-11-25",
    );
    expect(journey.stats).toMatchObject({
      streak: null,
      longestStreak: null,
      sessionsFinished: 5,
      baby: { age: "5 days old", bornOn: "Friday 20 November" },
    });
    expect(journey.achievements.map((item) => item.id)).not.toContain("seven-day-streak");
  });
});
