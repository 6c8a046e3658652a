import { addDays, todayIn, type CalendarDate } from "#app/modules/calendar/dates.ts";

/**
 * When her daily reminder goes, pure: a wall-clock time in her time zone, turned
 * into an instant for each of her days, so 20:00 in Europe/London is 20:00 on both
 * sides of a clock change; and whether a day's reminder is still wanted.
 */

/** 'HH:MM', 24-hour. */
export type LocalTime = string;

export const DEFAULT_REMINDER_TIME: LocalTime = "20:00";

/** Reminders stop this many days after her due date, if her baby has not been marked as arrived. */
export const REMINDERS_AFTER_DUE_DAYS = 14;

export function isLocalTime(value: string): value is LocalTime {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return match !== null;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes her zone is ahead of UTC at an instant (British Summer Time: 60). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    offsetFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(at).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant her clock shows `time` on `date`. A time the clock skips (01:30 on
 * the morning it springs forward) is the same moment an hour on, as her phone
 * would have it; a time it shows twice is the first.
 */
export function instantAt(date: CalendarDate, time: LocalTime, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Try the offset either side of the wall time: the earlier instant that shows it wins.
  const candidates = [
    zoneOffsetMinutes(timeZone, new Date(wall - 86_400_000)),
    zoneOffsetMinutes(timeZone, new Date(wall + 86_400_000)),
  ].map((offset) => wall - offset * 60_000);
  const exact = candidates
    .filter((instant) => localWall(instant, timeZone) === wall)
    .sort((a, b) => a - b)[0];
  if (exact !== undefined) return new Date(exact);
  // Skipped by the clock: the offset from before the change, read on the new clock.
  return new Date(Math.max(...candidates));
}

function localWall(instant: number, timeZone: string): number {
  return instant + zoneOffsetMinutes(timeZone, new Date(instant)) * 60_000;
}

export interface ReminderSetting {
  /** Null: she has not asked for reminders. */
  time: LocalTime | null;
  timeZone: string;
}

/** Her next reminder strictly after `now`: today's if its time is still to come, else tomorrow's. */
export function nextReminder(setting: ReminderSetting, now: Date): { date: CalendarDate; at: Date } | null {
  if (setting.time === null) return null;
  const today = todayIn(setting.timeZone, now);
  for (const date of [addDays(today, -1), today, addDays(today, 1)]) {
    const at = instantAt(date, setting.time, setting.timeZone);
    if (at.getTime() > now.getTime()) return { date, at };
  }
  return null;
}

export type ReminderDecision =
  | { send: true }
  | { send: false; why: "off" | "practised" | "born" | "past-due" | "no-channel"; stop: boolean };

export interface ReminderDay {
  /** The day the reminder is for, her calendar date. */
  date: CalendarDate;
  setting: ReminderSetting;
  channels: { email: boolean; push: boolean };
  /** Her due (or induction) date, if saved. */
  dueDate: CalendarDate | null;
  babyBornOn: CalendarDate | null;
  /** Whether she has already practised on that day. */
  practised: boolean;
}

/**
 * Whether a day's reminder goes. `stop`: no later day's will either (her baby is
 * here, or her due date is more than two weeks past), so none is scheduled.
 */
export function reminderDecision(day: ReminderDay): ReminderDecision {
  if (day.setting.time === null) return { send: false, why: "off", stop: true };
  if (!day.channels.email && !day.channels.push) return { send: false, why: "no-channel", stop: true };
  if (day.babyBornOn !== null) return { send: false, why: "born", stop: true };
  if (day.dueDate !== null && day.date > addDays(day.dueDate, REMINDERS_AFTER_DUE_DAYS)) {
    return { send: false, why: "past-due", stop: true };
  }
  if (day.practised) return { send: false, why: "practised", stop: false };
  return { send: true };
}
