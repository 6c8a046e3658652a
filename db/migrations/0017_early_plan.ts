import { sql, type Kysely } from "kysely";
import { dialectOf, portableTypes } from "../dialect.ts";

/**
 * "Start gently now": the day she chose the early plan (her calendar date),
 * null until she does. Profiles already moves her data version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  if (dialectOf(db) === "postgres") await sql`set constraints all immediate`.execute(db);
  await db.schema.alterTable("profiles").addColumn("early_plan_from", t.date).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") await sql`set constraints all immediate`.execute(db);
  await db.schema.alterTable("profiles").dropColumn("early_plan_from").execute();
}
