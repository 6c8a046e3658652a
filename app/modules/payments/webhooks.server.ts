import {
  addressKey,
  hitLimits,
  limitKey,
  tooManyAttemptsMessage,
  type LimitCheck,
} from "#app/platform/rate-limit.server.ts";
import { fail, type CheckoutDeps, type Failure } from "./checkout.server.ts";
import { purchaseFor } from "./fulfilment.server.ts";
import type { PaymentEvent } from "./payment-event.ts";
import { handleEventOnce } from "./payment-events.server.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import { gatewayFor } from "./payments.server.ts";

/**
 * Webhook calls per address, and PayPal's in all. A PayPal call is checked by
 * asking PayPal, so a flood of forged ones would spend the shop's PayPal quota,
 * and real checkouts with it: past these limits a call is refused before it is
 * checked. The providers send a refused event again later.
 */
export const WEBHOOK_LIMITS = {
  address: { limit: 60, windowSeconds: 60 },
  paypalChecks: { limit: 200, windowSeconds: 60 * 60 },
};

async function webhookOverLimit(deps: CheckoutDeps, gateway: PaymentGateway): Promise<Failure | null> {
  const { provider } = gateway;
  const checks: LimitCheck[] = [];
  if (deps.clientIp)
    checks.push({ key: addressKey(`webhook:${provider}:ip`, deps.clientIp), rule: WEBHOOK_LIMITS.address });
  if (gateway.checksWebhooksWithProvider)
    checks.push({ key: limitKey(`webhook:${provider}:checks`, "all"), rule: WEBHOOK_LIMITS.paypalChecks });
  const limit = await hitLimits(deps.db, checks);
  return limit.allowed ? null : fail(429, tooManyAttemptsMessage(limit.retryAfterSeconds));
}

/**
 * A paid event doesn't name the buyer's country, which sets her invoice's VAT. For a purchase of ours
 * still to be granted, the provider is asked for it, as her return from paying asks, so the invoice is
 * the same whichever grants first. Any other event (someone else's, or one granted already) costs no call.
 */
async function withBuyerCountry(
  deps: CheckoutDeps,
  gateway: PaymentGateway,
  event: PaymentEvent | null,
): Promise<PaymentEvent | null> {
  if (event?.type !== "paid") return event;
  const purchase = await purchaseFor(deps.db, event.payment);
  if (purchase?.status !== "pending") return event;
  const billingCountry = await gateway.buyerCountry(event.payment.providerPaymentId);
  return { ...event, payment: { ...event.payment, billingCountry } };
}

/**
 * A provider's webhook call: limited first, then checked by the provider's
 * gateway (its signature, or PayPal's word) and read as a payment event,
 * which is acted on once, whatever order the calls arrive in. A provider
 * that isn't configured has no webhook here.
 */
async function handleWebhook(
  deps: CheckoutDeps,
  gateway: PaymentGateway | null,
  rawBody: Buffer,
  headers: Headers,
) {
  if (!gateway) return fail(404, "Not found");
  const refused = await webhookOverLimit(deps, gateway);
  if (refused) return refused;
  const received = await gateway.readWebhook(rawBody, headers);
  if (!received.genuine) return fail(400, received.error);
  let event: PaymentEvent | null;
  try {
    event = await withBuyerCountry(deps, gateway, received.event);
  } catch {
    // Not acted on, so not recorded: the provider sends the event again later.
    return fail(502, "The payment provider could not be reached; the event will be sent again.");
  }
  await handleEventOnce(deps, { id: `${gateway.provider}:${received.id}`, type: received.type, event });
  return { ok: true as const, received: true };
}

/**
 * POST /api/webhooks/stripe: the signature is checked over the raw bytes;
 * a payment that succeeded grants, a full refund or a chargeback revokes.
 */
export async function handleStripeWebhook(deps: CheckoutDeps, rawBody: Buffer, signature: string | null) {
  const headers = new Headers(signature === null ? {} : { "stripe-signature": signature });
  return handleWebhook(deps, gatewayFor(deps.payments, "stripe"), rawBody, headers);
}

/** POST /api/webhooks/paypal: PayPal confirms the call was its own; a capture refunded in full revokes premium. */
export async function handlePayPalWebhook(deps: CheckoutDeps, headers: Headers, rawBody: Buffer) {
  return handleWebhook(deps, gatewayFor(deps.payments, "paypal"), rawBody, headers);
}
