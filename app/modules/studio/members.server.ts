import { sql, type Expression, type SqlBool } from "kysely";
import { decodeTimeCursor, encodeTimeCursor, type TimeCursor } from "#app/platform/time-cursor.ts";
import { isPostgres, type Db } from "#app/platform/db.server.ts";
import type { PurchaseProvider, PurchaseStatus, EmailStatus } from "../../../db/schema.ts";
import { normalizeEmail } from "#app/modules/people/email-address.ts";
import { findTrack } from "#app/modules/catalogue/tracks.ts";
import { addDays, todayIn, type CalendarDate } from "#app/modules/calendar/dates.ts";
import { currentStreak } from "#app/modules/program/practice.ts";
import { programmeDaysDone } from "#app/modules/program/progress.ts";
import type { MemberFilters, MemberTier } from "./member-filters.ts";
import { emailKindLabel } from "./email-labels.ts";
import { courseAccess, hasTheCourse, type CourseAccess } from "./figures.ts";
import {
  hasBegun,
  hasCourseAccess,
  hasStandingPayment,
  isBirthPartner,
  isMember,
  isOwnerAccount,
  todayOfEach,
  type TodayOf,
} from "./figures.server.ts";
import { startOfDayIn } from "./studio-time.ts";
import { guaranteeDaysLeft } from "./guarantee.ts";
import { refundStateOf, type RefundState } from "./refunds.ts";

/**
 * The studio's reads of members: the search (filters, newest sign-ups first,
 * a page at a time) and one member's detail. Read-only; every filter is
 * applied in SQL, with the values bound as parameters, so a search never
 * loads more than a page of members. Who is a member, what she has of the
 * course and whether she has begun the programme are the studio's figures'
 * rules (figures.server.ts), so the list's count is the overview's.
 */

const PAGE_SIZE = 25;
export const PAGE_SIZE_MAX = 100;

export interface MemberRow {
  id: string;
  name: string;
  email: string;
  tier: MemberTier;
  /** What she has of the course: paid for, given, or not (figures.ts). */
  access: CourseAccess;
  /** When she signed up, ISO 8601. */
  joinedAt: string;
  /** Her latest session's last use, ISO 8601; null: never signed in (or all her sessions are gone). */
  lastActiveAt: string | null;
  dueDate: CalendarDate | null;
  role: string;
}

export interface MemberPage {
  members: MemberRow[];
  /** For the page after this one; null on the last page. */
  nextCursor: string | null;
  /** How many members match the filters, on every page. */
  total: number;
}

/** The members the filters find, a page at a time; their days are days on the owner's clock (`timeZone`). */
export async function searchMembers(
  db: Db,
  filters: MemberFilters,
  {
    cursor,
    limit = PAGE_SIZE,
    timeZone = "UTC",
    now = new Date(),
  }: { cursor?: string; limit?: number; timeZone?: string; now?: Date } = {},
): Promise<MemberPage> {
  const size = pageSize(limit);
  const postgres = isPostgres(db);
  // Her today (in her time zone) only when the search asks whether she has begun the programme.
  const todayOf = filters.programme ? await todayOfEach(db, now) : null;
  const conditions = filterConditions(filters, postgres, timeZone, todayOf);
  const after = decodeTimeCursor(cursor);

  // Counting joins the programme only for the due date (the tier is looked up): without it, counting
  // every member reads one index.
  const withProgramme = filters.dueFrom !== undefined || filters.dueTo !== undefined;
  const [rows, counted] = await Promise.all([
    db
      .selectFrom("user")
      .leftJoin("profiles", "profiles.id", "user.id")
      .leftJoin("member_access", "member_access.user_id", "user.id")
      .leftJoin("programme_settings", "programme_settings.user_id", "user.id")
      .select(memberColumns(postgres))
      .where((eb) => eb.and(after ? [...conditions, before(after, postgres)] : conditions))
      // One more than the page: whether there is a next page, without counting.
      .orderBy("user.createdAt", "desc")
      .orderBy("user.id", "desc")
      .limit(size + 1)
      .execute(),
    db
      .selectFrom("user")
      .$if(withProgramme, (query) =>
        query.leftJoin("programme_settings", "programme_settings.user_id", "user.id"),
      )
      .select((eb) => eb.fn.countAll().as("total"))
      .where((eb) => eb.and(conditions))
      .executeTakeFirstOrThrow(),
  ]);

  const page = rows.slice(0, size);
  const active = await lastActiveOf(
    db,
    page.map((row) => row.id),
  );
  const last = page.at(-1);
  return {
    members: page.map((row) => toMemberRow(row, active.get(row.id) ?? null)),
    nextCursor: rows.length > size && last ? encodeTimeCursor({ key: last.created_key, id: last.id }) : null,
    total: Number(counted.total),
  };
}

