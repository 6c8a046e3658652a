import { describe, expect, it } from "vitest";
import {
  calendarDays,
  escapeText,
  foldLine,
  practiceCalendar,
  type CalendarDay,
  type CalendarDaysInput,
  type PracticeCalendarInput,
} from "./calendar-feed.ts";

const PREMIUM = { signedIn: true, hasPremium: true };
const FREE = { signedIn: true, hasPremium: false };

const octets = (text: string) => new TextEncoder().encode(text).length;
/** The content lines as a calendar app reads them: folds undone. */
const unfolded = (ics: string) => ics.replaceAll("\r\n ", "").split("\r\n");
const events = (ics: string) =>
  ics
    .replaceAll("\r\n ", "")
    .split("BEGIN:VEVENT\r\n")
    .slice(1)
    .map((block) =>
      Object.fromEntries(
        block
          .split("\r\n")
          .filter((line) => line && line !== "END:VEVENT" && line !== "END:VCALENDAR")
          .map((line) => {
            const colon = line.indexOf(":");
            return [line.slice(0, colon), line.slice(colon + 1)];
          }),
      ),
    );

const feed = (overrides: Partial<PracticeCalendarInput> = {}) =>
  practiceCalendar({
    days: [{ date: "2026-11-21", title: "Day 1 of your programme: Relax", description: "Breathe." }],
    time: "20:00",
    timeZone: "Europe/London",
    memberKey: "k3y",
    now: new Date("2026-11-25T21:00:00.123Z"),
    baseUrl: "https://tidewell.example",
    ...overrides,
  });

