import { sql, type RawBuilder, type SqlBool } from "kysely";
import { isPostgres, type Db } from "#app/platform/db.server.ts";
import { ALL_SESSIONS } from "#app/modules/catalogue/tracks.ts";
import { todayIn, type CalendarDate } from "#app/modules/calendar/dates.ts";
import { PROGRAMME_LENGTH_DAYS } from "#app/modules/program/program.ts";
import { MEMBER_ROLE, OWNER_ROLE } from "./gate.ts";
import { biggestDrop, extremes, fillWeeks, lastWeeks, share, type Drop } from "./insights.ts";

/**
 * The studio's insights: how people join, buy and practise. Each figure is one
 * SQL aggregate, grouped in the database, so the page never loads members to
 * count them; the weeks an aggregate has no group for are filled in after.
 *
 * The words, exactly:
 * - A **member** is an account whose role is `member`: not an owner, not a birth partner's seat.
 * - A **sign-up** is a member's account made that week (`user.createdAt`). A deleted account is gone from these.
 * - A **purchase** is a payment that was granted: it succeeded (`succeeded_at` set), whether it has since been
 *   refunded or not; it counts in the week it succeeded. Of those, `refunded` says how many were refunded
 *   afterwards. A second payment (`duplicate`) or one refunded before it succeeded was never granted and does not
 *   count. A deleted member's purchases are kept anonymously, and still count.
 * - **Premium**: a member whose profile's tier is premium now (by a purchase, or given in the studio).
 * - **Cohort conversion**: of the members who signed up in a week, the share with a purchase (as above) by now.
 * - Weeks are ISO weeks, Monday to Sunday, in UTC: the current week (so far) and the eleven before it.
 */

interface WeekFigures {
  /** The week's Monday, 'yyyy-MM-dd'. */
  week: CalendarDate;
  signUps: number;
  purchases: number;
  /** Of the week's purchases, those refunded since. */
  refunded: number;
}

interface CohortFigures {
  /** The Monday of the week they signed up. */
  week: CalendarDate;
  signUps: number;
  /** Of them, those who bought (by now). */
  bought: number;
  /** bought / signUps; null for a week nobody signed up. */
  share: number | null;
}

interface DayAdherence {
  /** 1–14. */
  day: number;
  /** Members whose programme has passed this day (its date is before today, UTC). */
  reached: number;
  /** Of them, those who ticked it. */
  completed: number;
  /** completed / reached; null when nobody has reached the day yet. */
  share: number | null;
}

interface TrackFigures {
  id: string;
  title: string;
  /** Members (and birth partners) who completed it at least once. */
  completedBy: number;
  /** Finished listens in the library: each counted once, however often it was sent. */
  listens: number;
}

export interface StudioInsights {
  weeks: WeekFigures[];
  conversion: {
    members: number;
    premium: number;
    /** premium / members; null with no members. */
    share: number | null;
    cohorts: CohortFigures[];
  };
  adherence: {
    /** Members whose programme has begun (progress.ts): their first day is today or before, or they have done a day. */
    started: number;
    days: DayAdherence[];
    /** The biggest fall in share from one day to the next; null when it never falls. */
    biggestDrop: Drop | null;
  };
  tracks: {
    /** Every session in the catalogue, most completed first (then most listened, then the catalogue's order). */
    all: TrackFigures[];
    most: TrackFigures[];
    least: TrackFigures[];
  };
}

