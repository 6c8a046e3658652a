import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * One row, one number: the version of what the owner has published from the
 * studio (words, recordings, captions, guides). Every publish moves it on in
 * the same transaction; every instance sharing the database compares it with
 * the version its page caches were made at (app/platform/content-version.server.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("content_version")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .addCheckConstraint("content_version_one_row", sql`id = 1`)
    .execute();
  await sql`insert into content_version (id, version) values (1, 1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_version").execute();
}
