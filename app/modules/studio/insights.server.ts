import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import type { Db } from "#app/platform/db.server.ts";
import { ALL_SESSIONS } from "#app/modules/catalogue/tracks.ts";
import type { CalendarDate } from "#app/modules/calendar/dates.ts";
import { PROGRAMME_LENGTH_DAYS } from "#app/modules/program/program.ts";
import { studioWeeks, type StudioWeek } from "./figures.ts";
import { hasMadePayment, isMember, isOwnerAccount, todayOfEach, type TodayOf } from "./figures.server.ts";
import { biggestDrop, extremes, fillWeeks, share, type Drop } from "./insights.ts";

/**
 * The studio's insights: how people join, buy and practise, week by week and
 * day by day. Each chart is one SQL aggregate, grouped in the database, so the
 * page never loads members to count them; the weeks an aggregate has no group
 * for are filled in after. Its words are the studio's figures' (figures.ts):
 * a **member**, a **payment** (refunded since or not, in the week it went
 * through), her **today** (her own time zone). The figures above the charts
 * (members, the course, began the programme) are `studioFigures`'.
 *
 * - A **sign-up** is a member's account made that week (`user.createdAt`). A deleted account is gone from these.
 * - A deleted member's payments are kept anonymously, and still count.
 * - **Cohort conversion**: of the members who signed up in a week, the share who have made a payment by now.
 * - Weeks are Monday to Sunday on the owner's clock (`studioWeeks`): this one (so far) and the eleven before it.
 */

/** How many weeks the weekly figures cover: this one and the eleven before it. */
const INSIGHT_WEEKS = 12;

interface WeekFigures {
  /** The week's Monday, 'yyyy-MM-dd'. */
  week: CalendarDate;
  signUps: number;
  /** Payments that went through in the week. */
  payments: number;
  /** Of the week's payments, those refunded since. */
  refunded: number;
}

interface CohortFigures {
  /** The Monday of the week they signed up. */
  week: CalendarDate;
  signUps: number;
  /** Of them, those who have made a payment (by now, refunded since or not). */
  bought: number;
  /** bought / signUps; null for a week nobody signed up. */
  share: number | null;
}

