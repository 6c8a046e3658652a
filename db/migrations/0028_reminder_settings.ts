import { sql, type Kysely } from "kysely";
import { dialectOf, moveMemberVersionOn, portableTypes } from "../dialect.ts";

/**
 * Her reminder setting and calendar feed id move out of `profiles` into
 * `reminder_settings`, the reminders module's own table: every profile's
 * values are copied, then the columns go from `profiles`. A member without a
 * row has the defaults (reminders off, no feed), so accounts makes none when
 * it makes a profile. The row moves her data version, as her profile did.
 * Her time zone and whether she chose it stay on her profile (accounts').
 */
const MOVED = ["reminder_time", "remind_by_email", "remind_by_push", "calendar_feed_id"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  // Deferred member-version triggers would otherwise still wait while the columns are dropped.
  if (dialectOf(db) === "postgres") await sql`set constraints all immediate`.execute(db);

  await db.schema
    .createTable("reminder_settings")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    // 'HH:MM' in her time zone; null: no reminders (quiet by default).
    .addColumn("reminder_time", "text")
    .addColumn("remind_by_email", t.bool, (c) => c.notNull().defaultTo(t.false))
    .addColumn("remind_by_push", t.bool, (c) => c.notNull().defaultTo(t.false))
    .addColumn("calendar_feed_id", "text")
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await sql`
    insert into reminder_settings (user_id, reminder_time, remind_by_email, remind_by_push, calendar_feed_id, updated_at)
    select id, reminder_time, remind_by_email, remind_by_push, calendar_feed_id, updated_at from profiles`.execute(
    db,
  );
  await db.schema
    .createIndex("reminder_settings_calendar_feed_idx")
    .unique()
    .on("reminder_settings")
    .column("calendar_feed_id")
    .execute();
  // The index on the feed id must go before its column can.
  await db.schema.dropIndex("profiles_calendar_feed_idx").execute();
  for (const column of MOVED) await db.schema.alterTable("profiles").dropColumn(column).execute();

  await moveMemberVersionOn(db, [["reminder_settings", "user_id"]]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  if (dialectOf(db) === "postgres") await sql`set constraints all immediate`.execute(db);
  await db.schema.alterTable("profiles").addColumn("reminder_time", "text").execute();
  for (const column of ["remind_by_email", "remind_by_push"]) {
    await db.schema
      .alterTable("profiles")
      .addColumn(column, t.bool, (c) => c.notNull().defaultTo(t.false))
      .execute();
  }
  await db.schema.alterTable("profiles").addColumn("calendar_feed_id", "text").execute();
  await sql`
    update profiles set
      reminder_time = s.reminder_time, remind_by_email = s.remind_by_email,
      remind_by_push = s.remind_by_push, calendar_feed_id = s.calendar_feed_id
    from reminder_settings s where s.user_id = profiles.id`.execute(db);
  await db.schema
    .createIndex("profiles_calendar_feed_idx")
    .unique()
    .on("profiles")
    .column("calendar_feed_id")
    .execute();
  await db.schema.dropTable("reminder_settings").execute();
}
