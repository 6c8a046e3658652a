import type { BabyArrival } from "#app/modules/accounts/baby.ts";
import { countOf } from "#app/modules/words/plural.ts";
import { daysBetween, formatLongDate, type CalendarDate } from "#app/modules/calendar/dates.ts";

/**
 * Her portal after the birth. Once she marks her baby's arrival, her pages
 * switch to a gentle postnatal state: a congratulation in place of the
 * countdown, and no streaks; the sessions stay hers to play.
 */

/** Postnatal: she has marked her baby's arrival (until she undoes it). */
export function isPostnatal(her: { baby: BabyArrival | null }): boolean {
  return her.baby !== null;
}

/**
 * Whether her pages show streaks, badges and rest days: the one place this is
 * decided. Not when she hides them, and not once her baby has arrived.
 */
export function streaksShown(her: { hideStreaks: boolean; baby: BabyArrival | null }): boolean {
  return !her.hideStreaks && !isPostnatal(her);
}

/**
 * The baby's age on her today: days for the first two weeks, then weeks until
 * three calendar months, then months, then years. Null on the day itself.
 */
export function babyAge(bornOn: CalendarDate, today: CalendarDate): string | null {
  const days = daysBetween(bornOn, today);
  if (days <= 0) return null;
  const [bornYear, bornMonth, bornDay] = bornOn.split("-").map(Number) as [number, number, number];
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const months = (year - bornYear) * 12 + (month - bornMonth) - (day < bornDay ? 1 : 0);
  if (months >= 12) return `${countOf(Math.floor(months / 12), "year")} old`;
  if (months >= 3) return `${countOf(months, "month")} old`;
  if (days >= 14) return `${countOf(Math.floor(days / 7), "week")} old`;
  return `${countOf(days, "day")} old`;
}

/** What her pages say of the arrival: the congratulation, how old the baby is, and the day. */
export interface ArrivalNote {
  /** "Congratulations on the arrival of Ada", or "… on your baby's arrival" without a name. */
  heading: string;
  /** "Ada is 5 days old", "Your baby arrived today". */
  age: string;
  /** Just the age, for a figure: "5 days old", "Born today". */
  ageShort: string;
  /** "Friday 20 November". */
  bornOn: string;
}

export function arrivalNote(baby: BabyArrival, today: CalendarDate): ArrivalNote {
  const age = babyAge(baby.bornOn, today);
  const who = baby.name ?? "Your baby";
  return {
    heading: baby.name
      ? `Congratulations on the arrival of ${baby.name}`
      : "Congratulations on your baby's arrival",
    age: age ? `${who} is ${age}` : `${who} arrived today`,
    ageShort: age ?? "Born today",
    bornOn: formatLongDate(baby.bornOn),
  };
}
