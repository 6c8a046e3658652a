import { sql, type Kysely } from "kysely";
import { dialectOf, portableTypes } from "../dialect.ts";

/**
 * The owner's studio: roles and bans (Better Auth's admin plugin, with its
 * own column names), TOTP second factors (its two-factor plugin), the second
 * factor a session completed for the studio, and the studio's audit log.
 *
 * The audit log is append-only: the database itself refuses to change or
 * delete a row, so no code path (nor a member's deletion) can rewrite what
 * was done. It names accounts by id only and has no foreign keys, so an entry
 * outlives the account it speaks of.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  const postgres = dialectOf(db) === "postgres";
  const authTime = postgres ? "timestamptz" : "date";

  await db.schema
    .alterTable("user")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("member"))
    .execute();
  await db.schema
    .alterTable("user")
    .addColumn("banned", t.bool, (c) => c.defaultTo(t.false))
    .execute();
  await db.schema.alterTable("user").addColumn("banReason", "text").execute();
  await db.schema.alterTable("user").addColumn("banExpires", authTime).execute();
  await db.schema
    .alterTable("user")
    .addColumn("twoFactorEnabled", t.bool, (c) => c.defaultTo(t.false))
    .execute();
  await db.schema.alterTable("session").addColumn("impersonatedBy", "text").execute();
  await db.schema.createIndex("user_role_idx").on("user").column("role").execute();

  await db.schema
    .createTable("twoFactor")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("backupCodes", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("verified", t.bool, (c) => c.defaultTo(postgres ? sql`true` : sql`1`))
    .addColumn("failedVerificationCount", "integer", (c) => c.defaultTo(0))
    .addColumn("lockedUntil", authTime)
    .execute();
  await db.schema.createIndex("twoFactor_userId_idx").on("twoFactor").column("userId").execute();
  await db.schema.createIndex("twoFactor_secret_idx").on("twoFactor").column("secret").execute();

  // The second factor a session completed for the studio, and when: the studio asks again after a while.
  await db.schema
    .createTable("studio_checks")
    .addColumn("session_id", "text", (c) => c.primaryKey().references("session.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("verified_at", t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    // Who acted: an owner's account id, or "command" for the command line.
    .addColumn("actor_id", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    // The account the action was about, by id only.
    .addColumn("subject_id", "text")
    // JSON: what changed and why (a reason, an amount), never an address or a name.
    .addColumn("detail", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("ip", "text")
    .execute();
  await db.schema.createIndex("audit_log_at_idx").on("audit_log").column("at").execute();

  if (postgres) {
    await sql`create function audit_log_is_append_only() returns trigger language plpgsql as $$
      begin raise exception 'the audit log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_is_append_only()`.execute(db);
  } else {
    for (const event of ["update", "delete"]) {
      await sql
        .raw(
          `create trigger audit_log_no_${event} before ${event} on audit_log
           begin select raise(abort, 'the audit log is append-only'); end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_log").ifExists().execute();
  if (dialectOf(db) === "postgres") await sql`drop function if exists audit_log_is_append_only()`.execute(db);
  await db.schema.dropTable("studio_checks").ifExists().execute();
  await db.schema.dropTable("twoFactor").ifExists().execute();
  await db.schema.dropIndex("user_role_idx").ifExists().execute();
  for (const column of ["role", "banned", "banReason", "banExpires", "twoFactorEnabled"]) {
    await db.schema.alterTable("user").dropColumn(column).execute();
  }
  await db.schema.alterTable("session").dropColumn("impersonatedBy").execute();
}
