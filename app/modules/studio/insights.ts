import type { CalendarDate } from "#app/modules/calendar/dates.ts";

/**
 * The insights page's arithmetic, pure: the weeks an aggregate left out put
 * back as zeros, shares, and where the programme loses the most people. The
 * weeks themselves are the studio's figures' (figures.ts, `studioWeeks`); the
 * counting is SQL's ([insights.server.ts](insights.server.ts)).
 */

/**
 * One row per week in `weeks`, in their order: the aggregate's row for the
 * week, or `empty` where it had none (a week with nothing to count has no
 * group). Rows for weeks outside `weeks` are left out.
 */
export function fillWeeks<T extends { week: CalendarDate }>(
  weeks: readonly CalendarDate[],
  rows: readonly T[],
  empty: (week: CalendarDate) => T,
): T[] {
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  return weeks.map((week) => byWeek.get(week) ?? empty(week));
}

/** `part` of `whole` as a fraction from 0 to 1; null when there is no whole to take a share of. */
export function share(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** A share as a whole percentage, "42%"; "–" when there is none. */
export function formatShare(value: number | null): string {
  return value === null ? "–" : `${Math.round(value * 100)}%`;
}

export interface Drop {
  /** The day the share fell to. */
  day: number;
  /** The day before's share, and this day's (0 to 1). */
  from: number;
  to: number;
  /** How far it fell, in percentage points, rounded to one decimal. */
  points: number;
}

/**
 * The biggest fall in share from one day to the next, at the day it fell to;
 * the earliest of equal falls. Days with no share (no one has reached them)
 * are skipped over, comparing the days either side. Null when the share never falls.
 */
export function biggestDrop(days: readonly { day: number; share: number | null }[]): Drop | null {
  let biggest: Drop | null = null;
  let previous: { day: number; share: number } | null = null;
  for (const { day, share: value } of days) {
    if (value === null) continue;
    if (previous && value < previous.share) {
      const fall = previous.share - value;
      if (!biggest || fall > biggest.from - biggest.to + 1e-12) {
        biggest = { day, from: previous.share, to: value, points: Math.round(fall * 1000) / 10 };
      }
    }
    previous = { day, share: value };
  }
  return biggest;
}

/**
 * The items with the highest and with the lowest `value` (all of them when
 * several tie), in their given order. Both empty when there are no items.
 */
export function extremes<T>(items: readonly T[], value: (item: T) => number): { most: T[]; least: T[] } {
  if (items.length === 0) return { most: [], least: [] };
  const values = items.map(value);
  const high = Math.max(...values);
  const low = Math.min(...values);
  return {
    most: items.filter((_, index) => values[index] === high),
    least: items.filter((_, index) => values[index] === low),
  };
}

const WEEK_LABEL = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const WEEK_LABEL_LONG = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** A week by its Monday: "6 Oct" (short, for an axis) or "6 Oct 2025". */
export function weekLabel(week: CalendarDate, { long = false } = {}): string {
  return (long ? WEEK_LABEL_LONG : WEEK_LABEL).format(new Date(`${week}T00:00:00Z`));
}
