import type { Kysely } from "kysely";
import { portableTypes } from "../dialect.ts";

/**
 * An owner's refund from the studio, on its purchase: why she made it
 * (`refund_reason`, one of the studio's own reasons, never text anyone typed,
 * so it stays with the anonymous sales record when a member's account goes),
 * and `refund_started_at`, set while the provider is being asked: the one
 * request that sets it makes the refund, so two at once refund once
 * (app/modules/payments/refunds.server.ts, `refundPurchase`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  await db.schema.alterTable("purchases").addColumn("refund_reason", "text").execute();
  await db.schema.alterTable("purchases").addColumn("refund_started_at", t.timestamp).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("purchases").dropColumn("refund_started_at").execute();
  await db.schema.alterTable("purchases").dropColumn("refund_reason").execute();
}
