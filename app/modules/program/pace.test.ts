import { describe, expect, it } from "vitest";
import { addDays, type CalendarDate } from "#app/modules/calendar/dates.ts";
import {
  earlySessions,
  paceFor,
  rehearsalFrom,
  sessionBeforeProgramme,
  type Pace,
  type PaceInput,
  type PacePhase,
} from "./pace.ts";
import { pregnancyWeek, programmeStart } from "./program.ts";
import { todaysPractice } from "./today.ts";

const PREMIUM = { signedIn: true, hasPremium: true };
const FREE = { signedIn: true, hasPremium: false };
/** A Wednesday. */
const TODAY: CalendarDate = "2026-11-25";

function input(overrides: Partial<PaceInput> & { dueDate: CalendarDate }): PaceInput {
  return { isInduction: false, saved: true, today: TODAY, babyArrived: false, viewer: PREMIUM, ...overrides };
}

const ids = (pace: Pace): string[] => {
  if (pace.phase === "early") return pace.sessions.map((session) => session.track.id);
  if (pace.phase === "late") return pace.essentials.map((track) => track.id);
  if (pace.phase === "maintenance") return pace.suggestion ? [pace.suggestion.id] : [];
  return [];
};

describe("paceFor: her phase, by weeks of pregnancy", () => {
  it.each<{ name: string; week: number; input: PaceInput; phase: PacePhase }>([
    { name: "20 weeks", week: 20, input: input({ dueDate: addDays(TODAY, 140) }), phase: "early" },
    { name: "30 weeks", week: 30, input: input({ dueDate: addDays(TODAY, 70) }), phase: "early" },
    {
      name: "36 weeks, 15 days before the start",
      week: 36,
      input: input({ dueDate: addDays(TODAY, 29) }),
      phase: "early",
    },
    {
      name: "36 weeks, 14 days before the start",
      week: 36,
      input: input({ dueDate: addDays(TODAY, 28) }),
      phase: "programme",
    },
    {
      name: "38 weeks, before the start",
      week: 38,
      input: input({ dueDate: addDays(TODAY, 20) }),
      phase: "programme",
    },
    {
      name: "38 weeks, the first of the 14 days",
      week: 38,
      input: input({ dueDate: addDays(TODAY, 14) }),
      phase: "programme",
    },
    { name: "39 weeks, joined late", week: 39, input: input({ dueDate: addDays(TODAY, 10) }), phase: "late" },
    { name: "40 weeks, joined late", week: 40, input: input({ dueDate: addDays(TODAY, 3) }), phase: "late" },
    {
      name: "40 weeks, on time",
      week: 40,
      input: input({ dueDate: addDays(TODAY, 3), start: addDays(TODAY, -11) }),
      phase: "programme",
    },
    {
      name: "40 weeks, her 14 days done",
      week: 40,
      input: input({ dueDate: addDays(TODAY, 0), start: addDays(TODAY, -14) }),
      phase: "maintenance",
    },
    {
      name: "41 weeks, still waiting",
      week: 41,
      input: input({ dueDate: addDays(TODAY, -7), start: addDays(TODAY, -21) }),
      phase: "maintenance",
    },
    {
      name: "an induction date five weeks away",
      week: 35,
      input: input({ dueDate: addDays(TODAY, 35), isInduction: true }),
      phase: "early",
    },
    {
      name: "an induction date ten days away",
      week: 39,
      input: input({ dueDate: addDays(TODAY, 10), isInduction: true }),
      phase: "late",
    },
    {
      name: "no saved date (the Default Schedule)",
      week: 38,
      input: input({ dueDate: addDays(TODAY, 14), saved: false }),
      phase: "programme",
    },
    {
      name: "her baby has arrived",
      week: 40,
      input: input({ dueDate: addDays(TODAY, 3), babyArrived: true }),
      phase: "postnatal",
    },
  ])("$name → $phase", ({ week, input: given, phase }) => {
    expect(pregnancyWeek(given.dueDate, given.today)).toBe(week);
    expect(paceFor(given).phase).toBe(phase);
  });
});