function pageSize(limit: number): number {
  if (!Number.isFinite(limit)) return PAGE_SIZE;
  return Math.min(PAGE_SIZE_MAX, Math.max(1, Math.floor(limit)));
}

/**
 * The search's filters as SQL conditions. Days are the owner's (in her time
 * zone), as the studio shows them; an end day includes the whole of it, so
 * it is compared as "before the next day". A due date is a day already.
 * Without "who", the members: never an owner's account or a birth partner's.
 */
function filterConditions(
  filters: MemberFilters,
  postgres: boolean,
  timeZone: string,
  todayOf: TodayOf | null,
): Expression<SqlBool>[] {
  const startOfDay = (day: CalendarDate) => startOfDayIn(day, timeZone).toISOString();
  const endOfDay = (day: CalendarDate) => startOfDay(addDays(day, 1));
  const conditions: Expression<SqlBool>[] = [
    filters.who === "owners"
      ? isOwnerAccount
      : filters.who === "partners"
        ? sql<SqlBool>`(${isBirthPartner} and not ${isOwnerAccount})`
        : isMember,
  ];
  if (filters.query) {
    // Bound, with LIKE's own wildcards escaped: "50%" finds "50%", not "50 anything".
    const pattern = `%${escapeLike(filters.query)}%`;
    // SQLite's LIKE already ignores case (for ASCII letters); PostgreSQL needs ILIKE.
    const like = postgres ? sql`ilike` : sql`like`;
    conditions.push(
      sql<SqlBool>`("user"."email" ${like} ${pattern} escape '\\' or "user"."name" ${like} ${pattern} escape '\\')`,
    );
  }
  if (filters.tier) {
    // Whether her id is in the set of those with the course, and of those whose payment stands
    // (figures.server.ts): the search still walks the members in sign-up order and stops at a page.
    conditions.push(hasCourseAccess(filters.tier));
  }
  if (filters.programme && todayOf) {
    conditions.push(
      filters.programme === "begun" ? hasBegun(todayOf) : sql<SqlBool>`not ${hasBegun(todayOf)}`,
    );
  }
  if (filters.joinedFrom)
    conditions.push(sql<SqlBool>`"user"."createdAt" >= ${startOfDay(filters.joinedFrom)}`);
  if (filters.joinedTo) conditions.push(sql<SqlBool>`"user"."createdAt" < ${endOfDay(filters.joinedTo)}`);
  if (filters.dueFrom) conditions.push(sql<SqlBool>`programme_settings.due_date >= ${filters.dueFrom}`);
  if (filters.dueTo) conditions.push(sql<SqlBool>`programme_settings.due_date <= ${filters.dueTo}`);
  if (filters.activeFrom || filters.activeTo)
    conditions.push(lastActiveBetween(filters, startOfDay, endOfDay));
  return conditions;
}

/**
 * Her last activity (her latest session's last use) within the range. Worked
 * from the sessions rather than from each member's latest one: the members
 * with a session used in the range, less those with one used after it. The
 * first is a range of the session index, so a narrow range reads only its
 * own sessions instead of every member's latest.
 */
function lastActiveBetween(
  { activeFrom, activeTo }: MemberFilters,
  startOfDay: (day: CalendarDate) => string,
  endOfDay: (day: CalendarDate) => string,
): Expression<SqlBool> {
  const from = activeFrom ? sql`and "updatedAt" >= ${startOfDay(activeFrom)}` : sql``;
  const to = activeTo ? sql`and "updatedAt" < ${endOfDay(activeTo)}` : sql``;
  const inRange = sql<SqlBool>`"user"."id" in (
    select "userId" from "session" where "impersonatedBy" is null ${from} ${to}
  )`;
  if (!activeTo) return inRange;
  return sql<SqlBool>`(${inRange} and not exists (
    select 1 from "session" later
    where later."userId" = "user"."id" and later."impersonatedBy" is null
      and later."updatedAt" >= ${endOfDay(activeTo)}
  ))`;
}

