import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import { isPostgres, type Db } from "#app/platform/db.server.ts";
import { todayIn, type CalendarDate } from "#app/modules/calendar/dates.ts";
import { MEMBER_ROLE, OWNER_ROLE } from "./gate.ts";
import {
  moneyOf,
  studioWeeks,
  weekWords,
  type CourseAccess,
  type FigureCounts,
  type Money,
  type StudioWeek,
} from "./figures.ts";

/**
 * The studio's figures in SQL: each rule of [figures.ts](figures.ts) as one
 * expression, used by every query that counts or lists by it (the overview,
 * the insights, the members list and its filters), so each figure is counted
 * one way everywhere. Each figure is an aggregate in the database: the pages
 * never load members to count them.
 */

/*
 * The rules, as SQL on the "user" row. Each asks whether her id is in a set
 * the database works out once for the whole query (the owners' seats aside,
 * a few thousand ids at most), rather than looking her up row by row: on a
 * list of 100,000 walked in sign-up order, that is the difference between a
 * hash probe and three index searches per member. No set holds a null, so
 * "not in" means what it says.
 */

/**
 * Her id, as an expression rather than the column: SQLite would otherwise walk
 * a set from its first id and sort the whole set for a page of the members
 * list, where it should walk the list in sign-up order and stop at a page.
 */
const herId = sql`("user"."id" || '')`;

/**
 * Her roles include the owner's (Better Auth keeps roles as a comma-separated
 * list); a plain member's role is told at a glance, before the list is read.
 */
export const isOwnerAccount = sql<SqlBool>`(coalesce("user"."role", '') <> ${MEMBER_ROLE}
  and (',' || replace(coalesce("user"."role", ''), ' ', '') || ',') like ${`%,${OWNER_ROLE},%`})`;

/** She is someone's birth partner: her account is linked as a partner's seat. */
export const isBirthPartner = sql<SqlBool>`${herId} in (select seat.partner_id from partner_links seat)`;

/** A member (`isStudioMember`): not an owner, not a birth partner's seat. */
export const isMember = sql<SqlBool>`(not ${isOwnerAccount} and not ${isBirthPartner})`;

/** She has the course now (`hasTheCourse`): the premium tier, or course access. */
const hasCourse = sql<SqlBool>`${herId} in (
  select access.user_id from member_access access
  where access.subscription_tier = 'premium' or access.course_access = true
)`;

/** A payment of hers stands (`paymentStands`): it went through and has not been refunded. */
export const hasStandingPayment = sql<SqlBool>`${herId} in (
  select paid.user_id from purchases paid
  where paid.user_id is not null and paid.status = 'succeeded' and paid.succeeded_at is not null
)`;

/** `courseAccess`: 'paid', 'given' or 'free'. */
const courseAccessOf = sql<CourseAccess>`(case
  when not ${hasCourse} then 'free' when ${hasStandingPayment} then 'paid' else 'given'
end)`;

/** `courseAccessOf` is `access` (or, for "course", not free): the same rule, as a condition a query can filter by. */
export function hasCourseAccess(access: CourseAccess | "course"): RawBuilder<SqlBool> {
  switch (access) {
    case "course":
      return hasCourse;
    case "paid":
      return sql<SqlBool>`(${hasCourse} and ${hasStandingPayment})`;
    case "given":
      return sql<SqlBool>`(${hasCourse} and not ${hasStandingPayment})`;
    case "free":
      return sql<SqlBool>`not ${hasCourse}`;
  }
}

/** She has made a payment (`isPayment`), refunded since or not. */
export const hasMadePayment = sql<SqlBool>`${herId} in (
  select bought.user_id from purchases bought where bought.user_id is not null and bought.succeeded_at is not null
)`;

/**
 * Each account's today, in its own time zone (no zone: UTC), as her own pages
 * have it: the zones in use are read once, and at any moment they show at most
 * three dates, so the expression is one small CASE whatever the members' number.
 */
export type TodayOf = (userId: Expression<string>) => RawBuilder<CalendarDate>;

export async function todayOfEach(db: Db, now: Date): Promise<TodayOf> {
  const rows = await db
    .selectFrom("profiles")
    .select("time_zone")
    .distinct()
    .where("time_zone", "is not", null)
    .execute();
  const utc = todayIn("UTC", now);
  const byDate = new Map<CalendarDate, string[]>();
  for (const { time_zone: zone } of rows) {
    const date = todayIn(zone!, now);
    if (date !== utc) byDate.set(date, [...(byDate.get(date) ?? []), zone!]);
  }
  const postgres = isPostgres(db);
  const day = (date: CalendarDate) => (postgres ? sql`cast(${date} as date)` : sql`${date}`);
  return (userId) => {
    if (byDate.size === 0) return sql<CalendarDate>`${day(utc)}`;
    const zone = sql`(select zoned.time_zone from profiles zoned where zoned.id = ${userId})`;
    const cases = [...byDate].map(
      ([date, zones]) => sql`when ${zone} in (${sql.join(zones)}) then ${day(date)}`,
    );
    return sql<CalendarDate>`(case ${sql.join(cases, sql` `)} else ${day(utc)} end)`;
  };
}

/**
 * She has begun the programme (`hasBegunProgramme`): a day of her fourteen
 * ticked whose date has come, on her own calendar.
 */
export function hasBegun(todayOf: TodayOf): RawBuilder<SqlBool> {
  return sql<SqlBool>`${herId} in (
    select done.user_id from program_schedule done
    where done.completed = true and done.scheduled_date <= ${todayOf(sql.ref("done.user_id"))}
  )`;
}

