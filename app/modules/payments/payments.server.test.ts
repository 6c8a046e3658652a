import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "#app/platform/env.server.ts";
import { createLogger } from "#app/platform/log.server.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-databases.ts";
import { startCardPayment, startPayPalOrder, type CheckoutDeps } from "./checkout.server.ts";
import { checkoutForBrowser, createPayments, type Payments } from "./payments.server.ts";

const base = { DATA_DIR: "/tmp/tidewell-unused", APP_SECRET: "p".repeat(48) };
const member = { id: "member-1", email: "amara@example.com", hasPremium: false } as never;

describe("createPayments", () => {
  let payments: Payments | undefined;
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await payments?.close();
    await database?.destroy();
    payments = undefined;
    database = undefined;
  });

  it("runs the demo checkout against local stand-ins on a loopback origin with no keys", async () => {
    payments = await createPayments(
      parseEnv({ ...base, BASE_URL: "http://localhost:3000" }),
      createLogger("silent"),
    );
    expect(payments.mode).toBe("demo");
    expect(payments.demo?.stripe.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(checkoutForBrowser(payments)).toEqual({
      mode: "demo",
      card: true,
      paypal: true,
      stripePublishableKey: null,
      paypalClientId: null,
      currency: "EUR",
    });
  });

  it("gives nothing away on a real origin that forgot its keys: payments are unavailable", async () => {
    payments = await createPayments(
      parseEnv({ ...base, BASE_URL: "https://tidewell.example" }),
      createLogger("silent"),
    );
    expect(payments.mode).toBe("unavailable");
    expect(checkoutForBrowser(payments)).toMatchObject({ mode: "unavailable", card: false, paypal: false });

    database = await createTestDatabase("sqlite");
    const deps: CheckoutDeps = {
      db: database.db,
      payments,
      mailer: { deliverSoon: () => {} },
      log: createLogger("silent"),
      grant: {
        price: payments.price,
        baseUrl: "https://tidewell.example",
        supportEmail: "hello@tidewell.example",
      },
    };
    for (const started of [await startCardPayment(deps, member), await startPayPalOrder(deps, member)]) {
      expect(started).toMatchObject({ ok: false, status: 503, error: expect.stringMatching(/unavailable/) });
    }
    expect(await database.db.selectFrom("purchases").selectAll().execute()).toEqual([]);
  });

  it("goes live with configured keys, and tells the browser only the public ones", async () => {
    payments = await createPayments(
      parseEnv({
        ...base,
        BASE_URL: "https://tidewell.example",
        STRIPE_SECRET_KEY: "sk_live_secret",
        STRIPE_PUBLISHABLE_KEY: "pk_live_public",
        STRIPE_WEBHOOK_SECRET: "whsec_secret",
        PAYPAL_CLIENT_ID: "paypal-public-id",
        PAYPAL_CLIENT_SECRET: "paypal-secret",
        PAYPAL_WEBHOOK_ID: "WH-1",
        PAYPAL_ENV: "live",
        COURSE_PRICE_MINOR: "3500",
      }),
      createLogger("silent"),
    );
    expect(payments.mode).toBe("live");
    expect(payments.price).toEqual({ amountMinor: 3500, currency: "EUR" });
    const browser = checkoutForBrowser(payments);
    expect(browser).toMatchObject({
      mode: "live",
      stripePublishableKey: "pk_live_public",
      paypalClientId: "paypal-public-id",
    });
    expect(JSON.stringify(browser)).not.toMatch(/sk_live|whsec|paypal-secret/);
  });
});

describe("payment settings", () => {
  it("refuses PayPal keys without the webhook id that makes its refunds verifiable", () => {
    expect(() =>
      parseEnv({
        ...base,
        BASE_URL: "https://tidewell.example",
        PAYPAL_CLIENT_ID: "id",
        PAYPAL_CLIENT_SECRET: "secret",
      }),
    ).toThrow(/PAYPAL_WEBHOOK_ID/);
  });
});
