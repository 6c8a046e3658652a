import { type Kysely } from "kysely";
import { portableTypes } from "../dialect.ts";

/**
 * Payment events already handled (so a webhook delivered twice changes
 * nothing) and, for PayPal, the capture id a refund will name (the order id,
 * known from the start, is the purchase's provider payment id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  await db.schema
    .createTable("payment_events")
    // "<provider>:<event id>"
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("received_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  // PayPal purchases are keyed by their order id from the start; the capture id comes later.
  await db.schema.alterTable("purchases").dropColumn("provider_order_id").execute();
  await db.schema.alterTable("purchases").addColumn("provider_capture_id", "text").execute();
  await db.schema
    .createIndex("purchases_capture_idx")
    .on("purchases")
    .columns(["provider", "provider_capture_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("purchases_capture_idx").ifExists().execute();
  await db.schema.alterTable("purchases").dropColumn("provider_capture_id").execute();
  await db.schema.alterTable("purchases").addColumn("provider_order_id", "text").execute();
  await db.schema.dropTable("payment_events").ifExists().execute();
}