interface DayAdherence {
  /** 1–14. */
  day: number;
  /** Members whose programme has passed this day (its date is before her today, in her time zone). */
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
  /** Of each week's sign-ups, those who have made a payment by now. */
  cohorts: CohortFigures[];
  adherence: {
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

export async function studioInsights(
  db: Db,
  { now, timeZone }: { now: Date; timeZone: string },
): Promise<StudioInsights> {
  const weeks = studioWeeks(now, timeZone, INSIGHT_WEEKS);
  const todayOf = await todayOfEach(db, now);
  const [cohorts, payments, days, tracks] = await Promise.all([
    signUpWeeks(db, weeks),
    paymentWeeks(db, weeks),
    programmeDays(db, todayOf),
    trackCompletions(db),
  ]);

  const mondays = weeks.map((week) => week.week);
  const cohortWeeks = fillWeeks(mondays, cohorts, (week) => ({ week, signUps: 0, bought: 0 }));
  const paymentsByWeek = fillWeeks(mondays, payments, (week) => ({ week, payments: 0, refunded: 0 }));
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
    weeks: mondays.map((week, index) => ({
      week,
      signUps: cohortWeeks[index]!.signUps,
      payments: paymentsByWeek[index]!.payments,
      refunded: paymentsByWeek[index]!.refunded,
    })),
    cohorts: cohortWeeks.map((cohort) => ({ ...cohort, share: share(cohort.bought, cohort.signUps) })),
    adherence: { days: adherence, biggestDrop: biggestDrop(adherence) },
    tracks: { all, ...extremes(all, (track) => track.completedBy) },
  };
}

/**
 * A moment's week, by its index among `weeks` (0 the oldest), compared with
 * each week's first moment: the same bound instants on both engines.
 */
function weekIndex(column: Expression<unknown>, weeks: readonly StudioWeek[]): RawBuilder<number> {
  const cases = weeks
    .map((week, index) => sql`when ${column} >= ${week.from} then ${sql.lit(index)}`)
    .reverse();
  return sql<number>`(case ${sql.join(cases, sql` `)} end)`;
}

/** Only moments within the weeks. */
function inWeeks(column: Expression<unknown>, weeks: readonly StudioWeek[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${column} >= ${weeks[0]!.from} and ${column} < ${weeks.at(-1)!.to})`;
}

/** Members who signed up each week, and how many of them have made a payment by now. */
async function signUpWeeks(db: Db, weeks: readonly StudioWeek[]) {
  const joined = sql.ref("user.createdAt");
  const rows = await db
    .selectFrom("user")
    .select([
      weekIndex(joined, weeks).as("bucket"),
      sql<number>`count(*)`.as("signUps"),
      sql<number>`sum(case when ${hasMadePayment} then 1 else 0 end)`.as("bought"),
    ])
    .where(isMember)
    .where(inWeeks(joined, weeks))
    // By the column's name: the same parameters twice would be two expressions to PostgreSQL.
    .groupBy(sql.ref("bucket"))
    .execute();
  return rows.map((row) => ({
    week: weeks[Number(row.bucket)]!.week,
    signUps: Number(row.signUps),
    bought: Number(row.bought ?? 0),
  }));
}

/** Payments by the week they went through, with how many were refunded afterwards. */
async function paymentWeeks(db: Db, weeks: readonly StudioWeek[]) {
  const paid = sql.ref("purchases.succeeded_at");
  const rows = await db
    .selectFrom("purchases")
    .select([
      weekIndex(paid, weeks).as("bucket"),
      sql<number>`count(*)`.as("payments"),
      sql<number>`sum(case when purchases.status = 'refunded' then 1 else 0 end)`.as("refunded"),
    ])
    .where("purchases.succeeded_at", "is not", null)
    .where(inWeeks(paid, weeks))
    .groupBy(sql.ref("bucket"))
    .execute();
  return rows.map((row) => ({
    week: weeks[Number(row.bucket)]!.week,
    payments: Number(row.payments),
    refunded: Number(row.refunded ?? 0),
  }));
}

/**
 * Programme adherence, per day of the fourteen. A member's programme is her
 * `program_schedule`: fourteen rows, written when she saves her due (or
 * induction) date or first practises, day n being week_number's (n - 1) div 7
 * + 1 and day_of_week's (n - 1) mod 7 + 1, its date `scheduled_date`. A day is
 * **completed** when its row is ticked (`completed`: Mark as Complete for
 * that day, or the day's checkbox); a ticked day stays ticked if she moves her
 * dates. A day is **reached** once its date is before her today (her time
 * zone), so she had the whole of it: a programme not begun, or a day still to
 * come, is not a drop.
 */
async function programmeDays(db: Db, todayOf: TodayOf) {
  const day = sql<number>`(program_schedule.week_number - 1) * 7 + program_schedule.day_of_week`;
  const rows = await db
    .selectFrom("program_schedule")
    .innerJoin("user", "user.id", "program_schedule.user_id")
    .select([
      day.as("day"),
      sql<number>`count(*)`.as("reached"),
      sql<number>`sum(case when program_schedule.completed then 1 else 0 end)`.as("completed"),
    ])
    .where(isMember)
    .where(sql<SqlBool>`program_schedule.scheduled_date < ${todayOf(sql.ref("program_schedule.user_id"))}`)
    .groupBy(["program_schedule.week_number", "program_schedule.day_of_week"])
    .execute();
  return rows.map((row) => ({
    day: Number(row.day),
    reached: Number(row.reached),
    completed: Number(row.completed ?? 0),
  }));
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
    .where(sql<SqlBool>`not ${isOwnerAccount}`)
    .groupBy("audio_progress.audio_id")
    .execute();
  return new Map(
    rows.map((row) => [
      row.audio_id,
      { completedBy: Number(row.completedBy), listens: Number(row.listens ?? 0) },
    ]),
  );
}
