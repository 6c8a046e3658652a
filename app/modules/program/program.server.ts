import crypto from "node:crypto";
import { sql } from "kysely";
import type { Db } from "#app/platform/db.server.ts";
import { canPlayTrack, type Viewer } from "#app/modules/catalogue/access.ts";
import { arrivalFrom, type BabyArrival } from "#app/modules/accounts/baby.ts";
import { setTimeZone } from "#app/modules/accounts/profile.server.ts";
import { findTrack, type Track } from "#app/modules/catalogue/tracks.ts";
import { markListened, markPractised, recordDayListen } from "#app/modules/listening/listening.server.ts";
import { addDays, isValidTimeZone, type CalendarDate } from "#app/modules/calendar/dates.ts";
import {
  keepDefaultProgrammeStart,
  setCurrentStreak,
  setProgrammeDates,
} from "./programme-settings.server.ts";
import { streaksShown } from "./postnatal.ts";
import { REST_DAY_EVERY, type StreakState } from "./practice.ts";
import {
  currentWeek,
  defaultDueDate,
  PROGRAMME_LENGTH_DAYS,
  PROGRAMME_TRACKS,
  programmeDays,
  programmeStart,
} from "./program.ts";
import { dayIsOpen, opensOn, type FinishedSession } from "./progress.ts";
import { standInFor, startOf, todaysPractice } from "./today.ts";

/**
 * The programme's reads and writes, always for the session's member (the
 * caller passes the member's id from the session, never from a request).
 */

const bool = (value: unknown) => Boolean(value);

interface ScheduleRow {
  /** Null for the default, unsaved schedule (it toggles in the browser only). */
  id: string | null;
  week: 1 | 2;
  day: number;
  trackId: string;
  activity: string;
  date: CalendarDate;
  completed: boolean;
}

export interface Programme {
  hasSavedDate: boolean;
  dueDate: CalendarDate;
  isInduction: boolean;
  start: CalendarDate;
  week: 1 | 2;
  schedule: ScheduleRow[];
  practice: StreakState;
  /** She has chosen not to see streaks and their badges (her profile's setting; `streaksShown` decides). */
  hideStreaks: boolean;
  /** The day she chose "Start gently now" (the early plan); null: she hasn't. */
  earlyPlanFrom: CalendarDate | null;
  /** Her baby's arrival, once she has marked it: her pages are postnatal (`isPostnatal`). */
  baby: BabyArrival | null;
  /** Her sessions finished (audio_progress, completed): her library's and her programme days'. */
  finished: FinishedSession[];
}

export async function loadProgramme(db: Db, userId: string, today: CalendarDate): Promise<Programme> {
  const [profile, rows, progress, listened] = await Promise.all([
    db
      .selectFrom("programme_settings")
      .select([
        "due_date",
        "is_induction",
        "program_start_date",
        "hide_streaks",
        "baby_born_on",
        "baby_name",
        "early_plan_from",
      ])
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("program_schedule")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("week_number")
      .orderBy("day_of_week")
      .execute(),
    db.selectFrom("user_progress").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    db
      .selectFrom("audio_progress")
      .select(["audio_id", "scheduled_week"])
      .where("user_id", "=", userId)
      .where("completed", "=", true)
      .execute(),
  ]);
  const hasSavedDate = Boolean(profile?.due_date);
  const start = startOf(profile, today);
  // The Default Schedule kept from her first practice assumes the due date it was laid out from.
  const dueDate =
    profile?.due_date ??
    (profile?.program_start_date ? addDays(start, PROGRAMME_LENGTH_DAYS) : defaultDueDate(today));
  const schedule: ScheduleRow[] =
    rows.length > 0
      ? rows.map((row) => ({
          id: row.id,
          week: row.week_number as 1 | 2,
          day: row.day_of_week,
          trackId: trackIdForActivity(row.week_number, row.day_of_week),
          activity: row.activity,
          date: row.scheduled_date,
          completed: bool(row.completed),
        }))
      : programmeDays(start).map((day) => ({ id: null, ...day, completed: false }));
  return {
    hasSavedDate,
    dueDate,
    isInduction: bool(profile?.is_induction),
    start,
    week: currentWeek(start, today),
    schedule,
    practice: {
      lastPracticeDate: progress?.last_daily_audio_date ?? null,
      streak: progress?.affirmation_streak ?? 0,
      longest: progress?.longest_streak ?? 0,
      lastRestDay: progress?.last_rest_day ?? null,
    },
    hideStreaks: bool(profile?.hide_streaks),
    earlyPlanFrom: profile?.early_plan_from ?? null,
    baby: arrivalFrom(profile),
    finished: listened.map((row) => ({ trackId: row.audio_id, week: row.scheduled_week })),
  };
}

function trackIdForActivity(week: number, day: number) {
  return PROGRAMME_TRACKS[week - 1]?.[day - 1] ?? "";
}

/**
 * Saves the due (or induction) date and lays out the 14 days from it, in one
 * transaction (`layOutDays`): a ticked day stays ticked while its day has come.
 */
