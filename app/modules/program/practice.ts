import { addDays, daysBetween, isCalendarDate, type CalendarDate } from "#app/modules/calendar/dates.ts";
import { countOf } from "#app/modules/words/plural.ts";

/**
 * Streaks, badges and achievements. A completed day right after the last one
 * adds 1; one missed day can be a rest day, which keeps the streak going; more
 * start again at 1; the longest streak is kept. Dates are the member's
 * calendar days in her time zone, never the server's.
 */

export interface StreakState {
  lastPracticeDate: CalendarDate | null;
  streak: number;
  longest: number;
  /** Her last rest day: a missed day that kept her streak going. */
  lastRestDay: CalendarDate | null;
}

/**
 * Rest days are at least this many days apart: one a week, kept for her
 * automatically, so one missed day never undoes a run of practice.
 */
export const REST_DAY_EVERY = 7;

/** Whether `missed` can be a rest day: she had none in the 6 days before it. */
function restDayFree(lastRestDay: CalendarDate | null, missed: CalendarDate): boolean {
  return lastRestDay === null || daysBetween(lastRestDay, missed) >= REST_DAY_EVERY;
}

/**
 * The rest day a practice on `day` would use: the day before it, when that is
 * the one day missed since her last practice and a rest day is free for it;
 * otherwise null (no day missed, or two or more).
 */
export function restDayFor(state: StreakState, day: CalendarDate): CalendarDate | null {
  if (state.lastPracticeDate === null || state.lastPracticeDate !== addDays(day, -2)) return null;
  const missed = addDays(day, -1);
  return restDayFree(state.lastRestDay, missed) ? missed : null;
}

/**
 * Completing the daily practice on `day` (in the member's time zone):
 * consecutive days add one; one missed day with a rest day free becomes her
 * rest day and the streak goes on (+1 for the day practised, nothing for the
 * rest day); otherwise a missed day starts again at 1. The same day twice
 * counts once. A day before the last one practised (sent late from
 * another device) leaves the streak as it is: only the last day and its run
 * are kept, so an earlier day can't be placed in it.
 */
export function practise(
  state: StreakState,
  day: CalendarDate,
): StreakState & { counted: boolean; continued: boolean; restDay: CalendarDate | null } {
  if (state.lastPracticeDate !== null && day <= state.lastPracticeDate) {
    return { ...state, counted: false, continued: false, restDay: null };
  }
  const restDay = restDayFor(state, day);
  const continued = state.lastPracticeDate === addDays(day, -1) || restDay !== null;
  const streak = continued ? state.streak + 1 : 1;
  return {
    lastPracticeDate: day,
    streak,
    longest: Math.max(state.longest, streak),
    lastRestDay: restDay ?? state.lastRestDay,
    counted: true,
    continued,
    restDay,
  };
}

/**
 * How late a day's practice may arrive, in days: her device keeps a practice
 * made with no signal and sends it when the connection returns, and a week
 * covers a stay in hospital without reopening the app.
 */
const LATE_PRACTICE_DAYS = 7;

/** A day a practice may be counted for: her today, or one of the LATE_PRACTICE_DAYS before it; never a day ahead. */
export function isPractiseDay(day: string, today: CalendarDate): day is CalendarDate {
  if (!isCalendarDate(day)) return false;
  const late = daysBetween(day, today);
  return late >= 0 && late <= LATE_PRACTICE_DAYS;
}

/**
 * The streak as it stands today: it survives until the end of the day after
 * the last practice, and a day longer when a rest day is free for the day
 * missed (practising today keeps it; another missed day ends it).
 */
export function currentStreak(state: StreakState, today: CalendarDate): number {
  if (state.lastPracticeDate === today || state.lastPracticeDate === addDays(today, -1)) return state.streak;
  return restDayFor(state, today) === null ? 0 : state.streak;
}

function practisedToday(state: StreakState, today: CalendarDate): boolean {
  return state.lastPracticeDate === today;
}

const STREAK_BADGES = [
  { from: 30, name: "Champion" },
  { from: 21, name: "Strong" },
  { from: 14, name: "Dedicated" },
  { from: 7, name: "Consistent" },
  { from: 3, name: "Growing" },
  { from: 0, name: "Starting" },
] as const;

export type BadgeName = (typeof STREAK_BADGES)[number]["name"];

export function streakBadge(days: number): BadgeName {
  return STREAK_BADGES.find((badge) => days >= badge.from)!.name;
}

/** Share with Partner appears once today is done and the streak is at least this. */
const SHARE_STREAK_THRESHOLD = 3;

export function canSharePartnerLink(state: StreakState, today: CalendarDate): boolean {
  return practisedToday(state, today) && state.streak >= SHARE_STREAK_THRESHOLD;
}

export interface Achievement {
  id: "first-listen" | "five-complete" | "all-mastered" | "seven-day-streak";
  title: string;
  description: string;
  unlocked: boolean;
}

/** First Listen (1+ audios completed), 5 Complete (5+), All Mastered (10+), 7 Day Streak (7+). */
export function achievements(completedAudios: number, longestStreak: number): Achievement[] {
  return [
    {
      id: "first-listen",
      title: "First Listen",
      description: "Complete your first session",
      unlocked: completedAudios >= 1,
    },
    {
      id: "five-complete",
      title: "5 Complete",
      description: "Complete five sessions",
      unlocked: completedAudios >= 5,
    },
    {
      id: "all-mastered",
      title: "All Mastered",
      description: "Complete ten sessions",
      unlocked: completedAudios >= 10,
    },
    {
      id: "seven-day-streak",
      title: "7 Day Streak",
      description: "Practise seven days in a row",
      unlocked: longestStreak >= 7,
    },
  ];
}

/** "1 day", "12 days". */
export function dayCount(days: number): string {
  return countOf(days, "day");
}
