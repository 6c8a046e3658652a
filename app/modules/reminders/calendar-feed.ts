import { canPlayTrack, type Viewer } from "#app/modules/catalogue/access.ts";
import { findTrack } from "#app/modules/catalogue/tracks.ts";
import { addDays, daysBetween, formatLongDate, type CalendarDate } from "#app/modules/calendar/dates.ts";
import { earlySessions, pacePhase } from "#app/modules/program/pace.ts";
import { PROGRAMME_LENGTH_DAYS, programmeDays, programmeStart } from "#app/modules/program/program.ts";
import { standInFor } from "#app/modules/program/today.ts";
import { instantAt, REMINDERS_AFTER_DUE_DAYS, type LocalTime } from "./schedule.ts";

/**
 * "Add practice to my calendar", pure: which of her days are practice days, and
 * the iCalendar (RFC 5545) text a calendar app subscribes to, each day at her
 * chosen local time, written in UTC so a clock change can't move it.
 */

/** One practice day as her calendar shows it. */
export interface CalendarDay {
  date: CalendarDate;
  title: string;
  description: string;
}

export interface CalendarDaysInput {
  /** Her due or induction date; null when she has saved none (her calendar is empty then). */
  dueDate: CalendarDate | null;
  isInduction: boolean;
  /** Her programme's first day as saved; without it, the one her date implies. */
  start: CalendarDate | null;
  /** Her calendar date. */
  today: CalendarDate;
  babyBornOn: CalendarDate | null;
  /** What she may play: a free member's early plan has only the Foundation tracks. */
  viewer: Viewer;
  /** She chose "Start gently now": the early plan's sessions are hers. */
  earlyPlan: boolean;
}

/**
 * Her practice days, in date order:
 * - the fourteen days of her programme, each with its track (and, for a
 *   Complete Course track a free member can't play, the Foundation one to practise with);
 * - while she is in the early phase and has chosen the early plan, its sessions from this week's Monday
 *   on, on the days the dashboard offers them (while each day is still more than 14
 *   days before her first day), so no session appears that later disappears;
 * - nothing once her baby is born (from the day of the birth), and nothing later than
 *   her due date plus `REMINDERS_AFTER_DUE_DAYS`, when her reminders stop too.
 * With no saved date there is no programme to place in a calendar: no days.
 */
