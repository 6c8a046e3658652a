import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../../db/schema.ts";
import { normalizeEmail } from "#app/modules/people/email-address.ts";
import type { Member } from "#app/modules/accounts/session.server.ts";
import type { Mailer } from "#app/modules/email/outbox.server.ts";
import type { Logger } from "#app/platform/log.server.ts";
import { addressKey, hitLimits, limitKey, tooManyAttemptsMessage } from "#app/platform/rate-limit.server.ts";
import {
  purchaseFor,
  recordPendingPurchase,
  timeOf,
  type GrantContext,
  type GrantOutcome,
} from "./fulfilment.server.ts";
import { paymentMessages as m } from "./messages.ts";
import { CODE_MAX, offerSaving } from "./offers.ts";
import { holdOffer, quoteCode, releaseOfferHold } from "./offers.server.ts";
import { formatPrice } from "./price.ts";
import { handlePaymentEvent } from "./payment-events.server.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import { gatewayFor, type Payments } from "./payments.server.ts";
import { checkGift, deliveryInstant, MESSAGE_MAX } from "./gifts.ts";
import { recordGift, type NewGift } from "./gifts.server.ts";
import { todayIn } from "#app/modules/calendar/dates.ts";

/**
 * The checkout's server side: every call is for the session's member, with
 * the configured price. Results are plain objects the routes turn into JSON.
 */
type Db = Kysely<Database>;

export interface CheckoutDeps {
  db: Db;
  payments: Payments;
  mailer: Pick<Mailer, "deliverSoon">;
  log: Logger;
  grant: GrantContext;
  /** The client's address, for the limits; absent for the server's own work (sweeps). */
  clientIp?: string;
}

/**
 * Calls that start, confirm or capture a payment, per member and per address:
 * far more than anyone buying the course needs, far too few to hammer the
 * providers' APIs through us.
 */
export const PAYMENT_LIMITS = {
  member: { limit: 20, windowSeconds: 60 * 60 },
  ip: { limit: 60, windowSeconds: 60 * 60 },
};

/** A code as the browser sends it: read (and refused in plain words) by the offers, never trusted further. */
const typedCode = z.string().max(CODE_MAX + 16);

/**
 * What the browser may send to start a payment: where the receipt goes, and
 * a code she typed. Anything else it sends (an amount, a currency) is ignored.
 */
export const startPaymentBody = z
  .looseObject({
    email: z.string().overwrite(normalizeEmail).max(254).pipe(z.email()).optional(),
    code: typedCode.optional(),
    /** Set when she is buying the course as a gift: read by checkGift (gifts.ts), in plain words. */
    gift: z
      .object({
        recipientEmail: z.string().max(300),
        message: z.string().max(MESSAGE_MAX * 2),
        deliverOn: z.string().max(20),
      })
      .optional(),
  })
  .optional();
export const startPaymentHint = "Please enter a valid email address for your receipt.";

/** A refusal: the HTTP status, and the message the member (or the provider) is given. */
export type Failure = { ok: false; status: number; error: string };
export const fail = (status: number, error: string): Failure => ({ ok: false, status, error });

function refuse(deps: CheckoutDeps, member: Member | null, forGift = false): Failure | null {
  if (!member) return fail(401, "Please sign in or create your account first.");
  // A gift is for someone else: having the course herself, or a partner's seat, doesn't stop her giving it.
  if (!forGift && member.hasPremium) return fail(409, m.alreadyOwned);
  if (!forGift && member.isPartner) return fail(409, m.partnerSeat);
  if (deps.payments.mode === "unavailable") return fail(503, m.unavailable);
  return null;
}

/**
 * Codes a member may try at checkout, per member and per address: plenty for
 * a few typos, too few to guess codes.
 */
export const CODE_LIMITS = {
  member: { limit: 10, windowSeconds: 60 * 60 },
  ip: { limit: 30, windowSeconds: 60 * 60 },
};

export const priceCodeBody = z.object({ code: typedCode, forGift: z.boolean().optional() });
export const priceCodeHint = "Please enter the code you were given.";

/**
 * POST /api/price-code: what a code would make her price, before she pays.
 * It says no more than the new price and "This code gives €X off" (nothing of
 * its uses, its dates or other codes), and holds nothing: the payment's start does.
 */
export async function priceCode(deps: CheckoutDeps, member: Member | null, typed: string, forGift = false) {
  const refused = refuse(deps, member, forGift);
  if (refused) return refused;
  const checks = [{ key: limitKey("offer-codes:member", member!.id), rule: CODE_LIMITS.member }];
  if (deps.clientIp) checks.push({ key: addressKey("offer-codes:ip", deps.clientIp), rule: CODE_LIMITS.ip });
  const limit = await hitLimits(deps.db, checks);
  if (!limit.allowed) return fail(429, tooManyAttemptsMessage(limit.retryAfterSeconds));
  const { price } = deps.grant;
  const quote = await quoteCode(deps.db, typed, member!.id, price, timeOf(deps.grant), forGift);
  if (!quote.ok) return fail(409, quote.message);
  return { ok: true as const, price: formatPrice(quote.price), saving: offerSaving(price, quote.price) };
}

