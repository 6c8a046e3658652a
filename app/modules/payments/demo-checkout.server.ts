import type { Member } from "#app/modules/accounts/session.server.ts";
import { fail, overLimit, ownedPending, type CheckoutDeps } from "./checkout.server.ts";
import { purchaseFor } from "./fulfilment.server.ts";
import { paymentMessages as m } from "./messages.ts";

/**
 * The demo checkout (no payment keys, on a local run only: payments.server.ts
 * decides): stand-ins for what Stripe.js and PayPal's window do in the
 * member's browser, against the local fakes. Everything after them is the
 * live checkout's own path. Elsewhere these answer 404.
 */

/** The demo checkout's card form: 4242… pays, 4000 0000 0000 0002 is declined, as in Stripe's test mode. */
export async function confirmDemoCard(
  deps: CheckoutDeps,
  member: Member | null,
  paymentIntentId: string,
  cardNumber: string,
) {
  const stripe = deps.payments.stripe;
  if (deps.payments.mode !== "demo" || !stripe?.confirmForDemo) return fail(404, "Not found");
  const owned = await ownedPending(deps, member, paymentIntentId);
  if (!owned.ok) return owned;
  const digits = cardNumber.replace(/\D/g, "");
  if (digits.length < 12) return fail(400, "Please enter the demo card number.");
  try {
    const result = await stripe.confirmForDemo(
      paymentIntentId,
      digits === "4000000000000002" ? "pm_card_chargeDeclined" : "pm_card_visa",
    );
    return { ok: true as const, status: result.status };
  } catch (error) {
    if (isCardError(error)) return fail(402, error.message || m.failed);
    deps.log.error({ err: error }, "demo card confirmation failed");
    return fail(502, m.errored);
  }
}

/** Stripe's StripeCardError, known by its type: this module leaves the SDK unloaded (memory at boot). */
function isCardError(error: unknown): error is Error {
  return error instanceof Error && (error as { type?: unknown }).type === "StripeCardError";
}

/** The demo checkout's stand-in for PayPal's approval window. */
export async function approveDemoOrder(deps: CheckoutDeps, member: Member | null, orderId: string) {
  const paypal = deps.payments.paypal;
  if (deps.payments.mode !== "demo" || !paypal?.approveForDemo) return fail(404, "Not found");
  if (!member) return fail(401, "Please sign in.");
  const limited = await overLimit(deps, member);
  if (limited) return limited;
  const purchase = await purchaseFor(deps.db, { provider: "paypal", providerPaymentId: orderId });
  if (!purchase || purchase.user_id !== member.id) return fail(404, m.paypalFailed);
  await paypal.approveForDemo(orderId);
  return { ok: true as const };
}
