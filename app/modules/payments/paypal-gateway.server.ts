import type { PaymentEvent } from "./payment-event.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import { toMinor, type PayPalApi } from "./paypal.server.ts";

/** PayPal payments: a purchase is an order, paid when the server captures it. */
export function payPalGateway(paypal: PayPalApi): PaymentGateway {
  return {
    provider: "paypal",
    checksWebhooksWithProvider: true,
    async start({ userId, price }) {
      const order = await paypal.createOrder({ price, userId, requestId: crypto.randomUUID() });
      return { id: order.id, clientSecret: null };
    },
    async confirm(orderId) {
      // A retry reuses the capture's request id, so an order is never captured twice.
      const capture = await paypal.captureOrder(orderId, `capture-${orderId}`);
      const payment = { provider: "paypal", providerPaymentId: orderId } as const;
      if (capture.status === "DECLINED")
        return { status: capture.status, event: { type: "failed", payment } };
      if (capture.status === "PENDING") {
        return { status: capture.status, event: { type: "pending", payment, captureId: capture.captureId } };
      }
      return {
        status: capture.status,
        event: {
          type: "paid",
          payment: {
            ...payment,
            amountMinor: capture.amountMinor,
            currency: capture.currency,
            captureId: capture.captureId,
            billingCountry: capture.billingCountry,
          },
        },
      };
    },
    async refund({ captureId }, idempotencyKey) {
      if (!captureId) throw new Error("No PayPal capture to refund");
      await paypal.refundCapture(captureId, idempotencyKey);
    },
    async readWebhook(rawBody, headers) {
      let event: PayPalWebhookEvent | null;
      try {
        event = JSON.parse(rawBody.toString("utf8"));
      } catch {
        return { genuine: false, error: "Invalid JSON" };
      }
      // JSON that is not an object (null, a number, a list) is no event either.
      if (typeof event !== "object" || event === null || !event.id || !event.event_type)
        return { genuine: false, error: "Not a PayPal event" };
      // PayPal is asked whether the call is its own.
      const genuine = await paypal.verifyWebhook(headers, event).catch(() => false);
      if (!genuine) return { genuine: false, error: "Invalid signature" };
      return { genuine: true, id: event.id, type: event.event_type, event: paymentEventOf(event) };
    },
    // A capture names no payer; her order does.
    buyerCountry: (orderId) => paypal.payerCountry(orderId),
  };
}

interface PayPalWebhookEvent {
  id?: string;
  event_type?: string;
  resource?: {
    id?: string;
    amount?: { value: string; currency_code: string };
    seller_payable_breakdown?: { total_refunded_amount?: { value: string; currency_code: string } };
    links?: { rel: string; href: string }[];
    supplementary_data?: { related_ids?: { order_id?: string } };
  };
}

/**
 * PAYMENT.CAPTURE.COMPLETED is paid (a capture that was pending, an eCheck or
 * a hold, has completed); PAYMENT.CAPTURE.REFUNDED is refunded (in part,
 * perhaps); PAYMENT.CAPTURE.REVERSED is a chargeback. Null for the rest.
 */
function paymentEventOf({ event_type: type, resource }: PayPalWebhookEvent): PaymentEvent | null {
  if (type === "PAYMENT.CAPTURE.COMPLETED") {
    const orderId = resource?.supplementary_data?.related_ids?.order_id;
    if (!resource?.amount || !orderId) return null;
    return {
      type: "paid",
      payment: {
        provider: "paypal",
        providerPaymentId: orderId,
        amountMinor: toMinor(resource.amount.value),
        currency: resource.amount.currency_code,
        captureId: resource.id,
      },
    };
  }
  if (type === "PAYMENT.CAPTURE.REFUNDED" || type === "PAYMENT.CAPTURE.REVERSED") {
    // A refund or a reversal names the capture it undoes in its "up" link.
    const up = resource?.links?.find((link) => link.rel === "up")?.href;
    const captureId = up?.split("/").pop();
    if (!captureId) return null;
    const payment = { provider: "paypal", captureId } as const;
    if (type === "PAYMENT.CAPTURE.REVERSED") return { type: "disputed", payment };
    const total = resource?.seller_payable_breakdown?.total_refunded_amount ?? resource?.amount;
    return { type: "refunded", payment, refundedMinor: total ? toMinor(total.value) : undefined };
  }
  return null;
}
