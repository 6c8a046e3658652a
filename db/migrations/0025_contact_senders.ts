import { sql, type Kysely } from "kysely";
import { dialectOf, portableTypes } from "../dialect.ts";

/**
 * Who sent a contact message, as far as we know it. Anyone can type any
 * address into the public form, so a message is hers only when it came from
 * her signed-in session with her own address: `contact_messages.sender_id` is
 * then her account, and otherwise null (not confirmed).
 *
 * Her confirmed messages and the unconfirmed ones typed in her address's name
 * are two threads, so nothing typed by a stranger lands in her conversation:
 * `contact_threads` is unique by address and `confirmed`, and each reply
 * names its thread (`contact_replies.thread_id`) rather than only its
 * address. SQLite can't drop a column's unique constraint, so there the
 * table is built again.
 *
 * The messages kept before this have no sender we can vouch for: they and
 * their threads start as not confirmed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  // No foreign key: deleting her account deletes her messages (accounts/own-data.server.ts).
  await db.schema.alterTable("contact_messages").addColumn("sender_id", "text").execute();

  if (dialectOf(db) === "postgres") {
    await db.schema
      .alterTable("contact_threads")
      .addColumn("confirmed", t.bool, (c) => c.notNull().defaultTo(t.false))
      .execute();
    await sql`alter table contact_threads drop constraint contact_threads_address_key`.execute(db);
  } else {
    await db.schema
      .createTable("contact_threads_new")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("address", "text", (c) => c.notNull())
      .addColumn("confirmed", t.bool, (c) => c.notNull().defaultTo(t.false))
      .addColumn("last_activity_at", t.timestamp, (c) => c.notNull())
      .addColumn("read_at", t.timestamp)
      .addColumn("archived_at", t.timestamp)
      .execute();
    await sql`insert into contact_threads_new (id, address, confirmed, last_activity_at, read_at, archived_at)
      select id, address, 0, last_activity_at, read_at, archived_at from contact_threads`.execute(db);
    await db.schema.dropTable("contact_threads").execute();
    await sql`alter table contact_threads_new rename to contact_threads`.execute(db);
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
  }
  await db.schema
    .createIndex("contact_threads_address_confirmed_idx")
    .on("contact_threads")
    .columns(["address", "confirmed"])
    .unique()
    .execute();

  await db.schema.alterTable("contact_replies").addColumn("thread_id", "text").execute();
  await sql`update contact_replies set thread_id =
    (select t.id from contact_threads t where t.address = contact_replies.address)`.execute(db);
  await db.schema
    .createIndex("contact_replies_thread_idx")
    .on("contact_replies")
    .columns(["thread_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("contact_replies_thread_idx").ifExists().execute();
  await db.schema.alterTable("contact_replies").dropColumn("thread_id").execute();
  // Back to one thread per address: a confirmed thread's messages join the other's.
  await sql`delete from contact_threads where confirmed = ${true}
    and address in (select address from contact_threads group by address having count(*) > 1)`.execute(db);
  await db.schema.dropIndex("contact_threads_address_confirmed_idx").ifExists().execute();
  await db.schema.alterTable("contact_threads").dropColumn("confirmed").execute();
  if (dialectOf(db) === "postgres") {
    await sql`alter table contact_threads add constraint contact_threads_address_key unique (address)`.execute(
      db,
    );
  } else {
    await db.schema
      .createIndex("contact_threads_address_key")
      .on("contact_threads")
      .column("address")
      .unique()
      .execute();
  }
  await db.schema.alterTable("contact_messages").dropColumn("sender_id").execute();
}
