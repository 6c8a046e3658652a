import type Stripe from "stripe";
import type { PaymentEvent } from "./payment-event.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import type { StripeApi } from "./stripe.server.ts";

/** Card payments, through Stripe: a purchase is a PaymentIntent. */
export function cardGateway(stripe: StripeApi): PaymentGateway {
  return {
    provider: "stripe",
    checksWebhooksWithProvider: false,
    async start({ userId, price, purpose = "course" }) {
      // One intent per member, purpose and price: a double click or a retry gets the same one back, while
      // each gift she gives (and her own course) is a payment of its own.
      const intent = await stripe.createPaymentIntent({
        userId,
        price,
        idempotencyKey: `tidewell-${purpose}-${userId}-${price.amountMinor}-${price.currency}`,
      });
      return { id: intent.id, clientSecret: intent.clientSecret };
    },
    async confirm(paymentIntentId) {
      const intent = await stripe.retrievePaymentIntent(paymentIntentId);
      if (intent.status !== "succeeded") return { status: intent.status, event: null };
      return {
        status: intent.status,
        event: {
          type: "paid",
          payment: {
            provider: "stripe",
            providerPaymentId: intent.id,
            amountMinor: intent.amountReceived,
            currency: intent.currency,
            billingCountry: intent.billingCountry,
          },
        },
      };
    },
    async refund({ providerPaymentId }, idempotencyKey) {
      await stripe.refundPayment(providerPaymentId, idempotencyKey);
    },
    async readWebhook(rawBody, headers) {
      let event: Stripe.Event;
      try {
        event = await stripe.parseWebhook(rawBody, headers.get("stripe-signature") ?? "");
      } catch {
        return { genuine: false, error: "Invalid signature" };
      }
      return { genuine: true, id: event.id, type: event.type, event: paymentEventOf(event) };
    },
    async buyerCountry(paymentIntentId) {
      return (await stripe.retrievePaymentIntent(paymentIntentId)).billingCountry;
    },
  };
}

/**
 * payment_intent.succeeded is paid; charge.refunded is refunded (in part,
 * perhaps); charge.dispute.funds_withdrawn is a chargeback. Null for the rest.
 */
function paymentEventOf(event: Stripe.Event): PaymentEvent | null {
  if (event.type === "payment_intent.succeeded") {
    const intent = event.data.object;
    return {
      type: "paid",
      payment: {
        provider: "stripe",
        providerPaymentId: intent.id,
        amountMinor: intent.amount_received,
        currency: intent.currency,
      },
    };
  }
  if (event.type === "charge.refunded" || event.type === "charge.dispute.funds_withdrawn") {
    const object = event.data.object;
    const paymentIntent =
      typeof object.payment_intent === "string" ? object.payment_intent : object.payment_intent?.id;
    if (!paymentIntent) return null;
    const payment = { provider: "stripe", providerPaymentId: paymentIntent } as const;
    // A refund may be partial; a chargeback takes the whole payment back.
    return object.object === "charge"
      ? { type: "refunded", payment, refundedMinor: object.amount_refunded }
      : { type: "disputed", payment };
  }
  return null;
}
