import type { PurchaseProvider } from "../../../db/schema.ts";
import type { PaymentEvent } from "./payment-event.ts";
import type { Price } from "./price.ts";

/** A payment just created at its provider, for the price. */
interface StartedPayment {
  /** The provider's id for it (a Stripe PaymentIntent, a PayPal order): the purchase's provider_payment_id. */
  id: string;
  /** What the browser confirms a card payment with; a PayPal order has none. */
  clientSecret: string | null;
}

/** Where a payment stands, in the provider's own answer. */
interface Confirmation {
  /** The provider's word for it (the PaymentIntent's status, the PayPal capture's). */
  status: string;
  /** What it means for the purchase; null while nothing has happened to it yet (a card payment not yet paid). */
  event: PaymentEvent<"paid" | "pending" | "failed"> | null;
}

/** A webhook call as its gateway reads it: refused, with why; or the provider's event, with its id and type. */
type WebhookReading =
  { genuine: false; error: string } | { genuine: true; id: string; type: string; event: PaymentEvent | null };

/**
 * One payment provider, as the checkout, the refunds and the webhooks use it.
 * Each provider's objects (its API's answers, its webhooks' events) become
 * PaymentEvents here, at the edge; nothing past a gateway knows a provider's
 * words. payments.server.ts gives the gateway for a purchase's provider.
 */
export interface PaymentGateway {
  provider: PurchaseProvider;
  /**
   * Creates the payment at the provider, for the price and the member. `purpose` tells one thing she pays for
   * from another (a gift, named by what she chose for it): her own course when absent.
   */
  start(payment: { userId: string; price: Price; purpose?: string }): Promise<StartedPayment>;
  /** Asks the provider where a payment stands: a card payment is looked up, a PayPal order is captured. */
  confirm(providerPaymentId: string): Promise<Confirmation>;
  /** Refunds a purchase in full (one refunded already counts as done); throws when the provider doesn't take it. */
  refund(
    purchase: { providerPaymentId: string; captureId: string | null },
    idempotencyKey: string,
  ): Promise<void>;
  /**
   * The buyer's country (ISO 3166 alpha-2) as the provider knows it, for a payment it has confirmed: a webhook's
   * event doesn't name it, and it sets the invoice's VAT. Null when the provider doesn't know.
   */
  buyerCountry(providerPaymentId: string): Promise<string | null>;
  /** Checks that a webhook call is the provider's own (over the exact bytes received) and reads its event. */
  readWebhook(rawBody: Buffer, headers: Headers): Promise<WebhookReading>;
  /** Checking a webhook call is itself a call to the provider (PayPal's): such checks are limited in all. */
  checksWebhooksWithProvider: boolean;
}
