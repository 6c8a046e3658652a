import type { PurchaseProvider } from "../../../db/schema.ts";

/** A payment as its provider names it. */
export interface PaymentRef {
  provider: PurchaseProvider;
  /** Stripe PaymentIntent id, or PayPal order id. */
  providerPaymentId: string;
}

export interface ConfirmedPayment extends PaymentRef {
  /** What the provider says was paid. */
  amountMinor: number;
  currency: string;
  /** PayPal's capture id, which its refunds will name. */
  captureId?: string;
  /** The buyer's billing country (ISO 3166 alpha-2), when the provider says: it sets the invoice's VAT rate. */
  billingCountry?: string | null;
}

/** What a refund or a chargeback names: the payment, or (PayPal) the capture it undoes. */
export type UndonePayment = PaymentRef | { provider: "paypal"; captureId: string };

/** Each kind of event, and what it carries. */
interface PaymentEvents {
  /** The provider has the money: the course is granted (or, had she paid already, this second payment is refunded). */
  paid: { payment: ConfirmedPayment };
  /** Captured, but the provider holds the money (a PayPal eCheck, a review): nothing yet; its capture id is kept. */
  pending: { payment: PaymentRef; captureId: string };
  /** The provider declined it: nothing was taken, and the purchase is failed. */
  failed: { payment: PaymentRef };
  /** Money given back: `refundedMinor` in all, when the provider says; the whole payment ends the course. */
  refunded: { payment: UndonePayment; refundedMinor?: number };
  /** A chargeback: the bank took the whole payment back, and the course ends. */
  disputed: { payment: UndonePayment };
}

/**
 * What a provider says happened to a payment, in the shop's own words. Each
 * gateway turns its provider's objects (a webhook's event, an API's answer)
 * into one of these at the edge; one table of handlers acts on them
 * (payment-events.server.ts). `PaymentEvent<"paid">` is one kind alone.
 */
export type PaymentEvent<Type extends keyof PaymentEvents = keyof PaymentEvents> = {
  [T in Type]: { type: T } & PaymentEvents[T];
}[Type];
