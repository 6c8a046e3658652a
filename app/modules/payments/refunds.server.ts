import type { PurchaseProvider, PurchasesTable } from "../../../db/schema.ts";
import { displayName } from "#app/modules/people/display.ts";
import { queueEmail } from "#app/modules/email/outbox.server.ts";
import { refundEmail } from "#app/modules/email/templates.ts";
import type { Db } from "#app/platform/db.server.ts";
import type { CheckoutDeps } from "./checkout.server.ts";
import { revokePurchase, settleDuplicate, timeOf } from "./fulfilment.server.ts";
import { gatewayFor } from "./payments.server.ts";
import { formatPrice } from "./price.ts";
import { paymentMethodName, paymentReference } from "./receipt.ts";
import { type GIVER_REFUND_REASON, REFUND_UNDER_WAY_MINUTES, type RefundReason } from "./owner-refunds.ts";

const PROVIDER_NAMES: Record<PurchaseProvider, string> = { stripe: "Stripe", paypal: "PayPal" };

/** Refunds a purchase in full through its provider's gateway; throws when the provider doesn't take it. */
async function refundWithProvider(
  deps: CheckoutDeps,
  purchase: Pick<PurchasesTable, "provider" | "provider_payment_id" | "provider_capture_id">,
  idempotencyKey: string,
) {
  const gateway = gatewayFor(deps.payments, purchase.provider);
  if (!gateway) throw new Error(`${PROVIDER_NAMES[purchase.provider]} is not configured`);
  await gateway.refund(
    { providerPaymentId: purchase.provider_payment_id, captureId: purchase.provider_capture_id },
    idempotencyKey,
  );
}

/**
 * Refunds a second payment in full through its provider, then records it and
 * queues the email that explains it (settleDuplicate). If the provider can't
 * be reached the purchase stays `duplicate`, and refundOwed tries again.
 */
export async function refundDuplicate(deps: CheckoutDeps, purchaseId: string): Promise<boolean> {
  const purchase = await deps.db
    .selectFrom("purchases")
    .selectAll()
    .where("id", "=", purchaseId)
    .where("status", "=", "duplicate")
    .executeTakeFirst();
  if (!purchase) return false;
  try {
    await refundWithProvider(deps, purchase, `tidewell-refund-${purchase.id}`);
  } catch (error) {
    deps.log.error(
      { err: error, purchase: purchase.id },
      "could not refund a second payment; will try again",
    );
    return false;
  }
  const emailId = await settleDuplicate(deps.db, purchase.id, deps.grant, timeOf(deps.grant));
  if (emailId) deps.mailer.deliverSoon(emailId);
  deps.log.info({ purchase: purchase.id }, "second payment refunded");
  return true;
}

/** An owner's refund as it was recorded: what the studio's audit entry and message say about it. */
interface RecordedRefund {
  purchaseId: string;
  /** Null when her account has been deleted: the refund is made, and no one is emailed. */
  memberId: string | null;
  amountMinor: number;
  currency: string;
  provider: PurchaseProvider;
  /** Whether an email tells her of it (none once her account is gone). */
  emailed: boolean;
  /** Whether the Complete Course has left her account (it stays while another payment of hers holds it). */
  courseEnded: boolean;
}

export interface OwnerRefundRequest {
  /** The owner's reason, or a gift refunded by its giver (gift-refunds.server.ts). */
  reason: RefundReason | typeof GIVER_REFUND_REASON;
  now: Date;
  /** Written in the refund's own transaction as it is recorded: the studio's audit entry. */
  record(trx: Db, refund: RecordedRefund): Promise<void>;
}

export type OwnerRefund =
  ({ ok: true } & RecordedRefund) | { ok: false; status: 404 | 409 | 502; message: string };

const ALREADY_REFUNDED: OwnerRefund = {
  ok: false,
  status: 409,
  message: "This payment is refunded already.",
};

/**
 * Refunds a paid purchase in full through its provider (the owner's
 * decision in the studio, the 30-day guarantee say), once, however many
 * requests ask at the same moment: the one that marks the refund as under
 * way (a conditional update) asks the provider; the others are told it is
 * under way. Once the provider has taken it, one transaction ends premium
 * through revokePurchase (the path the provider's refund webhook takes:
 * whichever comes first does it, the other finds it done), keeps the
 * owner's reason, queues the member's email and writes the caller's record.
 * A provider that refuses leaves everything as it was, ready to try again.
 */
