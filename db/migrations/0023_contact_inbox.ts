import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import { portableTypes } from "../dialect.ts";

/**
 * The studio's contact inbox. A thread is every message sent in one
 * (normalised) address's name, with the owner's replies to it.
 *
 * A thread's state is a row of its own in `contact_threads`, keyed by the
 * address, rather than columns on each message: being read or archived is
 * something the owner does to a conversation, not to one message, and a row
 * per thread also gives it a random id for the studio's address bar (never
 * the visitor's address) and its latest activity, so the inbox is read a
 * page at a time from one index. A new message marks its thread unread and
 * brings it back to the inbox (contact.server.ts, in the message's own
 * transaction).
 *
 * `contact_replies` keeps what the owner wrote, to whom (the thread's
 * address, so a member's deletion finds her replies as it finds her
 * messages), who wrote it and the queued email that carried it. The author
 * is `owner_id`: if her account goes, her replies stay, without her.
 *
 * Threads are made here for the messages already kept. Their owner had each
 * one's notice by email, so they start as read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  await db.schema
    .createTable("contact_threads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("address", "text", (c) => c.notNull().unique())
    // Her latest message or the owner's latest reply: the inbox's order.
    .addColumn("last_activity_at", t.timestamp, (c) => c.notNull())
    // Null: unread (a message came after the owner last opened it, or she marked it unread).
    .addColumn("read_at", t.timestamp)
    .addColumn("archived_at", t.timestamp)
    .execute();
  // The inbox and the archive, newest activity first, each one range of its own index.
  await db.schema
    .createIndex("contact_threads_open_idx")
    .on("contact_threads")
    .columns(["last_activity_at", "id"])
    .where(sql.ref("archived_at"), "is", null)
    .execute();
  await db.schema
    .createIndex("contact_threads_archived_idx")
    .on("contact_threads")
    .columns(["last_activity_at", "id"])
    .where(sql.ref("archived_at"), "is not", null)
    .execute();

  await db.schema
    .createTable("contact_replies")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("owner_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("body", "text", (c) => c.notNull())
    // The email_outbox row that carried it (no foreign key: the outbox is the email module's).
    .addColumn("outbox_id", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex("contact_replies_address_idx")
    .on("contact_replies")
    .columns(["address", "created_at"])
    .execute();

  // One thread's messages in order, its count and its latest.
  await db.schema
    .createIndex("contact_messages_email_idx")
    .on("contact_messages")
    .columns(["email", "created_at"])
    .execute();

  const { rows } = await sql<{ address: string; last: Date | string }>`
    select email as address, max(created_at) as last from contact_messages group by email
  `.execute(db);
  const now = new Date().toISOString();
  for (const { address, last } of rows) {
    await sql`
      insert into contact_threads (id, address, last_activity_at, read_at, archived_at)
      values (${crypto.randomUUID()}, ${address}, ${new Date(last).toISOString()}, ${now}, null)
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("contact_messages_email_idx").ifExists().execute();
  await db.schema.dropTable("contact_replies").ifExists().execute();
  await db.schema.dropTable("contact_threads").ifExists().execute();
}