/** Counts one payment call for the member (and her address); a Failure past the limits. */
export async function overLimit(deps: CheckoutDeps, member: Member): Promise<Failure | null> {
  const checks = [{ key: limitKey("payments:member", member.id), rule: PAYMENT_LIMITS.member }];
  if (deps.clientIp) checks.push({ key: addressKey("payments:ip", deps.clientIp), rule: PAYMENT_LIMITS.ip });
  const limit = await hitLimits(deps.db, checks);
  return limit.allowed ? null : fail(429, tooManyAttemptsMessage(limit.retryAfterSeconds));
}

/** Only an address other than the account's own is worth remembering. */
function receiptFor(member: Member, receiptEmail: string | null) {
  const wanted = receiptEmail === null ? null : normalizeEmail(receiptEmail);
  return wanted && wanted !== normalizeEmail(member.email) ? wanted : null;
}

/** Whether she has the course after a payment's grant: this one granted it, or another had. */
function keepsCourse(outcome: GrantOutcome) {
  return outcome.granted || outcome.reason === "already" || outcome.reason === "duplicate";
}

/** Back from the bank's page after paying for a gift: her own course is not what changed. */
const GIFT_RETURNED_PAID = "Payment successful! Your gift is paid for: you'll find it on your gifts page.";

/**
 * A gift's purpose for its provider: what she chose for it, hashed. Starting the same gift again (a retry)
 * finds the same card payment; another gift, or her own course, is a payment of its own.
 */
function giftPurpose(gift: NewGift) {
  const chosen = JSON.stringify([gift.recipientEmail, gift.message, gift.deliverOn]);
  return `gift-${crypto.createHash("sha256").update(chosen).digest("hex").slice(0, 32)}`;
}

/** What she asked for as she started paying: where the receipt goes, and a code she typed. */
export interface StartRequest {
  receiptEmail?: string | null;
  code?: string | null;
  /** The course as a gift: what she typed for it, and her clock and time zone to read its day by. */
  gift?: { input: GiftInput; now: Date; timeZone: string } | null;
}

type GiftInput = { recipientEmail?: unknown; message?: unknown; deliverOn?: unknown };

/**
 * Creates the payment at the provider for the configured price (or a code's,
 * once one of its uses is held for her), and records it as hers, pending.
 * `receiptEmail` is where the receipt goes, if not the account's. A code that
 * gives nothing is refused in plain words, and nothing is started.
 */
async function startPayment(
  deps: CheckoutDeps,
  member: Member | null,
  request: StartRequest,
  gateway: PaymentGateway | null,
  whatFailed: string,
) {
  const forGift = Boolean(request.gift);
  const refused = refuse(deps, member, forGift) ?? (await overLimit(deps, member!));
  if (refused) return refused;
  if (!gateway) return fail(503, m.unavailable);
  let gift: NewGift | null = null;
  if (request.gift) {
    const { input, now, timeZone } = request.gift;
    const checked = checkGift(input, todayIn(timeZone, now), member!.email);
    if (!checked.ok) return fail(400, Object.values(checked.errors)[0]!);
    gift = { ...checked.gift, deliverAt: deliveryInstant(checked.gift.deliverOn, timeZone, now) };
  }
  let price = deps.grant.price;
  let offerId: string | null = null;
  if (request.code) {
    const held = await holdOffer(deps.db, request.code, member!.id, price, timeOf(deps.grant), forGift);
    if (!held.ok) return fail(409, held.message);
    ({ price, offerId } = held);
  }
  try {
    const started = await gateway.start({
      userId: member!.id,
      price,
      purpose: gift ? giftPurpose(gift) : undefined,
    });
    const ref = { provider: gateway.provider, providerPaymentId: started.id };
    const receipt = receiptFor(member!, request.receiptEmail ?? null);
    await deps.db.transaction().execute(async (trx) => {
      await recordPendingPurchase(trx, ref, member!.id, { price, offerId, forGift }, receipt);
      if (gift) await recordGift(trx, ref, member!.id, gift);
    });
    return { ok: true as const, ...started };
  } catch (error) {
    if (offerId) await releaseOfferHold(deps.db, offerId, member!.id);
    deps.log.error({ err: error }, `could not create ${whatFailed}`);
    return fail(502, `${m.initFailed}. ${m.busy}`);
  }
}

/** POST /api/create-payment-intent: the amount is the server's, whatever the browser sent. */
export async function startCardPayment(
  deps: CheckoutDeps,
  member: Member | null,
  request: StartRequest = {},
) {
  const gateway = gatewayFor(deps.payments, "stripe");
  const started = await startPayment(deps, member, request, gateway, "a payment intent");
  if (!started.ok) return started;
  return { ok: true as const, clientSecret: started.clientSecret, paymentIntentId: started.id };
}

