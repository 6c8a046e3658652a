import { findTrack } from "#app/modules/catalogue/tracks.ts";
import { addDays, daysBetween, isCalendarDate, type CalendarDate } from "#app/modules/calendar/dates.ts";

/**
 * The two-week preparation programme, pure: given the due date and the
 * member's today, when it starts, where they are in it, and what each day holds.
 */
export const PROGRAMME_LENGTH_DAYS = 14;

/**
 * Each day's track, by week. Where the product's schedule and its list of audios by day
 * disagree (week 1, days 4 and 5), the audio list wins; a day's label is its track's title.
 */
export const PROGRAMME_TRACKS: readonly (readonly string[])[] = [
  [
    "pregnancy-relaxation",
    "prepare-for-birth",
    "practice-contractions",
    "affirmations-purpose",
    "affirmations-2",
    "prepare-for-birth",
    "fear-release",
  ],
  [
    "prepare-for-birth",
    "practice-contractions",
    "prepare-for-birth",
    "fear-release",
    "prepare-for-birth",
    "breathing-bonding",
    "prepare-for-birth",
  ],
];

export interface ProgrammeDay {
  week: 1 | 2;
  /** 1–7 within the week. */
  day: number;
  trackId: string;
  /** The activity's label: its track's title. */
  activity: string;
  date: CalendarDate;
}

/** Two weeks before the due date, or today if the due date is within two weeks (or past). */
export function programmeStart(dueDate: CalendarDate, today: CalendarDate): CalendarDate {
  const twoWeeksBefore = addDays(dueDate, -PROGRAMME_LENGTH_DAYS);
  return daysBetween(today, twoWeeksBefore) < 0 ? today : twoWeeksBefore;
}

/** With no date saved, the programme assumes a due date two weeks from today. */
export function defaultDueDate(today: CalendarDate): CalendarDate {
  return addDays(today, PROGRAMME_LENGTH_DAYS);
}

/** Week 1 or 2: before the start counts as week 1, after the end as week 2. */
export function currentWeek(start: CalendarDate, today: CalendarDate): 1 | 2 {
  return daysBetween(start, today) >= 7 ? 2 : 1;
}

export function programmeDays(start: CalendarDate): ProgrammeDay[] {
  return Array.from({ length: PROGRAMME_LENGTH_DAYS }, (_, index) => programmeDay(start, index));
}

/** The programme's day `index` (0 to 13) for a programme that starts on `start`. */
function programmeDay(start: CalendarDate, index: number): ProgrammeDay {
  const weekIndex = Math.floor(index / 7);
  const trackId = PROGRAMME_TRACKS[weekIndex]![index % 7]!;
  return {
    week: (weekIndex + 1) as 1 | 2,
    day: (index % 7) + 1,
    trackId,
    activity: findTrack(trackId)?.title ?? trackId,
    date: addDays(start, index),
  };
}

export type TodayInProgramme =
  | { status: "upcoming"; startsInDays: number; first: ProgrammeDay }
  | { status: "active"; day: ProgrammeDay }
  | { status: "finished"; last: ProgrammeDay };

/** Where today falls in the programme; only the day it names is worked out (every portal page asks). */
export function todayInProgramme(start: CalendarDate, today: CalendarDate): TodayInProgramme {
  const offset = daysBetween(start, today);
  if (offset < 0) return { status: "upcoming", startsInDays: -offset, first: programmeDay(start, 0) };
  if (offset >= PROGRAMME_LENGTH_DAYS) {
    return { status: "finished", last: programmeDay(start, PROGRAMME_LENGTH_DAYS - 1) };
  }
  return { status: "active", day: programmeDay(start, offset) };
}

/**
 * The week of pregnancy the member is in: 40 minus the whole weeks remaining
 * (due in 3 weeks → 37).
 */
export function pregnancyWeek(dueDate: CalendarDate, today: CalendarDate): number {
  const wholeWeeksRemaining = Math.trunc(daysBetween(today, dueDate) / 7);
  return Math.min(42, Math.max(0, 40 - wholeWeeksRemaining));
}

/** The whole weeks left until the due date (0 in the last week and after). */
export function weeksRemaining(dueDate: CalendarDate, today: CalendarDate): number {
  return Math.max(0, Math.floor(daysBetween(today, dueDate) / 7));
}

export function daysUntil(dueDate: CalendarDate, today: CalendarDate): number {
  return daysBetween(today, dueDate);
}

/** Completed over total, rounded; an empty list is 0%. */
export function progressPercent(completed: number, total: number): number {
  return total === 0 ? 0 : Math.round((completed / total) * 100);
}

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

export const INLINE_DATE_ERROR = "Please enter a valid date (e.g., 14/Nov)";

/**
 * The profile's quick date entry: one or two digits, a slash, a month name
 * (abbreviated or full) — '14/Nov', '3/september'. A date already past moves
 * to next year. It is kept as a calendar date, with no time of day (not noon
 * on that day), so no time zone can move it.
 */
export function parseInlineDate(
  text: string,
  today: CalendarDate,
): { ok: true; date: CalendarDate } | { ok: false; error: string } {
  const match = /^\s*(\d{1,2})\s*\/\s*([a-z]+)\.?\s*$/i.exec(text);
  if (!match) return { ok: false, error: INLINE_DATE_ERROR };
  const day = Number(match[1]);
  const word = match[2]!.toLowerCase();
  const monthIndex = MONTHS.findIndex((month) => word.length >= 3 && month.startsWith(word));
  if (monthIndex < 0 || day < 1) return { ok: false, error: INLINE_DATE_ERROR };
  const year = Number(today.slice(0, 4));
  // This year's date, or, once past, the next year that has it (29 February waits for a leap year).
  for (let next = year; next <= year + 4; next += 1) {
    const date = `${next}-${String(monthIndex + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    if (isCalendarDate(date) && daysBetween(today, date) >= 0) return { ok: true, date };
  }
  return { ok: false, error: INLINE_DATE_ERROR };
}

/** The onboarding picker: today up to 365 days ahead. */
export function onboardingRange(today: CalendarDate): { min: CalendarDate; max: CalendarDate } {
  return { min: today, max: addDays(today, 365) };
}

export function isWithinOnboardingRange(date: CalendarDate, today: CalendarDate): boolean {
  const { min, max } = onboardingRange(today);
  return isCalendarDate(date) && daysBetween(min, date) >= 0 && daysBetween(date, max) >= 0;
}
