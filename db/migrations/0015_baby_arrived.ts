import { sql, type Kysely } from "kysely";
import { dialectOf, portableTypes } from "../dialect.ts";

/**
 * Her baby's arrival, once she marks it: the date of birth (her calendar
 * date) and the baby's name if she gives one. Both nullable, so an older
 * version runs against the new schema; profiles already moves her data version
 * (migration 0006's triggers are per row), so no trigger changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  // As in 0014: fire the member-version trigger events an earlier migration left pending, or PostgreSQL
  // alters no table in this transaction.
  if (dialectOf(db) === "postgres") await sql`set constraints all immediate`.execute(db);
  await db.schema.alterTable("profiles").addColumn("baby_born_on", t.date).execute();
  await db.schema.alterTable("profiles").addColumn("baby_name", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") await sql`set constraints all immediate`.execute(db);
  await db.schema.alterTable("profiles").dropColumn("baby_name").execute();
  await db.schema.alterTable("profiles").dropColumn("baby_born_on").execute();
}