/** Counts the call, then lets only the member who started a card payment go on with it. */
export async function ownedPending(
  deps: CheckoutDeps,
  member: Member | null,
  paymentIntentId: string,
): Promise<{ ok: true } | Failure> {
  if (!member) return fail(401, "Please sign in.");
  const limited = await overLimit(deps, member);
  if (limited) return limited;
  const purchase = await purchaseFor(deps.db, { provider: "stripe", providerPaymentId: paymentIntentId });
  if (!purchase || purchase.user_id !== member.id) return fail(404, m.verificationFailed);
  return { ok: true };
}

/**
 * POST /api/confirm-payment and the redirect back to /portal: asks Stripe
 * itself whether the member's payment succeeded, and grants if so.
 */
export async function confirmCardPayment(deps: CheckoutDeps, member: Member | null, paymentIntentId: string) {
  const owned = await ownedPending(deps, member, paymentIntentId);
  if (!owned.ok) return owned;
  const gateway = gatewayFor(deps.payments, "stripe");
  if (!gateway) return fail(503, m.unavailable);
  try {
    const { status, event } = await gateway.confirm(paymentIntentId);
    if (event?.type !== "paid") return { ok: true as const, status, premium: false };
    const outcome = await handlePaymentEvent(deps, event);
    const premium = keepsCourse(outcome);
    return premium ? { ok: true as const, status: "succeeded", premium } : fail(402, m.verificationFailed);
  } catch (error) {
    deps.log.error({ err: error }, "could not verify a payment");
    return fail(502, `${m.verificationFailed}. ${m.confirmLater}`);
  }
}

const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;
export const paymentIntentIdSchema = z.string().regex(PAYMENT_INTENT_ID);
/** PayPal's order ids are short runs of letters and digits. */
export const payPalOrderIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);

/**
 * Back on /portal from a bank's own page (3-D Secure, say): Stripe adds
 * ?payment_intent=… to the return URL. The server checks the payment itself;
 * the answer is what the member is told.
 */
export async function returnFromCardPayment(
  deps: CheckoutDeps,
  member: Member,
  paymentIntentId: string,
): Promise<{ type: "success" | "info" | "error"; message: string }> {
  if (!PAYMENT_INTENT_ID.test(paymentIntentId)) return { type: "error", message: m.verificationFailed };
  const outcome = await confirmCardPayment(deps, member, paymentIntentId);
  if (!outcome.ok) return { type: "error", message: outcome.error };
  if (outcome.premium) {
    const purchase = await purchaseFor(deps.db, { provider: "stripe", providerPaymentId: paymentIntentId });
    return { type: "success", message: purchase?.for_gift ? GIFT_RETURNED_PAID : m.returnedPaid };
  }
  return outcome.status === "processing"
    ? { type: "info", message: m.cardProcessing }
    : { type: "error", message: m.failed };
}

/** POST /api/create-paypal-order → { id }, with the server's amount and currency. */
export async function startPayPalOrder(
  deps: CheckoutDeps,
  member: Member | null,
  request: StartRequest = {},
) {
  const gateway = gatewayFor(deps.payments, "paypal");
  const started = await startPayment(deps, member, request, gateway, "a PayPal order");
  if (!started.ok) return started;
  return { ok: true as const, id: started.id };
}

/**
 * POST /api/capture-paypal-order { orderID }: captured by the server; premium
 * only for a COMPLETED capture of exactly the configured amount and currency.
 */
export async function capturePayPalOrder(deps: CheckoutDeps, member: Member | null, orderId: string) {
  if (!member) return fail(401, "Please sign in.");
  const limited = await overLimit(deps, member);
  if (limited) return limited;
  const gateway = gatewayFor(deps.payments, "paypal");
  if (!gateway) return fail(503, m.unavailable);
  const purchase = await purchaseFor(deps.db, { provider: "paypal", providerPaymentId: orderId });
  if (!purchase || purchase.user_id !== member.id) return fail(404, m.paypalFailed);
  // Paid already (by card in another tab, say): this order is never captured, so nothing is taken. A gift is
  // for someone else, and may be bought by a member who has the course.
  if (member.hasPremium && !purchase.for_gift) return fail(409, m.alreadyOwned);
  try {
    const { event } = await gateway.confirm(orderId);
    if (event?.type === "failed") {
      await handlePaymentEvent(deps, event);
      return { ok: false as const, status: 402, error: m.paypalDeclined, paypalStatus: "DECLINED" };
    }
    if (event?.type === "paid") {
      const outcome = await handlePaymentEvent(deps, event);
      // A second payment (refunded in the background) still leaves her with the course.
      if (keepsCourse(outcome)) return { ok: true as const, status: "COMPLETED" };
      return { ok: false as const, status: 402, error: m.paypalFailed, paypalStatus: "MISMATCH" };
    }
    // PayPal holds the money (an eCheck, a review): the webhook that completes the capture grants.
    if (event) await handlePaymentEvent(deps, event);
    return { ok: true as const, status: "PENDING", message: m.paypalPending };
  } catch (error) {
    deps.log.error({ err: error }, "PayPal capture failed");
    // The capture may have happened at PayPal; retrying it reuses its request id, so it is never taken twice.
    return fail(502, `${m.paypalFailed}. ${m.confirmLater}`);
  }
}
