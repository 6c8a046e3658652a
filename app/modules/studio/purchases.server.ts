import type { Db } from "#app/platform/db.server.ts";
import type { PurchaseProvider, PurchaseStatus } from "../../../db/schema.ts";

export interface StudioPurchase {
  id: string;
  /** Null once her account is deleted: the sale stays, without her. */
  memberId: string | null;
  memberEmail: string | null;
  memberName: string | null;
  provider: PurchaseProvider;
  /** In minor units (cents). */
  amount: number;
  currency: string;
  status: PurchaseStatus;
  /** Stripe's PaymentIntent id or PayPal's order id, to find it in their dashboards. */
  providerId: string;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
  /** Why the owner refunded it from the studio (a `RefundReason`); null for any other refund. */
  refundReason: string | null;
  /** When an owner's refund went to the provider, while it is there. */
  refundStartedAt: string | null;
  /** Its invoice's and credit note's numbers, once issued. */
  invoiceNumber: string | null;
  creditNoteNumber: string | null;
  /** Bought as a gift for someone else. */
  gift: boolean;
}

const PURCHASES_SHOWN = 100;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Every payment, newest first (the latest hundred), with whose it is while her account exists. */
export async function studioPurchases(db: Db, limit = PURCHASES_SHOWN): Promise<StudioPurchase[]> {
  const rows = await db
    .selectFrom("purchases")
    .leftJoin("user", "user.id", "purchases.user_id")
    .leftJoin("invoices as invoice", (join) =>
      join.onRef("invoice.purchase_id", "=", "purchases.id").on("invoice.kind", "=", "invoice"),
    )
    .leftJoin("invoices as note", (join) =>
      join.onRef("note.purchase_id", "=", "purchases.id").on("note.kind", "=", "credit-note"),
    )
    .select([
      "invoice.number as invoiceNumber",
      "note.number as creditNoteNumber",
      "purchases.id",
      "purchases.user_id",
      "user.email",
      "user.name",
      "purchases.provider",
      "purchases.amount_minor",
      "purchases.currency",
      "purchases.status",
      "purchases.provider_payment_id",
      "purchases.created_at",
      "purchases.succeeded_at",
      "purchases.refunded_at",
      "purchases.refund_reason",
      "purchases.refund_started_at",
      "purchases.for_gift",
    ])
    .where("purchases.status", "!=", "pending")
    .orderBy("purchases.created_at", "desc")
    .orderBy("purchases.id", "desc")
    .limit(Math.min(Math.max(limit, 1), 500))
    .execute();
  return rows.map((row) => ({
    id: row.id,
    memberId: row.user_id,
    memberEmail: row.email,
    memberName: row.name,
    provider: row.provider,
    amount: row.amount_minor,
    currency: row.currency,
    status: row.status,
    providerId: row.provider_payment_id,
    createdAt: iso(row.created_at)!,
    paidAt: iso(row.succeeded_at),
    refundedAt: iso(row.refunded_at),
    refundReason: row.refund_reason,
    refundStartedAt: iso(row.refund_started_at),
    invoiceNumber: row.invoiceNumber,
    creditNoteNumber: row.creditNoteNumber,
    gift: Boolean(row.for_gift),
  }));
}
