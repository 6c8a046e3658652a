import { sql, type Kysely } from "kysely";
import { dialectOf, portableTypes } from "../dialect.ts";

/**
 * Streaks that never shame: her last rest day (one missed day a week that
 * keeps her streak going; only the last is needed, as rest days are a week
 * apart) and whether she has chosen to hide streaks in her portal. Both
 * tables already move her data version (migration 0006's triggers are per
 * row), so no trigger changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  // Migrations run in one transaction on PostgreSQL: an earlier one's writes to profiles (0010) leave
  // member-version trigger events pending until commit, and PostgreSQL alters no table with events
  // pending. Firing them now is what commit would do.
  if (dialectOf(db) === "postgres") await sql`set constraints all immediate`.execute(db);
  await db.schema.alterTable("user_progress").addColumn("last_rest_day", t.date).execute();
  await db.schema
    .alterTable("profiles")
    .addColumn("hide_streaks", t.bool, (c) => c.notNull().defaultTo(t.false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") await sql`set constraints all immediate`.execute(db);
  await db.schema.alterTable("profiles").dropColumn("hide_streaks").execute();
  await db.schema.alterTable("user_progress").dropColumn("last_rest_day").execute();
}
