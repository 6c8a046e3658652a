import { sql, type Kysely } from "kysely";
import { dialectOf, portableTypes } from "../dialect.ts";

/**
 * Reminders at her time, and the job runner that sends them:
 * - `jobs`: work to do at a time, on the product's own database, so it survives restarts and is done
 *   once whatever number of instances run. `key` is unique for good (a done job is kept until
 *   housekeeping removes it), so the same piece of work can't be queued twice; a claimed job holds a
 *   lease (`lease_owner`, `lease_until`) that another instance may take only once it has run out.
 * - `push_subscriptions`: the browsers she allowed to show a reminder, as the Push API gives them.
 * - On the outbox: a message's one-click unsubscribe address (RFC 8058), for the reminder emails.
 * - On profiles: the reminder setting (off unless she turns it on), its local time and channels,
 *   whether she chose her time zone by hand, and her calendar feed's id (null: no feed): its address
 *   carries the id signed with a key derived from the app secret, so this column alone opens nothing. Profiles already moves her data version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  if (dialectOf(db) === "postgres") await sql`set constraints all immediate`.execute(db);

  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull().unique())
    // Whose work it is, so deleting her account deletes it too; null for work about no one.
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("cascade"))
    .addColumn("payload", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("run_at", t.timestamp, (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'running', 'done', 'dead')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", t.timestamp)
    .addColumn("last_error", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("finished_at", t.timestamp)
    .execute();
  await db.schema.createIndex("jobs_due_idx").on("jobs").columns(["status", "run_at"]).execute();
  await db.schema.createIndex("jobs_user_idx").on("jobs").columns(["user_id", "kind"]).execute();

  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex("push_subscriptions_user_idx")
    .on("push_subscriptions")
    .column("user_id")
    .execute();

  await db.schema.alterTable("email_outbox").addColumn("unsubscribe_url", "text").execute();

  // 'HH:MM' in her time zone; null: no reminders (quiet by default).
  await db.schema.alterTable("profiles").addColumn("reminder_time", "text").execute();
  await db.schema
    .alterTable("profiles")
    .addColumn("remind_by_email", t.bool, (c) => c.notNull().defaultTo(t.false))
    .execute();
  await db.schema
    .alterTable("profiles")
    .addColumn("remind_by_push", t.bool, (c) => c.notNull().defaultTo(t.false))
    .execute();
  await db.schema.alterTable("profiles").addColumn("calendar_feed_id", "text").execute();
  // She set her time zone by hand (it isn't her device's): her devices no longer change it.
  await db.schema
    .alterTable("profiles")
    .addColumn("time_zone_chosen", t.bool, (c) => c.notNull().defaultTo(t.false))
    .execute();
  await db.schema
    .createIndex("profiles_calendar_feed_idx")
    .unique()
    .on("profiles")
    .column("calendar_feed_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") await sql`set constraints all immediate`.execute(db);
  await db.schema.dropIndex("profiles_calendar_feed_idx").execute();
  for (const column of [
    "time_zone_chosen",
    "calendar_feed_id",
    "remind_by_push",
    "remind_by_email",
    "reminder_time",
  ]) {
    await db.schema.alterTable("profiles").dropColumn(column).execute();
  }
  await db.schema.alterTable("email_outbox").dropColumn("unsubscribe_url").execute();
  await db.schema.dropTable("push_subscriptions").ifExists().execute();
  await db.schema.dropTable("jobs").ifExists().execute();
}
