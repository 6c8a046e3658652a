import type { Kysely } from "kysely";
import { portableTypes } from "../dialect.ts";

/**
 * The versions of each recording and guide the owner uploaded in the studio
 * (app/modules/media/versions.server.ts). An item is named by the file it was
 * seeded as (`fear-release.mp3`); each version by its own key in the media
 * storage (`fear-release.v2.mp3`), never replaced or deleted. The one
 * published is the row whose `live_item` names the item (unique, so at most
 * one is); with no such row the seeded file is, as on a clean install. A row
 * without `bytes` is an upload still under way (or one the server died in).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  await db.schema
    .createTable("media_versions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("item", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("bytes", "integer")
    .addColumn("seconds", "double precision")
    .addColumn("pages", "integer")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("live_item", "text", (c) => c.unique())
    .addColumn("published_at", t.timestamp)
    .addUniqueConstraint("media_versions_item_version", ["bucket", "item", "version"])
    .addUniqueConstraint("media_versions_key", ["bucket", "key"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("media_versions").execute();
}