export async function studioInsights(db: Db, now = new Date()): Promise<StudioInsights> {
  const weeks = lastWeeks(now);
  const since = `${weeks[0]}T00:00:00.000Z`;
  const today = todayIn("UTC", now);
  const [cohorts, purchases, members, days, started, tracks] = await Promise.all([
    signUpWeeks(db, since),
    purchaseWeeks(db, since),
    memberTiers(db),
    programmeDays(db, today),
    programmesBegun(db, today),
    trackCompletions(db),
  ]);

  const cohortWeeks = fillWeeks(weeks, cohorts, (week) => ({ week, signUps: 0, bought: 0 }));
  const purchaseByWeek = fillWeeks(weeks, purchases, (week) => ({ week, purchases: 0, refunded: 0 }));
  const adherence = Array.from({ length: PROGRAMME_LENGTH_DAYS }, (_, index) => {
    const row = days.find((d) => d.day === index + 1);
    const reached = row?.reached ?? 0;
    const completed = row?.completed ?? 0;
    return { day: index + 1, reached, completed, share: share(completed, reached) };
  });
  const all = ALL_SESSIONS.map((track) => {
    const row = tracks.get(track.id);
    return {
      id: track.id,
      title: track.title,
      completedBy: row?.completedBy ?? 0,
      listens: row?.listens ?? 0,
    };
  }).sort((a, b) => b.completedBy - a.completedBy || b.listens - a.listens); // stable: the catalogue's order

  return {
    weeks: weeks.map((week, index) => ({
      week,
      signUps: cohortWeeks[index]!.signUps,
      purchases: purchaseByWeek[index]!.purchases,
      refunded: purchaseByWeek[index]!.refunded,
    })),
    conversion: {
      ...members,
      share: share(members.premium, members.members),
      cohorts: cohortWeeks.map((cohort) => ({ ...cohort, share: share(cohort.bought, cohort.signUps) })),
    },
    adherence: {
      started,
      days: adherence,
      biggestDrop: biggestDrop(adherence),
    },
    tracks: { all, ...extremes(all, (track) => track.completedBy) },
  };
}

