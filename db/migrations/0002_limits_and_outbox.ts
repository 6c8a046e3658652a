import { sql, type Kysely } from "kysely";
import { portableTypes } from "../dialect.ts";

/**
 * Abuse-limit counters shared by every instance, and the email outbox: every
 * message is written here first, then delivered (and retried) from here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    // Milliseconds since the epoch: compared with plain arithmetic on both engines.
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("email_outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    // Bodies are cleared once delivered: they can hold sign-in links.
    .addColumn("text_body", "text")
    .addColumn("html_body", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("last_error", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("sent_at", t.timestamp)
    .execute();
  await db.schema
    .createIndex("email_outbox_due_idx")
    .on("email_outbox")
    .columns(["status", "next_attempt_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("email_outbox").ifExists().execute();
  await db.schema.dropTable("rate_limits").ifExists().execute();
}
