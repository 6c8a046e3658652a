/**
 * Calendar days as 'yyyy-MM-dd' text. A member's day is the date on their own
 * clock (their time zone), never the server's; arithmetic on days is done in
 * UTC, where every day has 24 hours, so a daylight-saving change can't move a date.
 */
export type CalendarDate = string;

const DAY_MS = 86_400_000;

export function isCalendarDate(value: string): value is CalendarDate {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The member's date at `now`, in their time zone (an unknown zone falls back to UTC). */
export function todayIn(timeZone: string, now: Date): CalendarDate {
  return dayFormatter(isValidTimeZone(timeZone) ? timeZone : "UTC").format(now);
}

// Building a formatter costs far more than using one, and every portal page asks for today.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string) {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    if (dayFormatters.size >= 1000) dayFormatters.clear(); // zones are few; spellings of them are not
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (dayFormatters.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return true;
  } catch {
    return false;
  }
}

function toTime(date: CalendarDate) {
  return Date.parse(`${date}T00:00:00Z`);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return new Date(toTime(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((toTime(to) - toTime(from)) / DAY_MS);
}

const longDate = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: "UTC",
});
const shortDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "Friday 14 November" — how a member reads a date. */
export function formatLongDate(date: CalendarDate): string {
  return longDate.format(new Date(`${date}T12:00:00Z`));
}

/** "14 Nov 2026". */
export function formatShortDate(date: CalendarDate): string {
  return shortDate.format(new Date(`${date}T12:00:00Z`));
}
