import { sql, type Kysely } from "kysely";
import { portableTypes } from "../dialect.ts";

/**
 * The owner's choices for each session, set on the studio's content page: whether
 * members are offered it (published) or it is coming soon, and its place in its
 * course group. No row, or a null in it, keeps the course as content/README.md
 * has it, so a clean install starts with the same site. Who changed what is in
 * the audit log: nothing here is about a member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  await db.schema
    .createTable("session_settings")
    .addColumn("session_id", "text", (c) => c.primaryKey())
    .addColumn("state", "text", (c) => c.check(sql`state in ('published', 'coming-soon')`))
    .addColumn("position", "integer", (c) => c.check(sql`position >= 1`))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("session_settings").execute();
}
