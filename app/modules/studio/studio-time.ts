import {
  daysBetween,
  isCalendarDate,
  isValidTimeZone,
  type CalendarDate,
} from "#app/modules/program/calendar.ts";

/**
 * How the studio writes a time: in the owner's own time zone (her studio
 * setting), in words, relative to now where that reads better. Every studio
 * page, list and table says its times through `formatStudioTime`, so they all
 * agree; the server and the browser give the same words from the same clock.
 */

/** Her time zone (an IANA name) and the moment the page was made, which "today" is measured from. */
export interface StudioClock {
  timeZone: string;
  now: Date | string;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const RELATIVE: Record<number, string> = { [-1]: "yesterday", 0: "today", 1: "tomorrow" };

/**
 * A moment as she reads it on her clock: "today, 14:05", "yesterday, 23:40",
 * "28 Nov, 14:05", or "28 Nov 2025, 14:05" in another year than hers now;
 * with `dayOnly`, the day alone ("today", "28 Nov"). A calendar date
 * ("2027-03-14", such as a due date) is a day already, the same in every
 * zone: it is written as a day. An unknown zone is read as UTC.
 *
 * The month names are the studio's own (no locale's short forms, which
 * differ between ICU versions: "Sep" and "Sept"), and the clock is the
 * 24-hour one.
 */
export function formatStudioTime(
  at: Date | string,
  clock: StudioClock,
  { dayOnly = false }: { dayOnly?: boolean } = {},
): string {
  const zone = isValidTimeZone(clock.timeZone) ? clock.timeZone : "UTC";
  const today = wallClock(new Date(clock.now), zone).date;
  if (typeof at === "string" && isCalendarDate(at)) return dayWords(at, today);
  const local = wallClock(new Date(at), zone);
  const day = dayWords(local.date, today);
  return dayOnly ? day : `${day}, ${local.time}`;
}

/** The day in words: relative to today when it is next to it, else day and month, and the year if not today's. */
function dayWords(date: CalendarDate, today: CalendarDate): string {
  const relative = RELATIVE[daysBetween(today, date)];
  if (relative) return relative;
  const [year, month, day] = date.split("-");
  const written = `${Number(day)} ${MONTHS[Number(month) - 1]}`;
  return year === today.slice(0, 4) ? written : `${written} ${year}`;
}

// Building a formatter costs far more than using one; the studio uses a zone or two.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The date ('yyyy-MM-dd') and time ('HH:mm') a clock on the wall in `zone` shows at `at`. */
function wallClock(at: Date, zone: string): { date: CalendarDate; time: string } {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    if (formatters.size >= 100) formatters.clear();
    formatters.set(zone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(at)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/**
 * The first moment of a day on her clock: what a search "from" a day means,
 * and (the next day's) what "up to" a day runs until. Usually her midnight;
 * where the clocks skip midnight (as Chile's do), the moment they land.
 */
export function startOfDayIn(day: CalendarDate, timeZone: string): Date {
  const zone = isValidTimeZone(timeZone) ? timeZone : "UTC";
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // Her midnight is UTC's less her offset; her offset may differ either side of it, so each is tried.
  const candidates = [-DAY_MS, 0, DAY_MS].map((shift) => midnight - offsetAt(midnight + shift, zone));
  const onTheDay = candidates.filter((at) => wallClock(new Date(at), zone).date === day);
  return new Date(Math.min(...(onTheDay.length > 0 ? onTheDay : candidates)));
}

const DAY_MS = 86_400_000;

/** How far her clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: number, zone: string): number {
  const { date, time } = wallClock(new Date(at), zone);
  const seconds = new Date(at).getUTCSeconds() * 1000 + new Date(at).getUTCMilliseconds();
  return Date.parse(`${date}T${time}:00Z`) + seconds - at;
}

/**
 * A time zone as the studio names it: "Dublin time" for Europe/Dublin, "New
 * York time" for America/New_York, "UTC" for UTC.
 */
export function timeZoneWords(timeZone: string): string {
  if (["UTC", "Etc/UTC", "Etc/GMT", "GMT"].includes(timeZone)) return "UTC";
  if (!timeZone.includes("/") || timeZone.startsWith("Etc/")) return timeZone;
  return `${timeZone.slice(timeZone.lastIndexOf("/") + 1).replaceAll("_", " ")} time`;
}
