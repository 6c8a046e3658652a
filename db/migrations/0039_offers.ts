import { sql, type Kysely } from "kysely";
import { portableTypes } from "../dialect.ts";

/**
 * Offers: promo codes the owner sets in the studio (a percentage or an amount
 * off, a start and an end, a maximum number of uses, perhaps for gifts only),
 * and the holds a checkout takes on one use of a code until its payment
 * succeeds (the hold becomes a use), fails or expires
 * (app/modules/payments/offers.server.ts). A purchase made with a code names
 * it: its amount is the discounted one, the studio's revenue its sum.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  await db.schema
    .createTable("offers")
    .addColumn("id", "text", (c) => c.primaryKey())
    // Upper case, A–Z, 0–9 and hyphens: a typed code is read the same way before it is looked up.
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('percent', 'amount')`))
    .addColumn("value", "integer", (c) => c.notNull().check(sql`value > 0`))
    .addColumn("starts_at", t.timestamp, (c) => c.notNull())
    .addColumn("ends_at", t.timestamp, (c) => c.notNull())
    .addColumn("ended_at", t.timestamp)
    .addColumn("max_uses", "integer", (c) => c.notNull().check(sql`max_uses > 0`))
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("gifts_only", t.bool, (c) => c.notNull().defaultTo(t.false))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addCheckConstraint("offers_percent", sql`kind <> 'percent' or value <= 100`)
    .addCheckConstraint("offers_period", sql`ends_at > starts_at`)
    .execute();
  await db.schema
    .createTable("offer_holds")
    .addColumn("offer_id", "text", (c) => c.notNull().references("offers.id"))
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    // One hold per member and code: starting her checkout again renews it.
    .addPrimaryKeyConstraint("offer_holds_pk", ["offer_id", "user_id"])
    .execute();
  await db.schema
    .alterTable("purchases")
    .addColumn("offer_id", "text", (c) => c.references("offers.id"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("purchases").dropColumn("offer_id").execute();
  await db.schema.dropTable("offer_holds").execute();
  await db.schema.dropTable("offers").execute();
}
