import type { PurchaseStatus } from "../../../db/schema.ts";
import { addDays, isValidTimeZone, todayIn, type CalendarDate } from "#app/modules/calendar/dates.ts";
import { programmeDaysDone, type ProgressDay } from "#app/modules/program/progress.ts";
import { nounFor } from "#app/modules/words/plural.ts";
import { isOwner } from "./gate.ts";
import { startOfDayIn, timeZoneWords } from "./studio-time.ts";

/**
 * The studio's figures, each defined once (CONTEXT.md, "Its figures"): who is
 * a member, what she has of the course, what a payment is and when it stands,
 * when she has begun the programme, which week a moment falls in, and the
 * money. Pure: [figures.server.ts](figures.server.ts) counts the same rules in
 * SQL for the overview, the insights and the members list, so no two pages
 * can count one figure differently.
 */

/* Members. */

/**
 * A member: an account of her own. Not a studio owner (any account whose
 * roles include the owner's) and not a birth partner's seat (an account
 * linked as someone's partner). A deleted account is gone from every figure.
 */
export function isStudioMember(account: { role: string | null; isBirthPartner: boolean }): boolean {
  return !isOwner(account.role) && !account.isBirthPartner;
}

/**
 * What a member has of the Complete Course now:
 * - `paid`: she has it (the premium tier, or course access) and a payment of hers stands;
 * - `given`: she has it without a payment that stands (given in the studio, or paid and
 *   refunded and given back);
 * - `free`: she does not have it (whatever she paid and got back).
 */
export type CourseAccess = "paid" | "given" | "free";

/** She has the course now: the premium tier (by a payment, or given), or course access. */
export function hasTheCourse(access: { tier: string | null; courseAccess: boolean }): boolean {
  return access.tier === "premium" || access.courseAccess;
}

export function courseAccess(member: { hasCourse: boolean; paymentStands: boolean }): CourseAccess {
  if (!member.hasCourse) return "free";
  return member.paymentStands ? "paid" : "given";
}

/** The owner's words for each, as a figure's label and the members list's column. */
export const COURSE_ACCESS_WORDS: Record<CourseAccess, string> = {
  paid: "Paid for the course",
  given: "Given the course",
  free: "Free",
};

/* Payments. */

export interface PaymentFacts {
  status: PurchaseStatus;
  /** When it went through (the course granted); null if it never did. */
  succeededAt: string | null;
  refundedAt: string | null;
  /** In minor units (cents), as stored. */
  amountMinor: number;
  currency: string;
}

/**
 * A payment: a purchase of the course that went through (`succeeded_at` set),
 * refunded since or not. A second payment (she had already paid; refunded as
 * soon as it is found), a declined or pending one, or one refunded before it
 * went through, is not one.
 */
export function isPayment(purchase: Pick<PaymentFacts, "succeededAt">): boolean {
  return purchase.succeededAt !== null;
}

/** A payment that stands: it went through and has not been refunded. */
export function paymentStands(purchase: Pick<PaymentFacts, "status" | "succeededAt">): boolean {
  return isPayment(purchase) && purchase.status === "succeeded";
}

/** A payment refunded since (in full: the studio's refunds and the guarantee's always are). */
export function isRefundedPayment(purchase: Pick<PaymentFacts, "status" | "succeededAt">): boolean {
  return isPayment(purchase) && purchase.status === "refunded";
}

/** "3 payments · 1 refunded", or "1 payment" when none was refunded. */
export function paymentsText({ payments, refunded }: { payments: number; refunded: number }): string {
  const count = `${payments.toLocaleString("en-GB")} ${nounFor(payments, "payment")}`;
  return refunded > 0 ? `${count} · ${refunded.toLocaleString("en-GB")} refunded` : count;
}

/* The programme. */

/**
 * She has begun the programme once she has done a day of her fourteen: the
 * "x of 14 days done" of her own pages is at least 1 (a ticked day whose date
 * has come, in her own time zone).
 */
export function hasBegunProgramme(days: readonly ProgressDay[], herToday: CalendarDate): boolean {
  return programmeDaysDone(days, herToday) > 0;
}

/* Weeks. */

export interface StudioWeek {
  /** Its Monday, 'yyyy-MM-dd'. */
  week: CalendarDate;
  /** Its first moment (Monday 00:00 on the owner's clock), ISO 8601 in UTC. */
  from: string;
  /** The next week's first moment: the week is [from, to). */
  to: string;
}

const zoneOrUtc = (timeZone: string) => (isValidTimeZone(timeZone) ? timeZone : "UTC");

/**
 * The week `now` falls in and the `count - 1` before it, oldest first: Monday
 * to Sunday on the owner's clock (her studio time zone), each from the first
 * moment of its Monday there (`startOfDayIn`, as the members list's days).
 */
export function studioWeeks(now: Date, timeZone: string, count: number): StudioWeek[] {
  const zone = zoneOrUtc(timeZone);
  const today = todayIn(zone, now);
  // Days since Monday: Monday 0 … Sunday 6 (day arithmetic in UTC, where every day has 24 hours).
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  const start = (week: CalendarDate) => startOfDayIn(week, zone).toISOString();
  return Array.from({ length: count }, (_, index) => {
    const week = addDays(monday, -7 * (count - 1 - index));
    return { week, from: start(week), to: start(addDays(week, 7)) };
  });
}

