import type { Db } from "#app/platform/db.server.ts";

/*
 * `reminder_settings`' one writer. A member without a row has the defaults:
 * no reminder, neither channel, no calendar feed; the first setting she saves
 * makes her row. Each function takes the caller's transaction when it has one.
 */

/** Her daily reminder: its local time (null: none) and how it reaches her. */
export interface ReminderPreference {
  time: string | null;
  byEmail: boolean;
  byPush: boolean;
}

/** Her reminder setting and calendar feed id as stored; the defaults when she has no row. */
export interface StoredReminderSettings {
  time: string | null;
  byEmail: boolean;
  byPush: boolean;
  calendarFeedId: string | null;
}

const DEFAULTS: StoredReminderSettings = { time: null, byEmail: false, byPush: false, calendarFeedId: null };

export async function storedReminderSettings(db: Db, userId: string): Promise<StoredReminderSettings> {
  const row = await db
    .selectFrom("reminder_settings")
    .select(["reminder_time", "remind_by_email", "remind_by_push", "calendar_feed_id"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return DEFAULTS;
  return {
    time: row.reminder_time,
    byEmail: Boolean(row.remind_by_email),
    byPush: Boolean(row.remind_by_push),
    calendarFeedId: row.calendar_feed_id,
  };
}

/** Writes `values` to her row, making it first if she has none. */
async function saveSettings(
  db: Db,
  userId: string,
  values: {
    reminder_time?: string | null;
    remind_by_email?: boolean;
    remind_by_push?: boolean;
    calendar_feed_id?: string | null;
  },
) {
  const updated_at = new Date().toISOString();
  await db
    .insertInto("reminder_settings")
    .values({ user_id: userId, ...values, updated_at })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...values, updated_at }))
    .execute();
}

export async function setReminderPreference(db: Db, userId: string, preference: ReminderPreference) {
  await saveSettings(db, userId, {
    reminder_time: preference.time,
    remind_by_email: preference.byEmail,
    remind_by_push: preference.byPush,
  });
}

/** Unsubscribing from the reminder emails: the other channel, if she has one, keeps going. */
export async function stopReminderEmails(db: Db, userId: string) {
  await db
    .updateTable("reminder_settings")
    .set({ remind_by_email: false, updated_at: new Date().toISOString() })
    .where("user_id", "=", userId)
    .where("remind_by_email", "=", true)
    .execute();
}

/**
 * Her calendar feed's id (calendar-feed.server.ts), or, with null, no feed. A new one
 * replaces the old, so a link she has given away stops working.
 */
export async function setCalendarFeedId(db: Db, userId: string, feedId: string | null) {
  await saveSettings(db, userId, { calendar_feed_id: feedId });
}

/** Her calendar feed's id, if she has turned the feed on. */
export async function calendarFeedId(db: Db, userId: string): Promise<string | null> {
  return (await storedReminderSettings(db, userId)).calendarFeedId;
}
