import { addDays, daysBetween, isCalendarDate, type CalendarDate } from "#app/modules/calendar/dates.ts";

/**
 * "My baby has arrived": the day she gives (her calendar date, in her time
 * zone) and, if she likes, the baby's name. The rules for the day are here, so
 * the picker's range and the server's check are the same.
 */
export interface BabyArrival {
  bornOn: CalendarDate;
  name: string | null;
}

/**
 * How far before her due date a birth day is taken. Earlier is far more
 * likely a slip of the month or the year than the day she means, so we ask
 * her to check it.
 */
const WEEKS_BEFORE_DUE_DATE = 20;
/** Without a due date, a day in the last year: the product's postnatal pages are for the months after the birth. */
const DAYS_AGO_AT_MOST = 365;

export const babyMessages = {
  missingDate: "Please enter the day your baby was born",
  notADate: "Please enter a real date, for example 2026-11-21",
  future: "That day hasn't come yet. Please choose today or a day before it.",
  beforeDueDate: `That's more than ${WEEKS_BEFORE_DUE_DATE} weeks before your due date. Please check the day, or change your due date first.`,
  tooLongAgo: "Please choose a day within the last year.",
  nameTooLong: "Please keep the name under 100 characters",
  nameNotPlain: "Please use only letters, spaces and punctuation",
} as const;

/** The days she may choose: from the earliest taken to her today. */
export function birthDateRange(
  today: CalendarDate,
  dueDate: CalendarDate | null,
): { min: CalendarDate; max: CalendarDate } {
  const yearAgo = addDays(today, -DAYS_AGO_AT_MOST);
  const beforeDue = dueDate ? addDays(dueDate, -WEEKS_BEFORE_DUE_DATE * 7) : yearAgo;
  return { min: beforeDue > yearAgo ? beforeDue : yearAgo, max: today };
}

/** Why `bornOn` can't be the day her baby was born, or null when it can. */
export function birthDateError(
  bornOn: string,
  today: CalendarDate,
  dueDate: CalendarDate | null,
): string | null {
  if (!isCalendarDate(bornOn)) return babyMessages.notADate;
  if (daysBetween(today, bornOn) > 0) return babyMessages.future;
  if (dueDate && daysBetween(bornOn, addDays(dueDate, -WEEKS_BEFORE_DUE_DATE * 7)) > 0) {
    return babyMessages.beforeDueDate;
  }
  if (daysBetween(bornOn, addDays(today, -DAYS_AGO_AT_MOST)) > 0) return babyMessages.tooLongAgo;
  return null;
}

/** Her profile row's two columns as an arrival: null until she has marked it. */
export function arrivalFrom(
  row: { baby_born_on: CalendarDate | null; baby_name: string | null } | undefined,
): BabyArrival | null {
  return row?.baby_born_on ? { bornOn: row.baby_born_on, name: row.baby_name || null } : null;
}
