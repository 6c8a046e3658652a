import type { Db } from "#app/platform/db.server.ts";
import { arrivalFrom, type BabyArrival } from "#app/modules/accounts/baby.ts";
import type { CalendarDate } from "#app/modules/calendar/dates.ts";

/*
 * `programme_settings`' one writer: her programme's dates, the week and streak
 * her profile shows, "Hide streaks", the early plan and her baby's arrival.
 * A member without a row has the defaults (no dates, week 1, no streak, streaks
 * shown, no early plan, no baby yet); a write makes her row. Each function
 * takes the caller's transaction when it has one.
 */

type Values = {
  due_date?: CalendarDate | null;
  program_start_date?: CalendarDate | null;
  is_induction?: boolean;
  current_week?: number;
  current_streak?: number;
  hide_streaks?: boolean;
  early_plan_from?: CalendarDate | null;
  baby_born_on?: CalendarDate | null;
  baby_name?: string | null;
};

/** Writes `values` to her row, making it first if she has none. */
async function saveSettings(db: Db, userId: string, values: Values, at = new Date().toISOString()) {
  await db
    .insertInto("programme_settings")
    .values({ user_id: userId, ...values, updated_at: at })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...values, updated_at: at }))
    .execute();
}

/** The programme's dates as the member set them. */
export async function setProgrammeDates(
  db: Db,
  userId: string,
  dates: { due_date: string; program_start_date: string; current_week: number; is_induction?: boolean },
  at: string,
) {
  await saveSettings(db, userId, dates, at);
}

/**
 * The Default Schedule kept from the day she first practises without a date:
 * her programme's start, set only while she has neither a date nor a start.
 */
export async function keepDefaultProgrammeStart(db: Db, userId: string, start: string, at: string) {
  await db
    .insertInto("programme_settings")
    .values({ user_id: userId, program_start_date: start, current_week: 1, updated_at: at })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .doUpdateSet({ program_start_date: start, current_week: 1, updated_at: at })
        .where("programme_settings.due_date", "is", null)
        .where("programme_settings.program_start_date", "is", null),
    )
    .execute();
}

/** The streak her profile shows, after a day's practice. */
export async function setCurrentStreak(db: Db, userId: string, streak: number) {
  await saveSettings(db, userId, { current_streak: streak });
}

/** Whether she has chosen not to see streaks and their badges. */
export async function streaksHidden(db: Db, userId: string) {
  const row = await db
    .selectFrom("programme_settings")
    .select("hide_streaks")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Boolean(row?.hide_streaks);
}

/** Her "Hide streaks" setting; the streak itself is still counted, only not shown. */
export async function setStreaksHidden(db: Db, userId: string, hidden: boolean) {
  await saveSettings(db, userId, { hide_streaks: hidden });
}

/** Her saved due (or induction) date, if she has one. */
export async function savedDueDate(db: Db, userId: string): Promise<CalendarDate | null> {
  const row = await db
    .selectFrom("programme_settings")
    .select("due_date")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.due_date ?? null;
}

/** Her baby's arrival, once she has marked it. */
export async function babyArrival(db: Db, userId: string): Promise<BabyArrival | null> {
  const row = await db
    .selectFrom("programme_settings")
    .select(["baby_born_on", "baby_name"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return arrivalFrom(row);
}

/** "My baby has arrived" (the caller has checked the day), or, with null, undone: both fields cleared. */
export async function setBabyArrival(db: Db, userId: string, arrival: BabyArrival | null) {
  await saveSettings(db, userId, { baby_born_on: arrival?.bornOn ?? null, baby_name: arrival?.name ?? null });
}

/** "Start gently now" from `from` (her calendar date), or, with null, the early plan put away. */
export async function setEarlyPlan(db: Db, userId: string, from: CalendarDate | null) {
  await saveSettings(db, userId, { early_plan_from: from });
}
