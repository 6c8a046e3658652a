import { type Kysely } from "kysely";
import { portableTypes } from "../dialect.ts";

/**
 * The site's words as the owner edits them in the studio: every revision of
 * every piece (an article, a birth story, a question of the FAQ, a
 * testimonial, the About page's founder story), never changed once written
 * but for its state. Of a piece's revisions one is `published` (what the site
 * shows), at most one is the `draft` she saved, and the rest are `earlier`.
 * `number` counts a piece's revisions from 1, the text in content/ loaded at
 * the first start: the unique (kind, slug, number) is what lets two instances
 * starting at once load it only once (app/modules/catalogue/revisions.server.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  await db.schema
    .createTable("content_revisions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    // The piece's fields (its front matter) as JSON, and its Markdown.
    .addColumn("fields", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    // The owner's account id (kept like the audit log's, by id only); null for the text from content/.
    .addColumn("saved_by", "text")
    .addColumn("saved_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint("content_revisions_piece_number", ["kind", "slug", "number"])
    .execute();
  await db.schema
    .createIndex("content_revisions_state")
    .on("content_revisions")
    .columns(["state", "kind", "slug"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_revisions").execute();
}
