import { sql, type Kysely } from "kysely";
import { moveMemberVersionOn, portableTypes } from "../dialect.ts";

/**
 * The partner seat: a member's invitation to her birth partner (by email; the
 * link's token is stored only as its SHA-256; it expires, is used once, can be
 * cancelled) and, once accepted, the link between her account (`user_id`) and
 * her partner's (`partner_id`): one partner per member, one member per partner.
 * Either account's deletion ends the link. Both tables show on her pages (and
 * the link on her partner's), so they move their data versions, as migration
 * 0006's triggers do.
 */
const VERSIONED: [table: string, column: string][] = [
  ["partner_invitations", "user_id"],
  ["partner_links", "user_id"],
  ["partner_links", "partner_id"],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  await db.schema
    .createTable("partner_invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    // Whom she invited, normalised.
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("accepted_at", t.timestamp)
    .addColumn("cancelled_at", t.timestamp)
    .execute();
  await db.schema
    .createIndex("partner_invitations_user_idx")
    .on("partner_invitations")
    .column("user_id")
    .execute();

  await db.schema
    .createTable("partner_links")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("partner_id", "text", (c) => c.notNull().unique().references("user.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addCheckConstraint("partner_links_not_herself", sql`user_id <> partner_id`)
    .execute();

  await moveMemberVersionOn(db, VERSIONED);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Their triggers go with them.
  await db.schema.dropTable("partner_links").ifExists().execute();
  await db.schema.dropTable("partner_invitations").ifExists().execute();
}