export function calendarDays(input: CalendarDaysInput): CalendarDay[] {
  if (input.dueDate === null) return [];
  const dueDate = input.dueDate;
  const start = input.start ?? programmeStart(dueDate, input.today);
  const lastDay = addDays(dueDate, REMINDERS_AFTER_DUE_DAYS);
  const wanted = (date: CalendarDate) =>
    date <= lastDay && (input.babyBornOn === null || date < input.babyBornOn);

  const days: CalendarDay[] = [];
  const phaseOn = (date: CalendarDate) =>
    pacePhase({
      dueDate,
      isInduction: input.isInduction,
      saved: true,
      today: date,
      babyArrived: false,
      start,
    });
  if (input.earlyPlan && input.babyBornOn === null && phaseOn(input.today) === "early") {
    // Week by week from this one's Monday, up to the last day the early plan is offered.
    const thisMonday = addDays(input.today, -mod(daysBetween(A_MONDAY, input.today), 7));
    for (let monday = thisMonday; phaseOn(monday) === "early"; monday = addDays(monday, 7)) {
      for (const session of earlySessions(input.viewer, monday)) {
        if (phaseOn(session.date) !== "early" || !wanted(session.date)) continue;
        days.push({
          date: session.date,
          title: `A gentle start: ${session.track.title}`,
          description:
            `A session from your early plan: ${session.track.title}. There's no hurry: ` +
            `play it whenever suits you, from your dashboard or your library.\n` +
            `Your two-week programme starts on ${formatLongDate(start)}.`,
        });
      }
    }
  }
  for (const day of programmeDays(start)) {
    if (!wanted(day.date)) continue;
    const number = (day.week - 1) * 7 + day.day;
    const track = findTrack(day.trackId);
    const standIn = track && !canPlayTrack(input.viewer, track) ? standInFor(day).title : null;
    days.push({
      date: day.date,
      title: `Day ${number} of your programme: ${day.activity}`,
      description:
        `Day ${number} of ${PROGRAMME_LENGTH_DAYS}: ${day.activity}. ` +
        (standIn
          ? `It's in the Complete Course: practise with ${standIn} today, and the day still counts.`
          : `Find a quiet, comfortable spot for about twenty minutes.`),
    });
  }
  return days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

const A_MONDAY: CalendarDate = "1970-01-05";
const mod = (n: number, m: number) => ((n % m) + m) % m;

const CALENDAR_NAME = "Tidewell practice";
const PRODUCT_ID = "-//Tidewell//Practice//EN";
/** How long each practice sits in her calendar. */
const PRACTICE_MINUTES = 20;
/** How often a calendar app is asked to fetch the feed again. */
const REFRESH_INTERVAL = "PT12H";

export interface PracticeCalendarInput {
  days: readonly CalendarDay[];
  /** Her local time, 'HH:MM'. */
  time: LocalTime;
  /** Her IANA time zone. */
  timeZone: string;
  /** An opaque, stable key for her (a hash, never her id): each event's UID is made from it and the date. */
  memberKey: string;
  /** When the feed is made (DTSTAMP). */
  now: Date;
  /** The site's public origin, without a trailing slash. */
  baseUrl: string;
}

/** The feed: an iCalendar object with one 20-minute event a day, CRLF line endings, folded lines. */
export function practiceCalendar(input: PracticeCalendarInput): string {
  const programUrl = `${input.baseUrl}/portal/program`;
  const host = hostOf(input.baseUrl);
  const stamp = utcStamp(input.now);
  const lines = [
    "BEGIN:VCALENDAR",
    `PRODID:${PRODUCT_ID}`,
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(CALENDAR_NAME)}`,
    `X-WR-CALDESC:${escapeText("Your practice days from Tidewell, at your time.")}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${REFRESH_INTERVAL}`,
    `X-PUBLISHED-TTL:${REFRESH_INTERVAL}`,
  ];
  for (const day of input.days) {
    const startsAt = instantAt(day.date, input.time, input.timeZone);
    const endsAt = new Date(startsAt.getTime() + PRACTICE_MINUTES * 60_000);
    lines.push(
      "BEGIN:VEVENT",
      `UID:${eventUid(input.memberKey, day.date, host)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utcStamp(startsAt)}`,
      `DTEND:${utcStamp(endsAt)}`,
      `SUMMARY:${escapeText(day.title)}`,
      `DESCRIPTION:${escapeText(`${day.description}\n\nOpen your practice: ${programUrl}`)}`,
      `URL:${programUrl}`,
      // Practice doesn't make her busy: it never blocks a meeting invitation.
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** The same for the same member and day, whatever changes; her key, not her id, is in it. */
function eventUid(memberKey: string, date: CalendarDate, host: string): string {
  return `practice-${date.replaceAll("-", "")}-${memberKey}@${host}`;
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).hostname || "tidewell";
  } catch {
    return "tidewell";
  }
}

/** 20261024T190000Z */
function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(/[-:]/g, "");
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(text: string): string {
  return (
    text
      .replaceAll("\\", "\\\\")
      .replaceAll(";", "\\;")
      .replaceAll(",", "\\,")
      .replaceAll(/\r\n|\r|\n/g, "\\n")
      // Other control characters are not allowed in a value at all.
      // eslint-disable-next-line no-control-regex
      .replaceAll(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
  );
}

const utf8 = new TextEncoder();
const MAX_OCTETS = 75;

/**
 * A content line folded at 75 octets (RFC 5545 §3.1): each continuation starts
 * with a space, which counts. A fold falls between characters, never inside a
 * UTF-8 sequence (or between the halves of a surrogate pair).
 */
export function foldLine(line: string): string {
  if (utf8.encode(line).length <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const character of line) {
    const size = utf8.encode(character).length;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = MAX_OCTETS - 1; // the leading space
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}
