import crypto from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, PurchasesTable } from "../../../db/schema.ts";
import type { ConfirmedPayment, PaymentRef, UndonePayment } from "./payment-event.ts";
import { formatPaidOn, invoicePath, paymentMethodName, paymentReference } from "./receipt.ts";
import { displayName } from "#app/modules/people/display.ts";
import { lockMemberAccess, setSubscriptionTier } from "./access.server.ts";
import { queueEmail } from "#app/modules/email/outbox.server.ts";
import {
  duplicateRefundEmail,
  giftEndedEmail,
  giftReceiptEmail,
  receiptEmail,
} from "#app/modules/email/templates.ts";
import { formatPrice, type Price } from "./price.ts";
import { DEMO_SELLER, type Seller } from "./invoice.ts";
import { issueCreditNote, issueInvoice } from "./invoices.server.ts";
import { countOfferUse, releaseOfferHold } from "./offers.server.ts";
import { giftHeldBy, redeemedBy, scheduleGiftDelivery } from "./gifts.server.ts";
import { formatLongDate } from "#app/modules/calendar/dates.ts";

/**
 * Premium is granted only here, and only after the provider has confirmed the
 * payment (never on the browser's word). Each step is one transaction and safe to repeat:
 * whichever confirmation arrives first grants; the others change nothing.
 */
type Db = Kysely<Database>;

/** What a payment is started for: the price asked, and the offer that made it, if any. */
export interface Charge {
  price: Price;
  offerId: string | null;
  /** Bought as a gift for someone else: paying never makes the buyer premium. */
  forGift?: boolean;
}

/**
 * Notes a payment the member has started, so later confirmations know whose
 * it is. Starting the same payment again (a retry) only updates where its
 * receipt goes and the offer that made its price, while it is still pending.
 */
export async function recordPendingPurchase(
  db: Db,
  ref: PaymentRef,
  userId: string,
  { price, offerId, forGift = false }: Charge,
  receiptEmail: string | null = null,
) {
  await db
    .insertInto("purchases")
    .values({
      id: crypto.randomUUID(),
      user_id: userId,
      provider: ref.provider,
      provider_payment_id: ref.providerPaymentId,
      amount_minor: price.amountMinor,
      currency: price.currency,
      status: "pending",
      receipt_email: receiptEmail,
      offer_id: offerId,
      for_gift: forGift,
    })
    .onConflict((oc) =>
      oc
        .columns(["provider", "provider_payment_id"])
        .doUpdateSet({ receipt_email: receiptEmail, offer_id: offerId })
        .where("purchases.status", "=", "pending"),
    )
    .execute();
}

/** The purchase a payment belongs to, if it was started here. */
export async function purchaseFor(db: Db, ref: PaymentRef) {
  return db
    .selectFrom("purchases")
    .selectAll()
    .where("provider", "=", ref.provider)
    .where("provider_payment_id", "=", ref.providerPaymentId)
    .executeTakeFirst();
}

export type GrantOutcome =
  | { granted: true; emailId: string; invoiceNumber: string }
  | { granted: false; reason: "unknown" | "already" | "refunded" | "mismatch" }
  /** Paid, but the member had already paid: this one is to be refunded (refundDuplicate). */
  | { granted: false; reason: "duplicate"; purchaseId: string };

export interface GrantContext {
  price: Price;
  baseUrl: string;
  supportEmail: string;
  /** Who sells, as invoices name it (SELLER_*); the demo business when not given. */
  seller?: Seller;
  now?: Date;
}

function sellerFor(ctx: GrantContext): Seller {
  return ctx.seller ?? DEMO_SELLER;
}

/**
 * Grants premium for a confirmed payment: the purchase turns from pending to
 * succeeded (once, even when several confirmations race), the member becomes
 * premium, and the receipt is queued, all in one transaction. Run it inside a
 * transaction of your own to make it part of something larger.
 *
 * A member pays once. Grants for one member are taken one at a time (her
 * profile row is locked first), and a payment that completes when she has
 * already paid is marked `duplicate` instead: it grants nothing, sends no
 * receipt, and its caller refunds it once the transaction has committed.
 */
