import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

/**
 * A member's sign-in methods (Better Auth's `account` rows) move her version
 * too: the profile page shows whether she has a password, which she can set
 * later (a reset, say), so her kept profile page must not outlive the change.
 * The same triggers as migration 0006, on the account's `userId`.
 */
const EVENTS = ["insert", "update", "delete"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql
      .raw(
        `create constraint trigger account_member_version after insert or update or delete on "account"
         deferrable initially deferred for each row execute function member_version_changed('userId')`,
      )
      .execute(db);
    return;
  }
  const bump = (id: string) => `update member_versions set version = version + 1 where user_id = ${id};`;
  const body = {
    insert: bump("new.userId"),
    update: `${bump("new.userId")} ${bump("old.userId")}`,
    delete: bump("old.userId"),
  };
  for (const event of EVENTS) {
    await sql
      .raw(
        `create trigger account_${event}_member_version after ${event} on account begin ${body[event]} end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`drop trigger if exists account_member_version on "account"`.execute(db);
    return;
  }
  for (const event of EVENTS)
    await sql.raw(`drop trigger if exists account_${event}_member_version`).execute(db);
}
