import { sql, type Kysely } from "kysely";

/**
 * Indexes for the studio's members search and member detail
 * (app/modules/studio/members.server.ts), which must answer quickly with a
 * hundred thousand members:
 * - members newest first, a page at a time: sign-up time and id, the order
 *   and the cursor's range, so a page reads only its own rows; with the
 *   name and address, so a search for part of one reads the index alone;
 * - the due-date filter: her due date; the tier filter: her tier by her id,
 *   read from the index alone for each member the search walks past;
 * - last active: sessions by when they were last used, for the members
 *   active in a range, and each member's sessions by last use, for her
 *   latest. Sessions the owner opened as her are left out of both, as the
 *   search leaves them out;
 * - the emails sent to her, newest first, by address.
 * Part of a name or an address can't be looked up in an index; it is read
 * from the first, which is quick enough at this size
 * (scripts/bench-studio-search.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Name and address too: a search for part of one reads this index alone, in the search's order,
  // never the account rows one by one.
  await db.schema
    .createIndex("user_created_at_idx")
    .on("user")
    .columns(["createdAt", "id", "email", "name"])
    .execute();
  await db.schema.createIndex("profiles_due_date_idx").on("profiles").column("due_date").execute();
  await db.schema
    .createIndex("profiles_tier_idx")
    .on("profiles")
    .columns(["id", "subscription_tier"])
    .execute();
  await db.schema
    .createIndex("session_member_activity_idx")
    .on("session")
    .columns(["updatedAt", "userId"])
    .where(sql.ref("impersonatedBy"), "is", null)
    .execute();
  await db.schema
    .createIndex("session_member_last_active_idx")
    .on("session")
    .columns(["userId", "updatedAt"])
    .where(sql.ref("impersonatedBy"), "is", null)
    .execute();
  await db.schema
    .createIndex("email_outbox_to_address_idx")
    .on("email_outbox")
    .columns(["to_address", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    "email_outbox_to_address_idx",
    "session_member_last_active_idx",
    "session_member_activity_idx",
    "profiles_tier_idx",
    "profiles_due_date_idx",
    "user_created_at_idx",
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
}