export async function grantPurchase(
  db: Db,
  payment: ConfirmedPayment,
  ctx: GrantContext,
): Promise<GrantOutcome> {
  const run = async (trx: Db): Promise<GrantOutcome> => {
    const purchase = await purchaseFor(trx, payment);
    if (!purchase?.user_id) return { granted: false, reason: "unknown" };
    if (purchase.status === "refunded") return { granted: false, reason: "refunded" };
    if (purchase.status === "succeeded") return { granted: false, reason: "already" };
    // The browser never decides the price: anything but the configured amount (or, with an offer, the
    // amount the server recorded for it) grants nothing.
    const due = chargedFor(purchase, ctx.price);
    if (payment.amountMinor !== due.amountMinor || payment.currency.toUpperCase() !== due.currency) {
      await trx
        .updateTable("purchases")
        .set({ status: "failed", updated_at: now(ctx) })
        .where("id", "=", purchase.id)
        .execute();
      if (purchase.offer_id) await releaseOfferHold(trx, purchase.offer_id, purchase.user_id);
      return { granted: false, reason: "mismatch" };
    }
    // A gift: paid and invoiced to the giver, its delivery queued; she stays as she was.
    if (purchase.for_gift) return grantGift(trx, purchase, payment, ctx, due);
    // Her access row's lock makes a second grant for her wait for the first to commit.
    await lockMemberAccess(trx, purchase.user_id, now(ctx));
    if (await holdsCourse(trx, purchase.user_id, purchase.id)) {
      const marked = await trx
        .updateTable("purchases")
        .set({
          status: "duplicate",
          updated_at: now(ctx),
          ...(payment.captureId ? { provider_capture_id: payment.captureId } : {}),
        })
        .where("id", "=", purchase.id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return { granted: false, reason: "already" };
      return { granted: false, reason: "duplicate", purchaseId: purchase.id };
    }
    const invoice = await markPaid(trx, purchase, payment, ctx);
    if (!invoice) return { granted: false, reason: "already" };
    await setSubscriptionTier(trx, purchase.user_id, "premium", now(ctx));
    const user = await trx
      .selectFrom("user")
      .select(["name", "email"])
      .where("id", "=", purchase.user_id)
      .executeTakeFirstOrThrow();
    const emailId = await queueEmail(trx, {
      kind: "receipt",
      to: purchase.receipt_email ?? user.email,
      ...receiptEmail({
        name: displayName(user),
        amount: formatPrice(due),
        paidOn: formatPaidOn(now(ctx)),
        provider: paymentMethodName(payment.provider),
        reference: paymentReference(purchase.id),
        portalUrl: `${ctx.baseUrl}/portal`,
        supportEmail: ctx.supportEmail,
        invoiceUrl: `${ctx.baseUrl}${invoicePath(invoice.number)}`,
        invoiceNumber: invoice.number,
      }),
    });
    return { granted: true, emailId, invoiceNumber: invoice.number };
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

export type RevokeOutcome =
  "revoked" | "recorded-before-success" | "partial" | "already" | "unknown" | "duplicate-refunded";

/**
 * A full refund (the 30-day guarantee, or one made in the provider's
 * dashboard) or a chargeback: the purchase is marked refunded and premium ends, unless the member has
 * another paid purchase. A refund that arrives before the payment's success
 * is remembered, so the late success grants nothing.
 */
export async function revokePurchase(
  db: Db,
  payment: UndonePayment,
  /** What a refund notice needs, should this be a second payment. */
  notice: GrantContext,
  at = new Date(),
  /** How much has been refunded in all, when the provider says; less than was paid keeps the course. */
  refundedMinor?: number,
): Promise<RevokeOutcome> {
  const run = async (trx: Db): Promise<RevokeOutcome> => {
    const purchase =
      "captureId" in payment
        ? await trx
            .selectFrom("purchases")
            .selectAll()
            .where("provider", "=", "paypal")
            .where("provider_capture_id", "=", payment.captureId)
            .executeTakeFirst()
        : await purchaseFor(trx, payment);
    if (!purchase) return "unknown";
    if (purchase.status === "refunded") return "already";
    // A partial refund (a goodwill gesture, say) is not the money-back guarantee.
    if (refundedMinor !== undefined && refundedMinor < purchase.amount_minor) return "partial";
    // The refund we owed for a second payment (ours, or one made in the provider's dashboard).
    if (purchase.status === "duplicate") {
      await settleDuplicate(trx, purchase.id, notice, at);
      return "duplicate-refunded";
    }
    const wasPaid = purchase.status === "succeeded";
    await trx
      .updateTable("purchases")
      .set({ status: "refunded", refunded_at: at.toISOString(), updated_at: at.toISOString() })
      .where("id", "=", purchase.id)
      .execute();
    if (wasPaid) {
      await issueCreditNote(trx, purchase, {
        seller: sellerFor(notice),
        at,
        listPriceMinor: notice.price.amountMinor,
      });
    }
    if (!wasPaid) return "recorded-before-success";
    // A gift's refund takes the course from whoever redeemed it (the giver never had it from this payment).
    const holder = purchase.for_gift ? await redeemedBy(trx, purchase.id) : purchase.user_id;
    if (!holder) return purchase.user_id ? "revoked" : "recorded-before-success";
    if (!(await holdsCourse(trx, holder, purchase.id))) {
      await setSubscriptionTier(trx, holder, "free", at.toISOString());
      // The giver is told of her refund; she who redeemed it is told what it took from her account.
      if (purchase.for_gift) await tellGiftEnded(trx, holder, notice);
    }
    return "revoked";
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

async function tellGiftEnded(trx: Db, holderId: string, notice: GrantContext) {
  const holder = await trx
    .selectFrom("user")
    .select(["name", "email"])
    .where("id", "=", holderId)
    .executeTakeFirst();
  if (!holder) return;
  await queueEmail(trx, {
    kind: "gift-ended",
    to: holder.email,
    ...giftEndedEmail({ name: displayName(holder), supportEmail: notice.supportEmail }),
  });
}

/**
 * Records that a second payment has been refunded, once: the purchase turns
 * from `duplicate` to `refunded` and the one email that explains it is
 * queued with it. Whichever comes first, our own refund call or the
 * provider's webhook about it, does this; the other finds nothing to do.
 * Returns the email's id, or null when there was nothing to record.
 */
export async function settleDuplicate(
  db: Db,
  purchaseId: string,
  ctx: GrantContext,
  at = new Date(),
): Promise<string | null> {
  const run = async (trx: Db): Promise<string | null> => {
    const settled = await trx
      .updateTable("purchases")
      .set({ status: "refunded", refunded_at: at.toISOString(), updated_at: at.toISOString() })
      .where("id", "=", purchaseId)
      .where("status", "=", "duplicate")
      .returning(["user_id", "provider", "amount_minor", "currency", "receipt_email"])
      .executeTakeFirst();
    if (!settled?.user_id) return null;
    const user = await trx
      .selectFrom("user")
      .select(["name", "email"])
      .where("id", "=", settled.user_id)
      .executeTakeFirstOrThrow();
    return queueEmail(trx, {
      kind: "duplicate-refund",
      to: settled.receipt_email ?? user.email,
      ...duplicateRefundEmail({
        name: displayName(user),
        amount: formatPrice({ amountMinor: settled.amount_minor, currency: settled.currency }),
        provider: paymentMethodName(settled.provider),
        reference: paymentReference(purchaseId),
        portalUrl: `${ctx.baseUrl}/portal`,
        supportEmail: ctx.supportEmail,
      }),
    });
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/**
 * A payment the provider declined: nothing was taken, so the purchase still pending is failed, and
 * the use of a code it held is let go.
 */
export async function recordDeclined(db: Db, ref: PaymentRef, at: Date) {
  const declined = await db
    .updateTable("purchases")
    .set({ status: "failed", updated_at: at.toISOString() })
    .where("provider", "=", ref.provider)
    .where("provider_payment_id", "=", ref.providerPaymentId)
    .where("status", "=", "pending")
    .returning(["offer_id", "user_id"])
    .executeTakeFirst();
  if (declined?.offer_id && declined.user_id) await releaseOfferHold(db, declined.offer_id, declined.user_id);
}

/**
 * The purchase turns succeeded (once, however many confirmations race: null for all but the first),
 * a code's use is counted and its invoice numbered, in the grant's transaction: paid and invoiced
 * commit together, or neither does.
 */
async function markPaid(
  trx: Db,
  purchase: Selectable<PurchasesTable>,
  payment: ConfirmedPayment,
  ctx: GrantContext,
) {
  const claimed = await trx
    .updateTable("purchases")
    .set({
      status: "succeeded",
      succeeded_at: now(ctx),
      updated_at: now(ctx),
      ...(payment.captureId ? { provider_capture_id: payment.captureId } : {}),
    })
    .where("id", "=", purchase.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;
  if (purchase.offer_id && purchase.user_id) await countOfferUse(trx, purchase.offer_id, purchase.user_id);
  return issueInvoice(trx, purchase, {
    seller: sellerFor(ctx),
    at: timeOf(ctx),
    listPriceMinor: ctx.price.amountMinor,
    buyerCountry: payment.billingCountry ?? null,
  });
}

/**
 * A gift paid for: the purchase turns succeeded (once), a code's use is
 * counted, the giver's invoice is numbered, the gift's delivery is queued for
 * its day and her receipt is queued, in the grant's transaction. Her own tier
 * is untouched.
 */
async function grantGift(
  trx: Db,
  purchase: Selectable<PurchasesTable>,
  payment: ConfirmedPayment,
  ctx: GrantContext,
  due: Price,
): Promise<GrantOutcome> {
  const invoice = await markPaid(trx, purchase, payment, ctx);
  if (!invoice) return { granted: false, reason: "already" };
  const gift = await scheduleGiftDelivery(trx, purchase.id);
  const user = await trx
    .selectFrom("user")
    .select(["name", "email"])
    .where("id", "=", purchase.user_id!)
    .executeTakeFirstOrThrow();
  const emailId = await queueEmail(trx, {
    kind: "gift-receipt",
    to: purchase.receipt_email ?? user.email,
    ...giftReceiptEmail({
      name: displayName(user),
      amount: formatPrice(due),
      paidOn: formatPaidOn(now(ctx)),
      provider: paymentMethodName(payment.provider),
      reference: paymentReference(purchase.id),
      portalUrl: `${ctx.baseUrl}/portal/gifts`,
      supportEmail: ctx.supportEmail,
      invoiceUrl: `${ctx.baseUrl}${invoicePath(invoice.number)}`,
      invoiceNumber: invoice.number,
      recipientEmail: gift.recipientEmail,
      deliverOn: formatLongDate(gift.deliverOn),
    }),
  });
  return { granted: true, emailId, invoiceNumber: invoice.number };
}

/**
 * Whether she has the Complete Course from something other than `exceptPurchaseId`: a payment of her own
 * that succeeded, or a gift she redeemed whose payment stands.
 */
async function holdsCourse(trx: Db, userId: string, exceptPurchaseId: string): Promise<boolean> {
  const paid = await trx
    .selectFrom("purchases")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "=", "succeeded")
    .where("for_gift", "=", false)
    .where("id", "!=", exceptPurchaseId)
    .executeTakeFirst();
  if (paid) return true;
  return giftHeldBy(trx, userId, exceptPurchaseId);
}

/** What a purchase must be paid: the configured price, or the amount recorded for it with an offer. */
function chargedFor(
  purchase: { offer_id: string | null; amount_minor: number; currency: string },
  price: Price,
) {
  return purchase.offer_id ? { amountMinor: purchase.amount_minor, currency: purchase.currency } : price;
}

/** A capture the provider holds (PayPal's PENDING): its id is kept, for the refund or webhook that names it. */
export async function recordPendingCapture(db: Db, ref: PaymentRef, captureId: string) {
  await db
    .updateTable("purchases")
    .set({ provider_capture_id: captureId })
    .where("provider", "=", ref.provider)
    .where("provider_payment_id", "=", ref.providerPaymentId)
    .execute();
}

/**
 * Handles a provider event once: its id is recorded in the same transaction
 * as its effect, so a redelivered event is recognised and ignored.
 */
export async function onceForEvent<T>(
  db: Db,
  eventId: string,
  type: string,
  handle: (trx: Db) => Promise<T>,
): Promise<T | "duplicate"> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("payment_events")
      .values({ id: eventId, type })
      .onConflict((oc) => oc.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return "duplicate" as const;
    return handle(trx);
  });
}

/** When a grant or a refund is recorded: the context's own clock (a test's), or now. */
export function timeOf(ctx: GrantContext): Date {
  return ctx.now ?? new Date();
}

function now(ctx: GrantContext) {
  return timeOf(ctx).toISOString();
}