describe("paceFor: the exact first and last day of each phase", () => {
  // Her programme starts on START and its 14th day is END.
  const START: CalendarDate = "2026-12-14";
  const END = addDays(START, 13);
  it.each<{ name: string; today: CalendarDate; dueDate: CalendarDate; phase: PacePhase }>([
    { name: "the last early day", today: addDays(START, -15), dueDate: addDays(START, 14), phase: "early" },
    {
      name: "the first programme day (14 days before it)",
      today: addDays(START, -14),
      dueDate: addDays(START, 14),
      phase: "programme",
    },
    {
      name: "the day before it starts",
      today: addDays(START, -1),
      dueDate: addDays(START, 14),
      phase: "programme",
    },
    { name: "its first day, ending on the due date", today: START, dueDate: END, phase: "programme" },
    {
      name: "its first day, ending a day past the due date",
      today: START,
      dueDate: addDays(END, -1),
      phase: "late",
    },
    { name: "its last day, late", today: END, dueDate: addDays(START, 3), phase: "late" },
    { name: "its last day, on time", today: END, dueDate: addDays(START, 14), phase: "programme" },
    {
      name: "the first maintenance day",
      today: addDays(END, 1),
      dueDate: addDays(START, 14),
      phase: "maintenance",
    },
    {
      name: "maintenance, a week past the due date",
      today: addDays(END, 22),
      dueDate: addDays(START, 14),
      phase: "maintenance",
    },
  ])("$name → $phase", ({ today, dueDate, phase }) => {
    expect(paceFor(input({ today, dueDate, start: START })).phase).toBe(phase);
  });
});

describe("paceFor: a due date changed mid-programme", () => {
  it.each<{ dueDate: CalendarDate; phase: PacePhase }>([
    { dueDate: addDays(TODAY, 14), phase: "programme" },
    { dueDate: addDays(TODAY, 10), phase: "late" },
    { dueDate: addDays(TODAY, 40), phase: "early" },
  ])("the same today with a due date of $dueDate → $phase", ({ dueDate, phase }) => {
    // Saving a new date lays her 14 days out again from it.
    expect(paceFor(input({ dueDate })).phase).toBe(phase);
  });
});

describe("paceFor: what she is offered, free and premium", () => {
  it.each<{ name: string; given: PaceInput; tracks: string[] }>([
    {
      name: "early, premium: three sessions, the catalogue taking turns",
      given: input({ dueDate: addDays(TODAY, 140) }),
      tracks: ["affirmations-purpose", "affirmations-2", "pregnancy-relaxation"],
    },
    {
      name: "early, free: the Foundation tracks in turn",
      given: input({ dueDate: addDays(TODAY, 140), viewer: FREE }),
      tracks: ["affirmations-purpose", "affirmations-2", "affirmations-purpose"],
    },
    {
      name: "early, premium, the week after: the turn goes on",
      given: input({ dueDate: addDays(TODAY, 140), today: addDays(TODAY, 7) }),
      tracks: ["prepare-for-birth", "fear-release", "breathing-bonding"],
    },
    {
      name: "late, premium: the labour essentials",
      given: input({ dueDate: addDays(TODAY, 6) }),
      tracks: ["practice-contractions", "breathing-bonding", "prepare-for-birth", "affirmations-purpose"],
    },
    {
      name: "late, free: the Foundation tracks stand in",
      given: input({ dueDate: addDays(TODAY, 6), viewer: FREE }),
      tracks: ["affirmations-purpose", "affirmations-2"],
    },
    {
      name: "maintenance, premium, no favourites: the labour set in turn",
      given: input({ dueDate: addDays(TODAY, -7), start: addDays(TODAY, -21) }),
      tracks: ["practice-contractions"],
    },
    {
      name: "maintenance, premium, the next day",
      given: input({ dueDate: addDays(TODAY, -7), start: addDays(TODAY, -21), today: addDays(TODAY, 1) }),
      tracks: ["prepare-for-birth"],
    },
    {
      name: "maintenance with a favourite first in the turn",
      given: input({
        dueDate: addDays(TODAY, -7),
        start: addDays(TODAY, -21),
        favourites: ["pregnancy-relaxation"],
      }),
      tracks: ["affirmations-2"],
    },
    {
      name: "maintenance, free: only what she can play, a locked favourite left out",
      given: input({
        dueDate: addDays(TODAY, -7),
        start: addDays(TODAY, -21),
        viewer: FREE,
        favourites: ["fear-release"],
      }),
      tracks: ["affirmations-purpose"],
    },
  ])("$name", ({ given, tracks }) => {
    expect(ids(paceFor(given))).toEqual(tracks);
  });

  it("never offers a free member a track she cannot play", () => {
    for (let offset = -30; offset <= 200; offset += 1) {
      const pace = paceFor(
        input({ dueDate: addDays(TODAY, offset), viewer: FREE, favourites: ["fear-release"] }),
      );
      for (const id of ids(pace)) expect(["affirmations-purpose", "affirmations-2"]).toContain(id);
    }
  });
});