export async function saveDueDate(
  db: Db,
  userId: string,
  input: { dueDate: CalendarDate; isInduction?: boolean; timeZone?: string },
  today: CalendarDate,
  now = new Date(),
) {
  const start = programmeStart(input.dueDate, today);
  await db.transaction().execute(async (trx) => {
    await setProgrammeDates(
      trx,
      userId,
      {
        due_date: input.dueDate,
        program_start_date: start,
        current_week: currentWeek(start, today),
        ...(input.isInduction === undefined ? {} : { is_induction: input.isInduction }),
      },
      now.toISOString(),
    );
    if (input.timeZone && isValidTimeZone(input.timeZone)) {
      await setTimeZone(trx, userId, input.timeZone, now.toISOString());
    }
    await layOutDays(trx, userId, start, today);
  });
  return { start };
}

/**
 * Writes her fourteen days from `start` on their unique key, so two writers at
 * once still leave exactly 14; a day moved past her today is no longer done.
 */
async function layOutDays(trx: Db, userId: string, start: CalendarDate, today: CalendarDate) {
  for (const day of programmeDays(start)) {
    await trx
      .insertInto("program_schedule")
      .values({
        id: crypto.randomUUID(),
        user_id: userId,
        week_number: day.week,
        day_of_week: day.day,
        activity: day.activity,
        scheduled_date: day.date,
        completed: false,
      })
      .onConflict((oc) =>
        oc.columns(["user_id", "week_number", "day_of_week"]).doUpdateSet({
          scheduled_date: day.date,
          activity: day.activity,
          // A day moved to after her today is still to come, so it isn't done (her practice still counts).
          ...(dayIsOpen(day.date, today) ? {} : { completed: false, completed_at: null }),
        }),
      )
      .execute();
  }
}

/**
 * Ticks or unticks one of the member's own days. A day opens on its date
 * (`dayIsOpen`): ticking one still to come changes nothing and answers with
 * its date; "missing" when no such day is hers.
 */