/**
 * When each of these members was last active: her sessions' latest use. A
 * session the owner opened as her (impersonation) is the owner's activity,
 * not hers. Read for the page's members only, once the page is known.
 */
async function lastActiveOf(db: Db, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("session")
    .select((eb) => ["userId", eb.fn.max("updatedAt").as("last_active_at")])
    .where("userId", "in", userIds)
    .where("impersonatedBy", "is", null)
    .groupBy("userId")
    .execute();
  return new Map(rows.map((row) => [row.userId, iso(row.last_active_at)]));
}

function memberColumns(postgres: boolean) {
  return [
    "user.id",
    "user.name",
    "user.email",
    "user.role",
    "user.createdAt",
    "member_access.subscription_tier",
    "programme_settings.due_date",
    // What she has of the course, by the rule itself (figures.ts), from her access row and her payment.
    "member_access.course_access",
    hasStandingPayment.as("payment_stands"),
    // The sort key exactly as stored, for the cursor: PostgreSQL keeps microseconds, which a Date would lose.
    (postgres ? sql<string>`"user"."createdAt"::text` : sql<string>`"user"."createdAt"`).as("created_key"),
  ] as const;
}

interface MemberRecord {
  id: string;
  name: string;
  email: string;
  role: string;
  createdAt: Date | string;
  subscription_tier: MemberTier | null;
  course_access: boolean | number | null;
  payment_stands: boolean | number;
  due_date: string | null;
}

function toMemberRow(row: MemberRecord, lastActiveAt: string | null): MemberRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    // Without an access row, she is on the free tier.
    tier: row.subscription_tier ?? "free",
    access: courseAccess({
      hasCourse: hasTheCourse({ tier: row.subscription_tier, courseAccess: Boolean(row.course_access) }),
      paymentStands: Boolean(row.payment_stands),
    }),
    joinedAt: iso(row.createdAt),
    lastActiveAt,
    dueDate: row.due_date,
    role: row.role,
  };
}

/** Rows after the cursor's in the search's order (newest first, then by id): one range of the sign-up index. */
function before(cursor: TimeCursor, postgres: boolean): Expression<SqlBool> {
  const key = postgres ? sql`cast(${cursor.key} as timestamptz)` : sql`${cursor.key}`;
  return sql<SqlBool>`("user"."createdAt", "user"."id") < (${key}, ${cursor.id})`;
}

/* One member. */

interface MemberPurchase {
  id: string;
  provider: PurchaseProvider;
  /** In minor units (cents). */
  amount: number;
  currency: string;
  status: PurchaseStatus;
  /** Stripe's PaymentIntent id or PayPal's order id, to find it in their dashboards. */
  providerId: string;
  createdAt: string;
  refundedAt?: string;
  /** When it was paid, ISO 8601; null if it never was. */
  paidAt: string | null;
  /** Whole days left of the 30-day guarantee; null when it was never paid. */
  guaranteeDaysLeft: number | null;
  /** Whether the studio can refund it now, or how it was refunded. */
  refund: RefundState;
}

interface MemberProgramme {
  /** Days of her fourteen done, as her own pages count them ("x of 14 days done", progress.ts). */
  daysCompleted: number;
  /** Her streak as it stands today (her today, in her time zone); absent until she first practises. */
  currentStreak?: number;
  /** Her programme's first day, once she has saved a date. */
  startedOn?: CalendarDate;
}

interface MemberListen {
  trackId: string;
  trackTitle: string;
  /** When she finished it, ISO 8601. */
  at: string;
}

interface MemberEmail {
  kind: string;
  /** What it was, in the owner's words (never its subject, which can hold a sign-in code). */
  what: string;
  createdAt: string;
  status: EmailStatus;
}

export interface MemberDetail extends MemberRow {
  purchases: MemberPurchase[];
  programme: MemberProgramme;
  /** Her latest finished listens, newest first (at most 10). */
  lastListens: MemberListen[];
  /** The latest emails sent (or queued) to her address, newest first (at most 20): what and when, never the body. */
  emailsSent: MemberEmail[];
}

const LISTENS_SHOWN = 10;
const EMAILS_SHOWN = 20;

