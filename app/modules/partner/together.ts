import { addDays, type CalendarDate } from "#app/modules/calendar/dates.ts";

/**
 * Streaks counted from the days each of the couple finished a listen (each in
 * their own time zone): a partner's own, and the days both practised. A streak
 * runs back from today, or from yesterday while today is still open, so it
 * never reads 0 in the morning of a day not yet practised.
 */
export function dayStreak(days: Iterable<CalendarDate>, today: CalendarDate): number {
  const held = new Set(days);
  let day = held.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (held.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}

/** The days on both lists. */
export function daysTogether(hers: readonly CalendarDate[], theirs: readonly CalendarDate[]): CalendarDate[] {
  const partner = new Set(theirs);
  return hers.filter((day) => partner.has(day));
}

export interface Together {
  /** Consecutive days both listened, up to today (or yesterday). */
  streak: number;
  /** Both have listened today. */
  today: boolean;
}

export function practisedTogether(
  hers: readonly CalendarDate[],
  theirs: readonly CalendarDate[],
  today: CalendarDate,
): Together {
  const both = daysTogether(hers, theirs);
  return { streak: dayStreak(both, today), today: both.includes(today) };
}

/** How far back the streaks are read: long enough for any streak the programme asks for. */
export const STREAK_WINDOW_DAYS = 120;