/** A moment within a week: [from, to). */
function within(column: Expression<unknown>, week: StudioWeek): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${column} >= ${week.from} and ${column} < ${week.to})`;
}

/* The figures. */

/** The members' figures, the payments (`isPayment`, every one: a deleted member's too) and the money. */
export interface StudioFigures extends FigureCounts {
  /** The zone the weeks are in, and the words that say so. */
  timeZone: string;
  weekWords: string;
  thisWeek: StudioWeek;
  lastWeek: StudioWeek;
  money: { thisWeek: Money[]; lastWeek: Money[]; allTime: Money[] };
}

/** Every figure the overview and the insights show above their charts, in one read. */
export async function studioFigures(
  db: Db,
  { now, timeZone }: { now: Date; timeZone: string },
): Promise<StudioFigures> {
  const [lastWeek, thisWeek] = studioWeeks(now, timeZone, 2) as [StudioWeek, StudioWeek];
  const [members, payments] = await Promise.all([
    memberTotals(db, await todayOfEach(db, now), thisWeek, lastWeek),
    paymentTotals(db, thisWeek, lastWeek),
  ]);

  return {
    timeZone,
    weekWords: weekWords(timeZone),
    thisWeek,
    lastWeek,
    members,
    payments: {
      count: payments.reduce((sum, row) => sum + row.payments, 0),
      refunded: payments.reduce((sum, row) => sum + row.refunds, 0),
    },
    money: {
      thisWeek: moneyOf(
        payments.map((row) => ({ ...row, paidIn: row.paidInThisWeek, refunded: row.refundedThisWeek })),
      ),
      lastWeek: moneyOf(
        payments.map((row) => ({ ...row, paidIn: row.paidInLastWeek, refunded: row.refundedLastWeek })),
      ),
      allTime: moneyOf(payments),
    },
  };
}

/**
 * The members' figures. What she has of the course is worked out once for
 * each member (a CASE of two lookups), then counted by its value.
 */
async function memberTotals(db: Db, todayOf: TodayOf, thisWeek: StudioWeek, lastWeek: StudioWeek) {
  const flag = (condition: Expression<SqlBool>) => sql<number>`(case when ${condition} then 1 else 0 end)`;
  const joined = sql.ref("user.createdAt");
  const each = db
    .selectFrom("user")
    .select([
      courseAccessOf.as("access"),
      flag(hasBegun(todayOf)).as("began"),
      flag(within(joined, thisWeek)).as("thisWeek"),
      flag(within(joined, lastWeek)).as("lastWeek"),
    ])
    .where(isMember);
  const rows = await db
    .selectFrom(each.as("member"))
    .select([
      "member.access",
      sql<number>`count(*)`.as("members"),
      sql<number>`sum(member.began)`.as("began"),
      sql<number>`sum(member."thisWeek")`.as("thisWeek"),
      sql<number>`sum(member."lastWeek")`.as("lastWeek"),
    ])
    .groupBy("member.access")
    .execute();
  const total = (pick: (row: (typeof rows)[number]) => number | string | null) =>
    rows.reduce((sum, row) => sum + Number(pick(row) ?? 0), 0);
  const withAccess = (access: CourseAccess) => total((row) => (row.access === access ? row.members : 0));
  return {
    all: total((row) => row.members),
    paid: withAccess("paid"),
    given: withAccess("given"),
    free: withAccess("free"),
    began: total((row) => row.began),
    joinedThisWeek: total((row) => row.thisWeek),
    joinedLastWeek: total((row) => row.lastWeek),
  };
}

/**
 * Payments per currency: how many, how many refunded, and their money: paid in
 * the week each went through, refunded in the week each was refunded. Sums of
 * the stored whole cents (PostgreSQL hands a bigint back as text).
 */
async function paymentTotals(db: Db, thisWeek: StudioWeek, lastWeek: StudioWeek) {
  const paid = sql.ref("purchases.succeeded_at");
  const refundedAt = sql.ref("purchases.refunded_at");
  const wasRefunded = sql<SqlBool>`purchases.status = 'refunded'`;
  const amount = (condition: Expression<SqlBool>) =>
    sql<number>`coalesce(sum(case when ${condition} then purchases.amount_minor else 0 end), 0)`;
  const rows = await db
    .selectFrom("purchases")
    .select([
      "purchases.currency",
      sql<number>`count(*)`.as("payments"),
      sql<number>`coalesce(sum(case when ${wasRefunded} then 1 else 0 end), 0)`.as("refunds"),
      sql<number>`coalesce(sum(purchases.amount_minor), 0)`.as("paidIn"),
      amount(wasRefunded).as("refunded"),
      amount(within(paid, thisWeek)).as("paidInThisWeek"),
      amount(within(paid, lastWeek)).as("paidInLastWeek"),
      amount(sql<SqlBool>`${wasRefunded} and ${within(refundedAt, thisWeek)}`).as("refundedThisWeek"),
      amount(sql<SqlBool>`${wasRefunded} and ${within(refundedAt, lastWeek)}`).as("refundedLastWeek"),
    ])
    .where("purchases.succeeded_at", "is not", null)
    .groupBy("purchases.currency")
    .execute();
  return rows.map((row) => ({
    currency: row.currency,
    payments: Number(row.payments),
    refunds: Number(row.refunds),
    paidIn: Number(row.paidIn),
    refunded: Number(row.refunded),
    paidInThisWeek: Number(row.paidInThisWeek),
    paidInLastWeek: Number(row.paidInLastWeek),
    refundedThisWeek: Number(row.refundedThisWeek),
    refundedLastWeek: Number(row.refundedLastWeek),
  }));
}
