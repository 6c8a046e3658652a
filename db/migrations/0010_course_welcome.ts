import { sql, type Kysely } from "kysely";
import { portableTypes } from "../dialect.ts";

/**
 * When the member put away the dashboard's "what you have unlocked" card,
 * shown once after the Complete Course is theirs. Members who had the course
 * before this card existed count as welcomed already.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  await db.schema.alterTable("profiles").addColumn("course_welcomed_at", t.timestamp).execute();
  await sql`update profiles set course_welcomed_at = ${t.now}
            where subscription_tier = 'premium' or course_access <> ${t.false}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("profiles").dropColumn("course_welcomed_at").execute();
}
