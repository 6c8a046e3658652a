import type { CheckoutDeps } from "#app/modules/payments/checkout.server.ts";
import { refundUnderWay } from "#app/modules/payments/owner-refunds.ts";
import { formatPrice } from "#app/modules/payments/price.ts";
import { paymentMethodName, paymentReference } from "#app/modules/payments/receipt.ts";
import { refundPurchase } from "#app/modules/payments/refunds.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import { hitLimit, limitKey, tooManyAttemptsMessage } from "#app/platform/rate-limit.server.ts";
import type { PurchaseProvider } from "../../../db/schema.ts";
import { recordAudit, recordAuditWithReason } from "./audit.server.ts";
import type { RefundForm, StudioFormAnswer } from "./forms.ts";
import { guaranteeDaysLeft } from "./guarantee.ts";
import { requireRecentStudioCheck } from "./recent-check.server.ts";
import {
  refundDoneMessage,
  refundFormProblem,
  refundPath,
  refundCheckPurpose,
  refundPurchaseIdOf,
  refundRecipient,
  refundStateOf,
  type CheckPurpose,
  type RefundState,
} from "./refunds.ts";
import type { StudioOwner } from "./studio.server.ts";

/** Refunds an owner may make in an hour: money leaves with each. */
const REFUNDS_PER_HOUR = 20;

/** A purchase as the refund's confirmation shows it. */
export interface RefundConfirmation {
  purchaseId: string;
  /** Null once her account is deleted. */
  memberId: string | null;
  /** Her name (else her address), or "a deleted account". */
  who: string;
  /** As every page writes it ("€27"). */
  amount: string;
  /** "card" or "PayPal". */
  method: string;
  provider: PurchaseProvider;
  /** The reference her receipt gave her. */
  reference: string;
  paidAt: string | null;
  /** Whole days left of the 30-day guarantee; null when it was never paid. */
  guaranteeDaysLeft: number | null;
  state: RefundState;
  /** Bought as a gift: the refund leaves the buyer's own course alone. */
  gift: boolean;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** One purchase, for its refund's confirmation (or the check that interrupts it); null when there is none. */
export async function refundConfirmation(
  db: Db,
  purchaseId: string,
  now: Date,
): Promise<RefundConfirmation | null> {
  const row = await db
    .selectFrom("purchases")
    .leftJoin("user", "user.id", "purchases.user_id")
    .select([
      "purchases.id",
      "purchases.user_id",
      "user.name",
      "user.email",
      "purchases.provider",
      "purchases.amount_minor",
      "purchases.currency",
      "purchases.status",
      "purchases.succeeded_at",
      "purchases.refunded_at",
      "purchases.refund_reason",
      "purchases.refund_started_at",
      "purchases.for_gift",
    ])
    .where("purchases.id", "=", purchaseId)
    .executeTakeFirst();
  if (!row) return null;
  const paidAt = iso(row.succeeded_at);
  return {
    purchaseId: row.id,
    memberId: row.user_id,
    who: refundRecipient(row.user_id ? { name: row.name, email: row.email } : null),
    amount: formatPrice({ amountMinor: row.amount_minor, currency: row.currency }),
    method: paymentMethodName(row.provider),
    provider: row.provider,
    reference: paymentReference(row.id),
    paidAt,
    guaranteeDaysLeft: paidAt ? guaranteeDaysLeft(new Date(paidAt), now) : null,
    gift: Boolean(row.for_gift),
    state: refundStateOf(
      {
        status: row.status,
        refundedAt: iso(row.refunded_at),
        refundReason: row.refund_reason,
        refundStartedAt: iso(row.refund_started_at),
      },
      now,
    ),
  };
}

/**
 * What the studio's check is interrupting, when it is a refund ("Confirm it's you to refund €27 to
 * Aoife Murphy"): the check page says so. Null for any other page, or a purchase with nothing left to
 * refund.
 */
export async function checkPurpose(db: Db, next: string, now: Date): Promise<CheckPurpose | null> {
  const purchaseId = refundPurchaseIdOf(next);
  if (!purchaseId) return null;
  const purchase = await refundConfirmation(db, purchaseId, now);
  if (purchase?.state.kind !== "refundable") return null;
  return refundCheckPurpose(purchase.amount, purchase.who);
}

/** A member's purchases that can be refunded now, newest first: what a conversation with her offers. */
export async function refundablePurchases(
  db: Db,
  memberId: string,
  now: Date,
): Promise<{ id: string; amount: string; method: string }[]> {
  const rows = await db
    .selectFrom("purchases")
    .select(["id", "amount_minor", "currency", "provider", "refund_started_at"])
    .where("user_id", "=", memberId)
    .where("status", "=", "succeeded")
    .orderBy("created_at", "desc")
    .execute();
  return rows
    .filter(
      (row) => !refundUnderWay(row.refund_started_at === null ? null : new Date(row.refund_started_at), now),
    )
    .map((row) => ({
      id: row.id,
      amount: formatPrice({ amountMinor: row.amount_minor, currency: row.currency }),
      method: paymentMethodName(row.provider),
    }));
}

/**
 * Makes the refund a confirmation asks for, once the second factor is recent
 * (and back to the confirmation, her reason to give again, if it isn't): in
 * full through the provider, which ends premium and emails her, with the
 * audit entry (its reason, and her note beside it) in the refund's own
 * transaction. Counted per owner first, atomically.
 */
export async function answerRefundForm(
  deps: CheckoutDeps,
  owner: StudioOwner,
  purchaseId: string,
  form: RefundForm,
  now: Date,
): Promise<StudioFormAnswer> {
  requireRecentStudioCheck(owner, now, refundPath(purchaseId, form.back));
  const limit = await hitLimit(deps.db, limitKey("studio-refund", owner.id), {
    limit: REFUNDS_PER_HOUR,
    windowSeconds: 3600,
  });
  if (!limit.allowed)
    return { ok: false, status: 429, message: tooManyAttemptsMessage(limit.retryAfterSeconds) };
  const purchase = await refundConfirmation(deps.db, purchaseId, now);
  if (!purchase) return { ok: false, status: 404, message: "There is no such purchase." };
  const problem = refundFormProblem(form, purchase.memberId !== null);
  if (problem) return { ok: false, status: 400, message: problem };
  // Her words are kept with her, and go with her account: a deleted account's refund keeps none.
  const note = purchase.memberId ? form.note : "";
  const refunded = await refundPurchase(deps, purchaseId, {
    reason: form.reason,
    now,
    async record(trx, refund) {
      const entry = {
        actorId: owner.id,
        action: "purchase.refunded" as const,
        subjectId: refund.memberId,
        detail: {
          purchase: refund.purchaseId,
          amountMinor: refund.amountMinor,
          currency: refund.currency,
          provider: refund.provider,
          because: form.reason,
        },
        ip: owner.ip,
      };
      if (note && refund.memberId) {
        await recordAuditWithReason(trx, { ...entry, subjectId: refund.memberId }, note, now);
      } else {
        await recordAudit(trx, entry, now);
      }
    },
  });
  if (!refunded.ok) return refunded;
  return {
    ok: true,
    message: refundDoneMessage({
      amount: purchase.amount,
      who: purchase.who,
      courseEnded: refunded.courseEnded,
      emailed: refunded.emailed,
    }),
    next: form.back,
  };
}
