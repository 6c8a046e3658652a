import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

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

  if (dialectOf(db) === "postgres") {
    await sql
      .raw(
        `create constraint trigger listening_days_user_id_member_version
         after insert or update or delete on "listening_days"
         deferrable initially deferred for each row execute function member_version_changed('user_id')`,
      )
      .execute(db);
    return;
  }
  const bump = (id: string) => `update member_versions set version = version + 1 where user_id = ${id};`;
  const body = {
    insert: bump("new.user_id"),
    update: `${bump("new.user_id")} ${bump("old.user_id")}`,
    delete: bump("old.user_id"),
  };
  for (const event of ["insert", "update", "delete"] as const) {
    await sql
      .raw(
        `create trigger listening_days_user_id_${event}_member_version after ${event} on listening_days
         begin ${body[event]} end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("listening_days").ifExists().execute();
}