export async function setActivityCompleted(
  db: Db,
  userId: string,
  rowId: string,
  completed: boolean,
  today: CalendarDate,
  now = new Date(),
): Promise<"done" | "missing" | { opensOn: CalendarDate }> {
  const result = await db
    .updateTable("program_schedule")
    .set({ completed, completed_at: completed ? now.toISOString() : null })
    .where("id", "=", rowId)
    .where("user_id", "=", userId)
    .$if(completed, (query) => query.where("scheduled_date", "<=", today))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return "done";
  const row = await db
    .selectFrom("program_schedule")
    .select("scheduled_date")
    .where("id", "=", rowId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? { opensOn: row.scheduled_date } : "missing";
}

/** The dashboard's checkbox: completed and listened-offline together, with the date set or cleared. */
export async function setTrackListened(
  db: Db,
  userId: string,
  trackId: string,
  listened: boolean,
  now = new Date(),
) {
  const track = findTrack(trackId);
  if (!track) return false;
  await markListened(db, userId, track, listened, now);
  return true;
}

/**
 * Mark as Complete: a day's practice counts once, however often (or however
 * concurrently) it is sent. `day` is her calendar date when she practised:
 * today, or a day within the last week sent late from her device's outbox
 * (the caller checks it: `isPractiseDay`). The streak counts the day she
 * practised, not the day it arrived:
 * - after the last day practised: the day after it continues the streak; so
 *   does the day after that when a rest day is free for the one day missed
 *   (`restDayFor` in practice.ts: the same rule), which becomes her last rest
 *   day; a later one starts again at 1;
 * - the last day practised again: nothing (one completion per day is what
 *   makes a retry harmless);
 * - before it: her schedule's day is ticked, and the streak is left alone.
 *   user_progress keeps only the last day and the run ending on it, not every
 *   day, so an earlier day can't be placed in that run (it may join two runs,
 *   or fall inside one); it arrives this way only when a later day was counted
 *   first, from another device.
 * The streak and the rest day move in one conditional UPDATE, so two
 * requests can't both count (or both rest); the day's schedule row and audio
 * progress are written in the same transaction.
 */
export async function completeDailyPractice(
  db: Db,
  userId: string,
  day: CalendarDate,
  now = new Date(),
  viewer: Viewer = FREE_MEMBER,
) {
  const dayBefore = addDays(day, -1);
  return db.transaction().execute(async (trx) => {
    // The track she practised with: the day's own, a free one standing in for it, or before her programme
    // what she can play (today.ts); it is ticked in her library, and a programme day's row names it.
    const practised = async () => {
      const start = await keepDefaultSchedule(trx, userId, day, now);
      const track = todaysPractice(start, day, viewer).track;
      await markPractised(trx, userId, track, now);
      return track;
    };
    // Only to word the answer kindly (a streak starting again); the UPDATE below decides what counts.
    const before = await trx
      .selectFrom("user_progress")
      .select("last_daily_audio_date")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    await trx
      .insertInto("user_progress")
      .values({ user_id: userId, daily_audio_completed: false })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
    // One day missed, and no rest day in the 6 days before it: that day is her rest day.
    const rests = sql<boolean>`(last_daily_audio_date = ${addDays(day, -2)} and (last_rest_day is null or last_rest_day <= ${addDays(dayBefore, -REST_DAY_EVERY)}))`;
    const nextStreak = sql<number>`case when last_daily_audio_date = ${dayBefore} or ${rests} then affirmation_streak + 1 else 1 end`;
    const updated = await trx
      .updateTable("user_progress")
      .set({
        affirmation_streak: nextStreak,
        longest_streak: sql<number>`case when longest_streak < (${nextStreak}) then (${nextStreak}) else longest_streak end`,
        last_rest_day: sql<string | null>`case when ${rests} then ${dayBefore} else last_rest_day end`,
        last_daily_audio_date: day,
        daily_audio_completed: true,
        updated_at: now.toISOString(),
      })
      .where("user_id", "=", userId)
      .where((eb) => eb.or([eb("last_daily_audio_date", "is", null), eb("last_daily_audio_date", "<", day)]))
      .returning(["affirmation_streak", "longest_streak", "last_rest_day"])
      .executeTakeFirst();
    if (updated) {
      await setCurrentStreak(trx, userId, updated.affirmation_streak);
      await tickPractisedDay(trx, userId, day, now, await practised(), { evenIfTicked: true });
      const continued = updated.affirmation_streak > 1;
      return {
        counted: true,
        continued,
        streak: updated.affirmation_streak,
        rested: updated.last_rest_day === dayBefore,
        startedAgain: !continued && Boolean(before?.last_daily_audio_date),
      };
    }
    const row = await trx
      .selectFrom("user_progress")
      .select(["affirmation_streak", "last_daily_audio_date"])
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    const counted =
      row.last_daily_audio_date !== day && (await tickPractisedDay(trx, userId, day, now, await practised()));
    return { counted, continued: false, streak: row.affirmation_streak, rested: false, startedAgain: false };
  });
}

/** Who a caller that doesn't say is: a member without the Complete Course. */
const FREE_MEMBER: Viewer = { signedIn: true, hasPremium: false };

/**
 * Her programme's start for a practice on `day`. With no date saved and no
 * days yet, the Default Schedule she practised on is kept from that day (its
 * fourteen days written, starting then), so the day she did counts on every
 * page, and her saved date moves the days later as any date does.
 */
async function keepDefaultSchedule(trx: Db, userId: string, day: CalendarDate, now: Date) {
  const profile = await trx
    .selectFrom("programme_settings")
    .select(["due_date", "program_start_date"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (profile?.due_date || profile?.program_start_date) return startOf(profile, day);
  await keepDefaultProgrammeStart(trx, userId, day, now.toISOString());
  await layOutDays(trx, userId, day, day);
  return day;
}

/**
 * Ticks her schedule's day for `day` and records it done with `track` (the one
 * she practised with); false when she has no day on that date, or (unless
 * `evenIfTicked`) it was ticked already.
 */
async function tickPractisedDay(
  trx: Db,
  userId: string,
  day: CalendarDate,
  now: Date,
  track: Track,
  { evenIfTicked = false } = {},
) {
  const ticked = await trx
    .updateTable("program_schedule")
    .set({ completed: true, completed_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("scheduled_date", "=", day)
    .$if(!evenIfTicked, (query) => query.where("completed", "=", false))
    .returning(["week_number", "day_of_week"])
    .executeTakeFirst();
  if (!ticked) return false;
  await recordDayListen(trx, userId, track, { week: ticked.week_number, day: ticked.day_of_week }, now);
  return true;
}

/** Today's practice, from the programme's point of view. */
/**
 * The schedule as the pages show it: for a day the member can't play, the free
 * track to practise with; her last rest day, when her pages show streaks (only
 * the last is kept: rest days are a week apart, so it is the one that matters now).
 */
export function scheduleFor(programme: Programme, today: CalendarDate, viewer: Viewer) {
  const restDay = streaksShown(programme) ? programme.practice.lastRestDay : null;
  return programme.schedule.map((day) => {
    const track = findTrack(day.trackId);
    return {
      id: day.id,
      week: day.week,
      day: day.day,
      activity: day.activity,
      date: day.date,
      completed: day.completed,
      practiseWith: track && !canPlayTrack(viewer, track) ? standInFor(day).title : null,
      isToday: day.date === today,
      opensOn: dayIsOpen(day.date, today) ? null : opensOn(day.date),
      restDay: day.date === restDay,
    };
  });
}

/** Today's practice for the member: the programme's track, or a free one standing in for it. */
export function practiceToday(programme: Programme, today: CalendarDate, viewer: Viewer) {
  return {
    ...todaysPractice(programme.start, today, viewer),
    practisedToday: programme.practice.lastPracticeDate === today,
  };
}

/**
 * Just today's track, for the player on every portal page: one read of the
 * member's profile instead of the whole programme.
 */
export async function trackForToday(db: Db, userId: string, today: CalendarDate, viewer: Viewer) {
  const profile = await db
    .selectFrom("programme_settings")
    .select(["due_date", "program_start_date"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return todaysPractice(startOf(profile, today), today, viewer).track;
}
