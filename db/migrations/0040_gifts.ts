import { sql, type Kysely } from "kysely";
import { portableTypes } from "../dialect.ts";

/**
 * The course as a gift: a purchase made for someone else (`purchases.for_gift`:
 * it never makes the buyer premium), and the gift it pays for — who gave it,
 * the message, the recipient's address and the day it is delivered — with the
 * redeem code kept only as its SHA-256, set on delivery
 * (app/modules/payments/gifts.server.ts). Why: docs/decisions/0034-gifts.md.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  await db.schema
    .alterTable("purchases")
    .addColumn("for_gift", t.bool, (c) => c.notNull().defaultTo(t.false))
    .execute();
  // One paid purchase per member for her own course (0007); the gifts she buys are not hers to hold.
  await sql`drop index purchases_one_paid_per_member`.execute(db);
  await sql`create unique index purchases_one_paid_per_member on purchases (user_id)
    where status = 'succeeded' and for_gift = ${t.false}`.execute(db);
  await db.schema
    .createTable("gifts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("purchase_id", "text", (c) => c.notNull().unique().references("purchases.id"))
    .addColumn("giver_id", "text", (c) => c.references("user.id").onDelete("set null"))
    // Normalised; the giver may change it until the gift is delivered.
    .addColumn("recipient_email", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("deliver_on", t.date, (c) => c.notNull())
    .addColumn("deliver_at", t.timestamp, (c) => c.notNull())
    // Each change of day or address moves it on: the delivery job's key names it, so an older job does nothing.
    .addColumn("delivery_round", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("code_hash", "text", (c) => c.unique())
    .addColumn("delivered_at", t.timestamp)
    .addColumn("redeemed_at", t.timestamp)
    .addColumn("redeemed_by", "text", (c) => c.references("user.id").onDelete("set null"))
    // The recipient opened the link when she had the course already: the giver is offered a refund.
    .addColumn("already_had_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addCheckConstraint("gifts_redeemed", sql`redeemed_at is null or delivered_at is not null`)
    .execute();
  await db.schema.createIndex("gifts_giver").on("gifts").column("giver_id").execute();
  await db.schema.createIndex("gifts_redeemed_by").on("gifts").column("redeemed_by").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("gifts").execute();
  await sql`drop index purchases_one_paid_per_member`.execute(db);
  await db.schema.alterTable("purchases").dropColumn("for_gift").execute();
  await sql`create unique index purchases_one_paid_per_member on purchases (user_id) where status = 'succeeded'`.execute(
    db,
  );
}
