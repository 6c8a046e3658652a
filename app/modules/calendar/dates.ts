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
  const zone = dayIn(isValidTimeZone(timeZone) ? timeZone : "UTC");
  // Every zone's offset is a whole number of minutes (since 1972), so its date only turns at the
  // turn of a UTC minute, and every page of the portal asks for today at least once.
  const minute = Math.floor(now.getTime() / 60_000);
  if (zone.minute !== minute) {
    zone.date = zone.formatter.format(now);
    zone.minute = minute;
  }
  return zone.date;
}

// Building a formatter costs far more than using one.
const zones = new Map<string, { formatter: Intl.DateTimeFormat; minute: number; date: CalendarDate }>();
function dayIn(timeZone: string) {
  let zone = zones.get(timeZone);
  if (!zone) {
    const formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    zone = { formatter, minute: Number.NaN, date: "" };
    if (zones.size >= 1000) zones.clear(); // zones are few; spellings of them are not
    zones.set(timeZone, zone);
  }
  return zone;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (zones.has(timeZone)) return true;
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
  return formatted(longDates, longDate, date);
}

/** "14 Nov 2026". */
export function formatShortDate(date: CalendarDate): string {
  return formatted(shortDates, shortDate, date);
}

// The same few dates (today, due dates, the programme's days) are written on page after page.
const longDates = new Map<CalendarDate, string>();
const shortDates = new Map<CalendarDate, string>();
function formatted(kept: Map<CalendarDate, string>, format: Intl.DateTimeFormat, date: CalendarDate) {
  let text = kept.get(date);
  if (text === undefined) {
    text = format.format(new Date(`${date}T12:00:00Z`));
    if (kept.size >= 1000) kept.clear();
    kept.set(date, text);
  }
  return text;
}
