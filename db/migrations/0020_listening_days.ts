import type { Kysely } from "kysely";
import { moveMemberVersionOn } from "../dialect.ts";

/**
 * The days each account finished a listen, in its own time zone: a partner's
 * own streak, and the days she and her birth partner practised together.
 * Written once per account and day. Both of the couple's pages show these
 * days, so a new one moves the listener's data version (as migration 0006's
 * triggers do); the session adds the linked account's version to each's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("listening_days")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    // YYYY-MM-DD, her calendar day.
    .addColumn("day", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("listening_days_pk", ["user_id", "day"])
    .execute();

  await moveMemberVersionOn(db, [["listening_days", "user_id"]]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("listening_days").ifExists().execute();
}