describe("paceFor: the early plan", () => {
  it("lays this week's sessions on Monday, Wednesday and Saturday, today's among them", () => {
    const pace = paceFor(input({ dueDate: addDays(TODAY, 140) }));
    expect(pace.phase).toBe("early");
    if (pace.phase !== "early") return;
    expect(pace.sessions.map((session) => session.date)).toEqual(["2026-11-23", "2026-11-25", "2026-11-28"]);
    expect(pace.today).toEqual(pace.sessions[1]);
    expect(pace.programmeStartsOn).toBe(addDays(TODAY, 126));
  });

  it('is an invitation until she chooses "Start gently now", and hers once she has', () => {
    expect(paceFor(input({ dueDate: addDays(TODAY, 140) }))).toMatchObject({ phase: "early", chosen: false });
    expect(paceFor(input({ dueDate: addDays(TODAY, 140), earlyPlanChosen: true }))).toMatchObject({
      phase: "early",
      chosen: true,
    });
    // Chosen or not, it ends where the programme begins: the fourteen days stay as they are.
    expect(paceFor(input({ dueDate: addDays(TODAY, 20), earlyPlanChosen: true })).phase).toBe("programme");
  });

  it("has no session today on a Tuesday, and leads into her saved start", () => {
    const pace = paceFor(input({ dueDate: "2027-03-01", start: "2027-02-15", today: "2026-11-24" }));
    expect(pace).toMatchObject({ phase: "early", today: null, programmeStartsOn: "2027-02-15" });
  });
});

describe("paceFor: stability", () => {
  it.each([
    input({ dueDate: addDays(TODAY, 140) }),
    input({ dueDate: addDays(TODAY, 140), viewer: FREE }),
    input({ dueDate: addDays(TODAY, 6) }),
    input({ dueDate: addDays(TODAY, -7), start: addDays(TODAY, -21), favourites: ["fear-release"] }),
  ])("the same inputs give the same answer (%#)", (given) => {
    expect(paceFor({ ...given })).toEqual(paceFor({ ...given }));
  });

  it("gives every day of a week the same sessions", () => {
    const monday = paceFor(input({ dueDate: addDays(TODAY, 140), today: "2026-11-23" }));
    const sunday = paceFor(input({ dueDate: addDays(TODAY, 140), today: "2026-11-29" }));
    expect(monday.phase === "early" && monday.sessions).toEqual(sunday.phase === "early" && sunday.sessions);
  });
});

describe("before her programme, a member with the Complete Course practises with it", () => {
  // Due in 53 days: 33 weeks, her programme starting in 39 days.
  const due = addDays(TODAY, 53);
  const start = programmeStart(due, TODAY);

  it("places 34 weeks where pregnancyWeek does", () => {
    expect(pregnancyWeek(due, rehearsalFrom(start))).toBe(34);
    expect(pregnancyWeek(due, addDays(rehearsalFrom(start), -1))).toBe(33);
  });

  it("plays the early plan's session on its day, Prepare for Birth on the others from 34 weeks, and never only the free tracks", () => {
    // An early plan day from the Complete Course plays its session.
    const planDays = Array.from({ length: 14 }, (_, i) => addDays(TODAY, i)).flatMap((day) =>
      earlySessions(PREMIUM, day).filter((s) => s.date === day && s.track.courseTier === "preparation"),
    );
    expect(planDays.length).toBeGreaterThan(0);
    for (const session of planDays) {
      expect(sessionBeforeProgramme(PREMIUM, session.date, start)?.id).toBe(session.track.id);
    }
    // Every day before 34 weeks, a Complete Course session, never a free one.
    const thursday = addDays(TODAY, 1);
    for (const day of [TODAY, thursday]) {
      expect(todaysPractice(start, day, PREMIUM)).toMatchObject({
        where: { status: "upcoming" },
        track: { courseTier: "preparation" },
      });
    }
    // Thursday a week on, at 34 weeks: Prepare for Birth.
    expect(sessionBeforeProgramme(PREMIUM, addDays(thursday, 7), start)?.id).toBe("prepare-for-birth");
    expect(todaysPractice(start, addDays(thursday, 7), PREMIUM).track.id).toBe("prepare-for-birth");
  });

  it("gives a free member the free tracks, as before", () => {
    expect(todaysPractice(start, addDays(TODAY, 8), FREE).track.courseTier).toBe("foundation");
  });

  it("tells her in the early plan when Prepare for Birth most days begins", () => {
    const pace = paceFor(input({ dueDate: due }));
    expect(pace).toMatchObject({
      phase: "early",
      rehearsal: { from: rehearsalFrom(start), begun: false, track: { id: "prepare-for-birth" } },
    });
    const free = paceFor(input({ dueDate: due, viewer: FREE }));
    expect(free).toMatchObject({ rehearsal: { track: null } });
  });
});