/** A timestamp column's week, as its Monday 'yyyy-MM-dd' in UTC: ISO text on SQLite, timestamptz on PostgreSQL. */
function weekOf(db: Db, column: RawBuilder<unknown>): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`
    : // SQLite's date() reads the ISO text in UTC; 'weekday 0' moves on to the Sunday (or stays), six days back is its Monday.
      sql<string>`date(${column}, 'weekday 0', '-6 days')`;
}

/** A granted purchase: one that succeeded, refunded since or not. */
const granted = sql<SqlBool>`purchases.succeeded_at is not null`;

/** Members who signed up each week since `since`, and how many of them have bought by now. */
async function signUpWeeks(db: Db, since: string) {
  const week = weekOf(db, sql.ref("user.createdAt"));
  const rows = await db
    .selectFrom("user")
    .select([
      week.as("week"),
      sql<number>`count(*)`.as("signUps"),
      sql<number>`sum(case when exists (
        select 1 from purchases where purchases.user_id = "user"."id" and ${granted}
      ) then 1 else 0 end)`.as("bought"),
    ])
    .where("user.role", "=", MEMBER_ROLE)
    .where("user.createdAt", ">=", since)
    .groupBy(week)
    .execute();
  return rows.map((row) => ({
    week: row.week,
    signUps: Number(row.signUps),
    bought: Number(row.bought ?? 0),
  }));
}

/** Granted purchases by the week they succeeded, since `since`, with how many were refunded afterwards. */
async function purchaseWeeks(db: Db, since: string) {
  const week = weekOf(db, sql.ref("purchases.succeeded_at"));
  const rows = await db
    .selectFrom("purchases")
    .select([
      week.as("week"),
      sql<number>`count(*)`.as("purchases"),
      sql<number>`sum(case when purchases.status = 'refunded' then 1 else 0 end)`.as("refunded"),
    ])
    .where(granted)
    .where("purchases.succeeded_at", ">=", since)
    .groupBy(week)
    .execute();
  return rows.map((row) => ({
    week: row.week,
    purchases: Number(row.purchases),
    refunded: Number(row.refunded ?? 0),
  }));
}

/** Every member, and those on the premium tier now. */
async function memberTiers(db: Db) {
  const row = await db
    .selectFrom("user")
    .leftJoin("member_access", "member_access.user_id", "user.id")
    .select([
      sql<number>`count(*)`.as("members"),
      sql<number>`sum(case when member_access.subscription_tier = 'premium' then 1 else 0 end)`.as("premium"),
    ])
    .where("user.role", "=", MEMBER_ROLE)
    .executeTakeFirstOrThrow();
  return { members: Number(row.members), premium: Number(row.premium ?? 0) };
}

/**
 * Programme adherence, per day of the fourteen. A member's programme is her
 * `program_schedule`: fourteen rows, written when she saves her due (or
 * induction) date, day n being week_number's (n - 1) div 7 + 1 and
 * day_of_week's (n - 1) mod 7 + 1, its date `scheduled_date`. A day is
 * **completed** when its row is ticked (`completed`: Mark as Complete for
 * that day, or the day's checkbox); a ticked day stays ticked if she moves her
 * dates. A day is **reached** once its date is before today (UTC), so she had
 * the whole of it: a programme not begun, or a day still to come, is not a
 * drop. She **started** the programme once it has begun (`programmesBegun`).
 */
async function programmeDays(db: Db, today: CalendarDate) {
  const day = sql<number>`(program_schedule.week_number - 1) * 7 + program_schedule.day_of_week`;
  const rows = await db
    .selectFrom("program_schedule")
    .innerJoin("user", "user.id", "program_schedule.user_id")
    .select([
      day.as("day"),
      sql<number>`count(*)`.as("reached"),
      sql<number>`sum(case when program_schedule.completed then 1 else 0 end)`.as("completed"),
    ])
    .where("user.role", "=", MEMBER_ROLE)
    .where("program_schedule.scheduled_date", "<", today)
    .groupBy(["program_schedule.week_number", "program_schedule.day_of_week"])
    .execute();
  return rows.map((row) => ({
    day: Number(row.day),
    reached: Number(row.reached),
    completed: Number(row.completed ?? 0),
  }));
}

/**
 * Members whose programme has begun, as her own pages say (`programmeBegun`
 * in program/progress.ts): her first day is today or before, or she has done
 * a day (the Default Schedule she practised on counts, from that day).
 */
async function programmesBegun(db: Db, today: CalendarDate) {
  const row = await db
    .selectFrom("program_schedule")
    .innerJoin("user", "user.id", "program_schedule.user_id")
    .select(sql<number>`count(distinct program_schedule.user_id)`.as("begun"))
    .where("user.role", "=", MEMBER_ROLE)
    .where("program_schedule.scheduled_date", "<=", today)
    .where((eb) =>
      eb.or([
        eb.and([eb("program_schedule.week_number", "=", 1), eb("program_schedule.day_of_week", "=", 1)]),
        eb("program_schedule.completed", "=", true),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.begun);
}

/**
 * Per track, how many accounts completed it and how often it was finished. A
 * track is **completed** by whoever has an `audio_progress` row for it marked
 * completed: a finished listen or the "listened" tick in her library, or a
 * programme day practised with it. Its **listens** are the finished listens on
 * the library rows (`play_count`; a listen sent twice counts once). Members and
 * birth partners count (the partner sessions are theirs); owners don't. Rows
 * for tracks no longer in the catalogue are left to the page to ignore.
 */
async function trackCompletions(db: Db) {
  const rows = await db
    .selectFrom("audio_progress")
    .innerJoin("user", "user.id", "audio_progress.user_id")
    .select([
      "audio_progress.audio_id",
      sql<number>`count(distinct case when audio_progress.completed then audio_progress.user_id end)`.as(
        "completedBy",
      ),
      sql<number>`sum(case when audio_progress.scheduled_week = 0 and audio_progress.scheduled_day = 0
        then audio_progress.play_count else 0 end)`.as("listens"),
    ])
    // Better Auth keeps roles as a comma-separated list.
    .where(sql<SqlBool>`(',' || replace("user"."role", ' ', '') || ',') not like ${`%,${OWNER_ROLE},%`}`)
    .groupBy("audio_progress.audio_id")
    .execute();
  return new Map(
    rows.map((row) => [
      row.audio_id,
      { completedBy: Number(row.completedBy), listens: Number(row.listens ?? 0) },
    ]),
  );
}
