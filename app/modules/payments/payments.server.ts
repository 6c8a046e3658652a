import crypto from "node:crypto";
import { loadDevFake } from "#app/platform/dev-fakes.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import type { Logger } from "#app/platform/log.server.ts";
import type { PurchaseProvider } from "../../../db/schema.ts";
import { cardGateway } from "./card-gateway.server.ts";
import type { CheckoutConfig } from "./checkout-config.ts";
// Types only: the fakes themselves are loaded at run time, for a demo run (loadDevFake).
import type * as PayPalFake from "../../../dev/fakes/paypal.ts";
import type { FakePayPal } from "../../../dev/fakes/paypal.ts";
import type * as StripeFake from "../../../dev/fakes/stripe.ts";
import type { FakeStripe } from "../../../dev/fakes/stripe.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import { payPalGateway } from "./paypal-gateway.server.ts";
import { createPayPalApi, PAYPAL_API, type PayPalApi } from "./paypal.server.ts";
import type { Price } from "./price.ts";
import { createStripeApi, type StripeApi } from "./stripe.server.ts";

/**
 * How the course can be paid for, decided once at start:
 * - live: the providers whose keys are configured;
 * - demo: no keys on a local run (env.demo), so a clearly labelled demo checkout runs
 *   the same server path against local fakes of Stripe's and PayPal's APIs;
 * - unavailable: no keys on any other origin, so nothing can be granted by
 *   mistake on a deployment that forgot its keys.
 */
export interface Payments {
  mode: "live" | "demo" | "unavailable";
  price: Price;
  stripe: StripeApi | null;
  paypal: PayPalApi | null;
  /** The demo's fakes, reachable by tests. */
  demo: { stripe: FakeStripe; paypal: FakePayPal } | null;
  close(): Promise<void>;
}

export async function createPayments(env: Env, log: Logger): Promise<Payments> {
  const price = { amountMinor: env.COURSE_PRICE_MINOR, currency: env.COURSE_CURRENCY };
  const stripeKeys = env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET;
  const paypalKeys = env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET;

  if (stripeKeys || paypalKeys) {
    // Tests point a local run at stand-ins for the providers; a deployment always talks to the real ones.
    const testHost = (url: string | undefined) => (url && env.demo ? url : undefined);
    return {
      mode: "live",
      price,
      stripe: stripeKeys
        ? createStripeApi({
            secretKey: env.STRIPE_SECRET_KEY!,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
            apiBase: testHost(env.STRIPE_API_BASE),
          })
        : null,
      paypal: paypalKeys
        ? createPayPalApi({
            clientId: env.PAYPAL_CLIENT_ID!,
            clientSecret: env.PAYPAL_CLIENT_SECRET!,
            apiBase: testHost(env.PAYPAL_API_BASE) ?? PAYPAL_API[env.PAYPAL_ENV],
            env: env.PAYPAL_ENV,
            webhookId: env.PAYPAL_WEBHOOK_ID,
          })
        : null,
      demo: null,
      close: async () => {},
    };
  }

  if (!env.demo) {
    log.warn("no payment keys are configured: the Complete Course can't be bought on this deployment");
    return { mode: "unavailable", price, stripe: null, paypal: null, demo: null, close: async () => {} };
  }

  // A local run with no keys: the demo checkout, against fakes in this process.
  const [stripeFakes, paypalFakes] = await Promise.all([
    loadDevFake<typeof StripeFake>("stripe.ts"),
    loadDevFake<typeof PayPalFake>("paypal.ts"),
  ]);
  if (!stripeFakes || !paypalFakes) {
    log.warn(
      "no payment keys, and no dev/fakes to run a demo checkout with: the Complete Course can't be bought",
    );
    return { mode: "unavailable", price, stripe: null, paypal: null, demo: null, close: async () => {} };
  }
  const { startFakeStripe } = stripeFakes;
  const { startFakePayPal } = paypalFakes;
  const webhookSecret = `whsec_demo_${crypto.randomBytes(16).toString("hex")}`;
  const stripeFake = await startFakeStripe({
    webhookSecret,
    webhookUrl: `${env.BASE_URL}/api/webhooks/stripe`,
  });
  const paypalCredentials = { clientId: "demo-client", clientSecret: crypto.randomBytes(16).toString("hex") };
  const paypalFake = await startFakePayPal({
    ...paypalCredentials,
    webhookUrl: `${env.BASE_URL}/api/webhooks/paypal`,
  });
  log.info("demo checkout: payments go to local fakes of Stripe and PayPal; nothing is charged");
  return {
    mode: "demo",
    price,
    stripe: createStripeApi({
      secretKey: `sk_test_demo_${crypto.randomBytes(8).toString("hex")}`,
      publishableKey: "pk_test_demo",
      webhookSecret,
      apiBase: stripeFake.url,
      demo: true,
    }),
    paypal: createPayPalApi({
      ...paypalCredentials,
      apiBase: paypalFake.url,
      env: "demo",
      webhookId: paypalFake.webhookId,
      approve: async (orderId) => paypalFake.approve(orderId),
    }),
    demo: { stripe: stripeFake, paypal: paypalFake },
    close: async () => {
      await Promise.all([stripeFake.close(), paypalFake.close()]);
    },
  };
}

/** The gateway a provider's payments go through; null when that provider isn't configured. */
export function gatewayFor(payments: Payments, provider: PurchaseProvider): PaymentGateway | null {
  const gateways = {
    stripe: () => payments.stripe && cardGateway(payments.stripe),
    paypal: () => payments.paypal && payPalGateway(payments.paypal),
  } satisfies Record<PurchaseProvider, () => PaymentGateway | null>;
  return gateways[provider]();
}

export function checkoutForBrowser(payments: Payments): CheckoutConfig {
  return {
    mode: payments.mode,
    card: Boolean(payments.stripe),
    paypal: Boolean(payments.paypal),
    stripePublishableKey: payments.mode === "live" ? (payments.stripe?.publishableKey ?? null) : null,
    paypalClientId: payments.mode === "live" ? (payments.paypal?.clientId ?? null) : null,
    currency: payments.price.currency,
  };
}