describe("practiceCalendar", () => {
  it("is an iCalendar a calendar app subscribes to: CRLF lines, one event a day with a link to her programme", () => {
    const ics = feed();
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    expect(unfolded(ics).slice(0, 9)).toEqual([
      "BEGIN:VCALENDAR",
      "PRODID:-//Tidewell//Practice//EN",
      "VERSION:2.0",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "X-WR-CALNAME:Tidewell practice",
      "X-WR-CALDESC:Your practice days from Tidewell\\, at your time.",
      "REFRESH-INTERVAL;VALUE=DURATION:PT12H",
      "X-PUBLISHED-TTL:PT12H",
    ]);
    expect(unfolded(ics).at(-2)).toBe("END:VCALENDAR");
    expect(events(ics)).toEqual([
      {
        UID: "practice-20261121-k3y@tidewell.example",
        DTSTAMP: "20261125T210000Z",
        DTSTART: "20261121T200000Z",
        DTEND: "20261121T202000Z",
        SUMMARY: "Day 1 of your programme: Relax",
        DESCRIPTION: "Breathe.\\n\\nOpen your practice: https://tidewell.example/portal/program",
        URL: "https://tidewell.example/portal/program",
        TRANSP: "TRANSPARENT",
      },
    ]);
  });

  it("keeps 20:00 in London at 20:00 local either side of the clock change (25 October 2026)", () => {
    const days: CalendarDay[] = ["2026-10-24", "2026-10-25", "2026-10-26"].map((date) => ({
      date,
      title: "Practice",
      description: "",
    }));
    const starts = events(feed({ days })).map((event) => [event.DTSTART, event.DTEND]);
    expect(starts).toEqual([
      ["20261024T190000Z", "20261024T192000Z"],
      ["20261025T200000Z", "20261025T202000Z"],
      ["20261026T200000Z", "20261026T202000Z"],
    ]);
  });

  it("places her time in her own zone", () => {
    const [event] = events(feed({ time: "07:30", timeZone: "America/New_York" }));
    expect(event?.DTSTART).toBe("20261121T123000Z");
  });

  it("gives each day a UID that stays the same for her and that day, whatever else changes", () => {
    const one = events(feed())[0]!.UID;
    const again = events(
      feed({
        now: new Date("2026-12-01T08:00:00Z"),
        time: "07:00",
        days: [{ date: "2026-11-21", title: "Something else", description: "Changed" }],
      }),
    )[0]!.UID;
    expect(again).toBe(one);
    const otherDay = events(feed({ days: [{ date: "2026-11-22", title: "x", description: "" }] }))[0]!.UID;
    const otherMember = events(feed({ memberKey: "another" }))[0]!.UID;
    expect(new Set([one, otherDay, otherMember]).size).toBe(3);
  });

  it("escapes text and folds long lines at 75 octets without splitting a character", () => {
    const title = "Día 3; «respira», \\ con calma 🌊🌊🌊 — ".repeat(4);
    const ics = feed({ days: [{ date: "2026-11-21", title, description: "Line one\nLine two\r\nThree" }] });
    for (const line of ics.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
    // Each physical line is whole UTF-8: no replacement character when read on its own.
    const bytes = new TextEncoder().encode(ics);
    expect(new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toBe(ics);
    for (const line of ics.split("\r\n")) expect(line).not.toContain("\uFFFD");
    const [event] = events(ics);
    expect(event?.SUMMARY).toBe(escapeText(title));
    expect(event?.DESCRIPTION).toMatch(/^Line one\\nLine two\\nThree\\n\\nOpen your practice: /);
  });
});

describe("escapeText", () => {
  it.each([
    ["plain", "plain"],
    ["a, b; c", "a\\, b\\; c"],
    ["back\\slash", "back\\\\slash"],
    ["one\ntwo\r\nthree\rfour", "one\\ntwo\\nthree\\nfour"],
    ["tab\tand bell\u0007", "tab\tand bell"],
    ["\\,", "\\\\\\,"],
  ])("%j is written %j", (text, written) => {
    expect(escapeText(text)).toBe(written);
  });
});

describe("foldLine", () => {
  it("leaves a line of 75 octets whole", () => {
    const line = "X".repeat(75);
    expect(foldLine(line)).toBe(line);
  });

  it("folds at 75 octets, continuations counting their space", () => {
    const folded = foldLine("A".repeat(200));
    const parts = folded.split("\r\n");
    expect(parts.map(octets)).toEqual([75, 75, 52]);
    expect(parts.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(folded.replaceAll("\r\n ", "")).toBe("A".repeat(200));
  });

  it("never splits a multi-byte character, nor an emoji's surrogate pair", () => {
    for (const filler of ["é", "€", "🌊"]) {
      for (let lead = 0; lead < 4; lead += 1) {
        const line = "S".repeat(lead) + filler.repeat(60);
        const folded = foldLine(line);
        const parts = folded.split("\r\n");
        for (const part of parts) {
          expect(octets(part)).toBeLessThanOrEqual(75);
          // A lone surrogate would be encoded as U+FFFD.
          expect(new TextDecoder().decode(new TextEncoder().encode(part))).toBe(part);
          expect(part).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
        }
        expect(folded.replaceAll("\r\n ", "")).toBe(line);
      }
    }
  });
});

describe("calendarDays", () => {
  const base: CalendarDaysInput = {
    dueDate: "2026-12-05",
    isInduction: false,
    start: "2026-11-21",
    today: "2026-11-25",
    babyBornOn: null,
    viewer: PREMIUM,
    earlyPlan: true,
  };
  const dates = (input: Partial<CalendarDaysInput>) => calendarDays({ ...base, ...input }).map((d) => d.date);
  const range = (from: string, count: number) =>
    Array.from({ length: count }, (_, i) =>
      new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    );
  // 2026-11-25 is a Wednesday. Due 15 February 2027: the programme starts on 1 February, and
  // the early plan is offered while a day is more than 14 days before it (to 17 January).
  const EARLY_SESSIONS = range("2026-11-23", 8 * 7).filter((date) =>
    [1, 3, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()),
  );

  it.each<[string, Partial<CalendarDaysInput>, string[]]>([
    ["no saved date: nothing to place in a calendar", { dueDate: null, start: null }, []],
    ["the fourteen days, past ones too", {}, range("2026-11-21", 14)],
    [
      "an induction date is her date, as everywhere",
      { dueDate: "2026-12-10", isInduction: true, start: "2026-11-26" },
      range("2026-11-26", 14),
    ],
    [
      "no saved start: the one her date implies",
      { dueDate: "2026-12-20", start: null, today: "2026-11-25" },
      range("2026-12-06", 14),
    ],
    [
      "early: this week's sessions (Monday on) while the plan is offered, then the fourteen days",
      { dueDate: "2027-02-15", start: "2027-02-01" },
      [...EARLY_SESSIONS, ...range("2027-02-01", 14)],
    ],
    [
      'early, without "Start gently now": only the fourteen days',
      { dueDate: "2027-02-15", start: "2027-02-01", earlyPlan: false },
      range("2027-02-01", 14),
    ],
    [
      "within 14 days of the start: no early sessions",
      { dueDate: "2026-12-20", start: "2026-12-06", today: "2026-11-23" },
      range("2026-12-06", 14),
    ],
    ["her baby born: only the days before the birth", { babyBornOn: "2026-12-01" }, range("2026-11-21", 10)],
    [
      "her baby born while she was early: nothing after",
      { dueDate: "2027-02-15", start: "2027-02-01", babyBornOn: "2026-11-20" },
      [],
    ],
    [
      "a late joiner long past her date: nothing after due date + 14 days",
      { dueDate: "2026-11-01", start: "2026-11-10", today: "2026-11-12" },
      range("2026-11-10", 6),
    ],
  ])("%s", (_name, input, expected) => {
    expect(dates(input)).toEqual(expected);
  });

  it("names each programme day and its track, and the early sessions as a gentle start", () => {
    const days = calendarDays({ ...base, dueDate: "2027-02-15", start: "2027-02-01" });
    expect(days.find((day) => day.date === "2027-02-01")).toEqual({
      date: "2027-02-01",
      title: "Day 1 of your programme: Pregnancy Relaxation and Wellbeing",
      description:
        "Day 1 of 14: Pregnancy Relaxation and Wellbeing. Find a quiet, comfortable spot for about twenty minutes.",
    });
    expect(days.find((day) => day.date === "2027-02-11")?.title).toBe(
      "Day 11 of your programme: Fear Release",
    );
    const early = days[0]!;
    expect(early.date).toBe("2026-11-23");
    expect(early.title).toMatch(/^A gentle start: /);
    expect(early.description).toContain("Your two-week programme starts on Monday 1 February.");
  });

  it("offers a free member the Foundation track for a Complete Course day, and only Foundation tracks early", () => {
    const days = calendarDays({ ...base, viewer: FREE });
    expect(days[2]).toMatchObject({ title: "Day 3 of your programme: Practice Contractions" });
    expect(days[2]!.description).toMatch(/It's in the Complete Course: practise with .+ today/);
    // Day 4 is a Foundation track: hers to play.
    expect(days[3]!.title).toBe("Day 4 of your programme: Affirmations One");
    expect(days[3]!.description).not.toContain("Complete Course");
    const early = calendarDays({ ...base, viewer: FREE, dueDate: "2027-02-15", start: "2027-02-01" }).filter(
      (day) => day.title.startsWith("A gentle start"),
    );
    expect(new Set(early.map((day) => day.title))).toEqual(
      new Set(["A gentle start: Affirmations One", "A gentle start: Affirmations Two"]),
    );
  });
});
