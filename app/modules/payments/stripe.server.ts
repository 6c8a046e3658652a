import type Stripe from "stripe";
import type { Price } from "./price.ts";

/**
 * Stripe's API through its own SDK: what the card gateway speaks. `apiBase`
 * points the SDK at another host speaking Stripe's API (the demo's local
 * fake, or tests'). A call gives up within 10 s, its one retry included; the
 * retry is safe because every POST carries an idempotency key.
 */
const OUTBOUND_TIMEOUT_MS = 10_000;
/** The SDK waits this long before its retry (its initial network retry delay). */
const RETRY_PAUSE_MS = 500;

// The SDK is large and most requests never pay: it loads with the first call, not at boot.
let sdk: Promise<typeof Stripe> | undefined;
const loadStripe = () => (sdk ??= import("stripe").then((module) => module.default));

export interface StripeApi {
  publishableKey: string;
  createPaymentIntent(args: { userId: string; price: Price; idempotencyKey: string }): Promise<{
    id: string;
    clientSecret: string;
  }>;
  retrievePaymentIntent(id: string): Promise<{
    id: string;
    status: string;
    amountReceived: number;
    currency: string;
    /** Her billing address's country, else her card's (ISO 3166 alpha-2); null before a charge. */
    billingCountry: string | null;
  }>;
  /** Refunds a payment in full; one refunded already counts as done. */
  refundPayment(paymentIntentId: string, idempotencyKey: string): Promise<void>;
  /** Verifies the signature over the exact bytes received, and the timestamp's age; throws if either is wrong. */
  parseWebhook(rawBody: Buffer, signature: string): Promise<Stripe.Event>;
  /** The demo checkout only: confirms with one of Stripe's test payment methods. */
  confirmForDemo?(
    id: string,
    paymentMethod: "pm_card_visa" | "pm_card_chargeDeclined",
  ): Promise<{ status: string }>;
}

export function createStripeApi(options: {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiBase?: string;
  demo?: boolean;
  /** How long a call may take in all, both attempts included; 10 s unless a test needs less. */
  timeoutMs?: number;
}): StripeApi {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  let client: Promise<Stripe> | undefined;
  const stripe = () =>
    (client ??= loadStripe().then(
      (Stripe) =>
        new Stripe(options.secretKey, {
          // The SDK's timeout is per attempt and it retries a timed-out call: two attempts and the
          // pause between them must fit in the budget, or a Stripe that never answers holds a member twice as long.
          timeout: Math.floor(((options.timeoutMs ?? OUTBOUND_TIMEOUT_MS) - RETRY_PAUSE_MS) / 2),
          maxNetworkRetries: 1,
          telemetry: false,
          ...(base
            ? {
                host: base.hostname,
                port: base.port,
                protocol: base.protocol.replace(":", "") as "http" | "https",
              }
            : {}),
        }),
    ));
  const api: StripeApi = {
    publishableKey: options.publishableKey,
    async createPaymentIntent({ userId, price, idempotencyKey }) {
      const client = await stripe();
      const intent = await client.paymentIntents.create(
        {
          amount: price.amountMinor,
          currency: price.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          // No receipt_email: the receipt is ours, sent once the server has granted the course.
          description: "Tidewell Complete Course",
          metadata: { user_id: userId },
        },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error("Stripe returned no client secret");
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async retrievePaymentIntent(id) {
      const intent = await (await stripe()).paymentIntents.retrieve(id, { expand: ["latest_charge"] });
      const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
      return {
        id: intent.id,
        status: intent.status,
        amountReceived: intent.amount_received,
        currency: intent.currency,
        billingCountry:
          charge?.billing_details?.address?.country ?? charge?.payment_method_details?.card?.country ?? null,
      };
    },
    async refundPayment(paymentIntentId, idempotencyKey) {
      const client = await stripe();
      try {
        await client.refunds.create({ payment_intent: paymentIntentId }, { idempotencyKey });
      } catch (error) {
        const { errors } = await loadStripe();
        if (error instanceof errors.StripeError && error.code === "charge_already_refunded") return;
        throw error;
      }
    },
    async parseWebhook(rawBody, signature) {
      return (await stripe()).webhooks.constructEvent(rawBody, signature, options.webhookSecret, 300);
    },
  };
  if (options.demo) {
    api.confirmForDemo = async (id, paymentMethod) => {
      const intent = await (await stripe()).paymentIntents.confirm(id, { payment_method: paymentMethod });
      return { status: intent.status };
    };
  }
  return api;
}