/** The week in words, for every page that counts by weeks: "…, in UTC." or "…, on Dublin time." */
export function weekWords(timeZone: string): string {
  const words = timeZoneWords(zoneOrUtc(timeZone));
  return words === "UTC" ? "Weeks run Monday to Sunday, in UTC." : `Weeks run Monday to Sunday, on ${words}.`;
}

/* Money. */

/** Money in one currency, in minor units (cents): whole numbers only, never a fraction of a cent. */
export interface Money {
  currency: string;
  /** What members paid for the course: every payment, in the week it went through. */
  paidIn: number;
  /** What went back to them: each refunded payment, in the week it was refunded. */
  refunded: number;
  /** Paid in less refunded (before the providers' fees); below nothing in a week with more refunds. */
  kept: number;
}

/** Money from stored totals per currency, kept worked out, in currency order. */
export function moneyOf(totals: readonly { currency: string; paidIn: number; refunded: number }[]): Money[] {
  const byCurrency = new Map<string, Money>();
  for (const { currency, paidIn, refunded } of totals) {
    const money = byCurrency.get(currency) ?? { currency, paidIn: 0, refunded: 0, kept: 0 };
    money.paidIn += wholeCents(paidIn);
    money.refunded += wholeCents(refunded);
    money.kept = money.paidIn - money.refunded;
    byCurrency.set(currency, money);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/**
 * The money of a set of payments within [from, to) (all time without a
 * range): each payment paid in when it went through, refunded when it was
 * refunded, so a refund this week of last week's payment counts this week.
 */
export function moneyBetween(
  purchases: readonly PaymentFacts[],
  range?: { from: string; to: string },
): Money[] {
  const within = (at: string | null) =>
    at !== null &&
    (!range || (Date.parse(at) >= Date.parse(range.from) && Date.parse(at) < Date.parse(range.to)));
  return moneyOf(
    purchases.filter(isPayment).map((purchase) => ({
      currency: purchase.currency,
      paidIn: within(purchase.succeededAt) ? purchase.amountMinor : 0,
      refunded: isRefundedPayment(purchase) && within(purchase.refundedAt) ? purchase.amountMinor : 0,
    })),
  );
}

function wholeCents(value: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Money must be whole cents, not ${value}`);
  return value;
}

/* Shares. */

/**
 * A share said with what it is of: "43% of members", "3 of 7 members" when
 * asked; "no members yet" when there is no whole.
 */
export function shareOf(part: number, whole: number, of: string): string {
  if (whole <= 0) return `no ${of} yet`;
  return `${Math.round((part / whole) * 100)}% of ${of}`;
}

/* The figures as the pages show them. */

/** What the overview and the insights count, as `studioFigures` reads it. */
export interface FigureCounts {
  members: {
    all: number;
    paid: number;
    given: number;
    free: number;
    began: number;
    joinedThisWeek: number;
    joinedLastWeek: number;
  };
  payments: { count: number; refunded: number };
  /** This week, on the owner's clock: the members list finds its sign-ups from its Monday. */
  thisWeek: { week: CalendarDate };
}

export interface FigureCard {
  label: string;
  value: string;
  /** What it counts, or of what it is a share, in a few words. */
  note: string;
  /** The members list showing exactly these, when there is one. */
  href?: string;
}

const number = (value: number) => value.toLocaleString("en-GB");

/**
 * Each figure's card, in the owner's words: one label per figure, and never
 * the same label for two (a share always says of what). The overview and the
 * insights each show some of them.
 */
export function figureCards({ members, payments, thisWeek }: FigureCounts) {
  // A share of members, then what it is; with no members yet, just that.
  const ofMembers = (part: number, what: string) =>
    members.all > 0 ? `${shareOf(part, members.all, "members")}${what}` : "No members yet";
  return {
    members: {
      label: "Members",
      value: number(members.all),
      note: "Not you or other studio owners, and not birth partners",
      href: "/studio/members",
    },
    paid: {
      label: COURSE_ACCESS_WORDS.paid,
      value: number(members.paid),
      note: ofMembers(members.paid, "; their payment stands"),
      href: "/studio/members?tier=paid",
    },
    given: {
      label: COURSE_ACCESS_WORDS.given,
      value: number(members.given),
      note: ofMembers(members.given, ", with no payment"),
      href: "/studio/members?tier=given",
    },
    course: {
      label: "Have the course",
      value: number(members.paid + members.given),
      note: ofMembers(
        members.paid + members.given,
        `: ${number(members.paid)} paid, ${number(members.given)} given`,
      ),
      href: "/studio/members?tier=course",
    },
    began: {
      label: "Began the programme",
      value: number(members.began),
      note: ofMembers(members.began, ": a day of their 14 done"),
      href: "/studio/members?programme=begun",
    },
    joinedThisWeek: {
      label: "Joined this week",
      value: number(members.joinedThisWeek),
      note: `Since Monday; ${number(members.joinedLastWeek)} last week`,
      href: `/studio/members?joinedFrom=${thisWeek.week}`,
    },
    payments: {
      label: "Payments",
      value: number(payments.count),
      note:
        payments.refunded > 0
          ? paymentsText({ payments: payments.count, refunded: payments.refunded })
          : "None refunded",
      href: "/studio/purchases",
    },
  } satisfies Record<string, FigureCard>;
}
