import { sql, type Kysely } from "kysely";
import { portableTypes } from "../dialect.ts";

/**
 * The captions an owner saves or publishes from the studio, one row per
 * revision: a recording's whole WebVTT file, numbered from 1 per recording.
 * A recording with no published revision keeps its bundled file
 * (content/audio/<id>.vtt), so a clean install starts as before; the newest
 * published revision is what members read. Who saved each is in the audit
 * log: nothing here is about a member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  await db.schema
    .createTable("caption_revisions")
    .addColumn("recording_id", "text", (c) => c.notNull())
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('draft', 'published')`))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    // Two saves at once cannot both take the same number: one of them fails and is asked again.
    .addPrimaryKeyConstraint("caption_revisions_pk", ["recording_id", "number"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("caption_revisions").execute();
}