export async function refundPurchase(
  deps: CheckoutDeps,
  purchaseId: string,
  request: OwnerRefundRequest,
): Promise<OwnerRefund> {
  const purchase = await deps.db
    .selectFrom("purchases")
    .selectAll()
    .where("id", "=", purchaseId)
    .executeTakeFirst();
  if (!purchase) return { ok: false, status: 404, message: "There is no such purchase." };
  if (purchase.status === "refunded") return ALREADY_REFUNDED;
  if (purchase.status !== "succeeded") {
    return {
      ok: false,
      status: 409,
      message: `This purchase is ${purchase.status}: there is nothing to refund.`,
    };
  }
  const startedAt = request.now.toISOString();
  const staleBefore = new Date(request.now.getTime() - REFUND_UNDER_WAY_MINUTES * 60_000).toISOString();
  const started = await deps.db
    .updateTable("purchases")
    .set({ refund_started_at: startedAt })
    .where("id", "=", purchase.id)
    .where("status", "=", "succeeded")
    .where((eb) => eb.or([eb("refund_started_at", "is", null), eb("refund_started_at", "<", staleBefore)]))
    .executeTakeFirst();
  if (Number(started.numUpdatedRows) !== 1) {
    const now = await deps.db
      .selectFrom("purchases")
      .select("status")
      .where("id", "=", purchase.id)
      .executeTakeFirst();
    if (now?.status === "refunded") return ALREADY_REFUNDED;
    return {
      ok: false,
      status: 409,
      message: "This refund is under way already: look again in a minute.",
    };
  }
  try {
    await refundWithProvider(deps, purchase, `tidewell-owner-refund-${purchase.id}`);
  } catch (error) {
    deps.log.error({ err: error, purchase: purchase.id }, "could not refund a purchase");
    await deps.db
      .updateTable("purchases")
      .set({ refund_started_at: null })
      .where("id", "=", purchase.id)
      .where("refund_started_at", "=", startedAt)
      .execute();
    return {
      ok: false,
      status: 502,
      message: `${PROVIDER_NAMES[purchase.provider]} didn't take the refund. Nothing has changed; please try again.`,
    };
  }
  const refund: RecordedRefund = {
    purchaseId: purchase.id,
    memberId: purchase.user_id,
    amountMinor: purchase.amount_minor,
    currency: purchase.currency,
    provider: purchase.provider,
    emailed: false,
    courseEnded: false,
  };
  const emailId = await deps.db.transaction().execute(async (trx) => {
    await revokePurchase(
      trx,
      { provider: purchase.provider, providerPaymentId: purchase.provider_payment_id },
      deps.grant,
      request.now,
    );
    await trx
      .updateTable("purchases")
      .set({ refund_reason: request.reason, refund_started_at: null, updated_at: startedAt })
      .where("id", "=", purchase.id)
      .execute();
    const member = purchase.user_id ? await memberAfterRefund(trx, purchase.user_id) : undefined;
    // A gift's refund never touches its giver's own course.
    refund.courseEnded = !purchase.for_gift && member !== undefined && member.tier !== "premium";
    const queued = member
      ? await queueRefundEmail(trx, purchase, member, deps.grant.supportEmail, refund.courseEnded)
      : null;
    refund.emailed = queued !== null;
    await request.record(trx, refund);
    return queued;
  });
  if (emailId) deps.mailer.deliverSoon(emailId);
  deps.log.info({ purchase: purchase.id }, "purchase refunded by the owner");
  return { ok: true, ...refund };
}

/** The member a refund was hers, as it leaves her: her name, address and tier. */
async function memberAfterRefund(trx: Db, memberId: string) {
  return trx
    .selectFrom("user")
    .leftJoin("member_access", "member_access.user_id", "user.id")
    .select(["user.name", "user.email", "member_access.subscription_tier as tier"])
    .where("user.id", "=", memberId)
    .executeTakeFirst();
}

/** Tells her of the refund, where her receipt went. */
async function queueRefundEmail(
  trx: Db,
  purchase: Pick<PurchasesTable, "id" | "receipt_email" | "amount_minor" | "currency" | "provider">,
  member: { name: string; email: string; tier: string | null },
  supportEmail: string,
  courseEnded: boolean,
): Promise<string> {
  return queueEmail(trx, {
    kind: "refund",
    to: purchase.receipt_email ?? member.email,
    ...refundEmail({
      name: displayName(member),
      amount: formatPrice({ amountMinor: purchase.amount_minor, currency: purchase.currency }),
      provider: paymentMethodName(purchase.provider),
      reference: paymentReference(purchase.id),
      supportEmail,
      courseEnded,
    }),
  });
}

/** Refunds every second payment still owed (the provider was down, or the server stopped in between). */
export async function refundOwed(deps: CheckoutDeps): Promise<number> {
  const owed = await deps.db.selectFrom("purchases").select("id").where("status", "=", "duplicate").execute();
  let refunded = 0;
  for (const { id } of owed) if (await refundDuplicate(deps, id)) refunded += 1;
  return refunded;
}
