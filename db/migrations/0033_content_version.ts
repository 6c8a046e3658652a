import { sql, type Kysely } from "kysely";

/**
 * One row, one number: the version of what the owner has published from the
 * studio (words, recordings, captions, guides). Every publish moves it on in
 * the same transaction; every instance sharing the database compares it with
 * the version its page caches were made at (app/platform/content-version.server.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("content_version")
    .addColumn("version", "integer", (c) => c.notNull())
    .execute();
  // The one row; nothing adds another or removes it.
  await sql`insert into content_version (version) values (1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_version").execute();
}
