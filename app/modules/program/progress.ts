import { formatLongDate, type CalendarDate } from "#app/modules/calendar/dates.ts";
import { currentStreak, type StreakState } from "./practice.ts";
import { PROGRAMME_LENGTH_DAYS } from "./program.ts";

/**
 * Her progress, in one place: every page that shows a figure of her practice
 * (her dashboard, the programme page, her profile and its achievements, her
 * partner's dashboard, the share link, the studio) takes it from here, so no
 * two pages can count differently. Three counters, each named for what it
 * counts, so one is never shown as another:
 *
 * - **Programme days done** (`programmeDaysDone`, of `PROGRAMME_LENGTH_DAYS`):
 *   days of her fourteen ticked, by "Mark as Complete" on that day or by the
 *   day's own box. A day opens on its date: one still to come can't be done.
 * - **Sessions finished** (`sessionsFinished`): the sessions she has finished,
 *   each programme day practised (its own session, even when the day has
 *   since moved with her date) and each other track finished or ticked as
 *   listened in her library. A day's practice also ticks its track in her
 *   library; that track counts once, as the day. Her achievements count these.
 * - **Tracks listened** (`tracksListened`): which of the catalogue's tracks
 *   she has finished or ticked ("Audio progress" on her dashboard), one tick
 *   per track, however often.
 *
 * Beside them, the streak (practice.ts): days practised in a row, which counts
 * every day she marks practice complete, before her programme as within it.
 */

/** A day of her fourteen, as her progress needs it. */
export interface ProgressDay {
  date: CalendarDate;
  completed: boolean;
}

/** A finished session as stored: a programme day's (week and day) or her library's (week 0). */
export interface FinishedSession {
  trackId: string;
  /** 0 for her library; 1 or 2 for a programme day. */
  week: number;
}

export interface ProgressFacts {
  /** Her fourteen days (the programme's `schedule`). */
  schedule: readonly ProgressDay[];
  finished: readonly FinishedSession[];
  practice: StreakState;
}

export interface Progress {
  programmeDaysDone: number;
  programmeDays: number;
  /** Her fourteen days have begun: the first is today or before, or she has done one. */
  programmeBegun: boolean;
  sessionsFinished: number;
  tracksListened: string[];
  /** Days practised in a row as it stands today (0 once it has ended). */
  streak: number;
  longestStreak: number;
}

/** A day opens on its date: it can be done on her today or after, never before. */
export function dayIsOpen(date: CalendarDate, today: CalendarDate): boolean {
  return date <= today;
}

/** "Opens on Monday 5 January": what a day still to come says in place of its box. */
export function opensOn(date: CalendarDate): string {
  return `Opens on ${formatLongDate(date)}`;
}

/** The days of her fourteen that are done: ticked, and open (a day to come is never done). */
export function programmeDaysDone(days: readonly ProgressDay[], today: CalendarDate): number {
  return days.filter((day) => day.completed && dayIsOpen(day.date, today)).length;
}

/** Sessions finished: each programme day practised, and each other track finished in her library. */
export function sessionsFinished(finished: readonly FinishedSession[]): number {
  const practisedInProgramme = new Set(finished.filter((row) => row.week > 0).map((row) => row.trackId));
  const programmeDays = finished.filter((row) => row.week > 0).length;
  const libraryOnly = finished.filter((row) => row.week === 0 && !practisedInProgramme.has(row.trackId));
  return programmeDays + libraryOnly.length;
}

/** The tracks ticked in "Audio progress": finished or ticked in her library. */
export function tracksListened(finished: readonly FinishedSession[]): string[] {
  return [...new Set(finished.filter((row) => row.week === 0).map((row) => row.trackId))];
}

export function progressOf(facts: ProgressFacts, today: CalendarDate): Progress {
  const done = programmeDaysDone(facts.schedule, today);
  const first = facts.schedule[0];
  return {
    programmeDaysDone: done,
    programmeDays: PROGRAMME_LENGTH_DAYS,
    programmeBegun: done > 0 || (first !== undefined && dayIsOpen(first.date, today)),
    sessionsFinished: sessionsFinished(facts.finished),
    tracksListened: tracksListened(facts.finished),
    streak: currentStreak(facts.practice, today),
    longestStreak: facts.practice.longest,
  };
}