/** One member as the studio shows her, or null when there is no such account. */
export async function memberDetail(db: Db, userId: string, now = new Date()): Promise<MemberDetail | null> {
  const member = await db
    .selectFrom("user")
    .leftJoin("profiles", "profiles.id", "user.id")
    .leftJoin("member_access", "member_access.user_id", "user.id")
    .leftJoin("programme_settings", "programme_settings.user_id", "user.id")
    .select(memberColumns(isPostgres(db)))
    .select(["profiles.time_zone", "programme_settings.program_start_date"])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  if (!member) return null;

  const today = todayIn(member.time_zone ?? "UTC", now);
  const [active, purchases, days, practice, listens, emails] = await Promise.all([
    lastActiveOf(db, [userId]),
    db
      .selectFrom("purchases")
      .select([
        "id",
        "provider",
        "amount_minor",
        "currency",
        "status",
        "provider_payment_id",
        "created_at",
        "succeeded_at",
        "refunded_at",
        "refund_reason",
        "refund_started_at",
      ])
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .execute(),
    db
      .selectFrom("program_schedule")
      .select(["scheduled_date", "completed"])
      .where("user_id", "=", userId)
      .execute(),
    db
      .selectFrom("user_progress")
      .select(["last_daily_audio_date", "affirmation_streak", "longest_streak", "last_rest_day"])
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("audio_progress")
      .select(["audio_id", "audio_title", "completion_date"])
      .where("user_id", "=", userId)
      .where("completion_date", "is not", null)
      .orderBy("completion_date", "desc")
      .limit(LISTENS_SHOWN)
      .execute(),
    // Only what kind was sent and when: subjects and bodies can hold sign-in codes and links.
    db
      .selectFrom("email_outbox")
      .select(["kind", "created_at", "status"])
      .where("to_address", "=", normalizeEmail(member.email))
      .orderBy("created_at", "desc")
      .limit(EMAILS_SHOWN)
      .execute(),
  ]);

  const programme: MemberProgramme = {
    daysCompleted: programmeDaysDone(
      days.map((day) => ({ date: day.scheduled_date, completed: Boolean(day.completed) })),
      today,
    ),
  };
  if (practice?.last_daily_audio_date) {
    // The programme's own rule, on her own calendar day.
    programme.currentStreak = currentStreak(
      {
        lastPracticeDate: practice.last_daily_audio_date,
        streak: practice.affirmation_streak,
        longest: practice.longest_streak,
        lastRestDay: practice.last_rest_day,
      },
      today,
    );
  }
  if (member.program_start_date) programme.startedOn = member.program_start_date;

  return {
    ...toMemberRow(member, active.get(userId) ?? null),
    purchases: purchases.map((row) => toPurchase(row, now)),
    programme,
    lastListens: listens.map((row) => ({
      trackId: row.audio_id,
      // The catalogue's title today; the stored one for a track it no longer has.
      trackTitle: findTrack(row.audio_id)?.title ?? row.audio_title,
      at: iso(row.completion_date!),
    })),
    emailsSent: emails.map((row) => ({
      kind: row.kind,
      what: emailKindLabel(row.kind),
      createdAt: iso(row.created_at),
      status: row.status,
    })),
  };
}

function toPurchase(
  row: {
    id: string;
    provider: PurchaseProvider;
    amount_minor: number;
    currency: string;
    status: PurchaseStatus;
    provider_payment_id: string;
    created_at: Date | string;
    succeeded_at: Date | string | null;
    refunded_at: Date | string | null;
    refund_reason: string | null;
    refund_started_at: Date | string | null;
  },
  now: Date,
): MemberPurchase {
  const paidAt = row.succeeded_at === null ? null : iso(row.succeeded_at);
  return {
    id: row.id,
    provider: row.provider,
    amount: Number(row.amount_minor),
    currency: row.currency,
    status: row.status,
    providerId: row.provider_payment_id,
    createdAt: iso(row.created_at),
    ...(row.refunded_at === null ? {} : { refundedAt: iso(row.refunded_at) }),
    paidAt,
    guaranteeDaysLeft: paidAt && row.status === "succeeded" ? guaranteeDaysLeft(new Date(paidAt), now) : null,
    refund: refundStateOf(
      {
        status: row.status,
        refundedAt: row.refunded_at === null ? null : iso(row.refunded_at),
        refundReason: row.refund_reason,
        refundStartedAt: row.refund_started_at === null ? null : iso(row.refund_started_at),
      },
      now,
    ),
  };
}

/* Small helpers. */

/** A timestamp as ISO 8601 text: SQLite hands back text, PostgreSQL a Date. */
const iso = (value: Date | string) => new Date(value).toISOString();

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
