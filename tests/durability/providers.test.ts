import fs from "node:fs";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakePayPal, type FakePayPal } from "../../dev/fakes/paypal.ts";
import { startFakeStripe, type FakeStripe } from "../../dev/fakes/stripe.ts";
import { paymentMessages as m } from "#app/modules/payments/messages.ts";
import { signUpOverHttp, uniqueEmail, withDatabase } from "../support/accounts.ts";
import { smtpMailbox } from "../support/mailbox.ts";
import type { CookieClient } from "../support/cookie-client.ts";
import { freePort, startServer, type ServerProcess } from "../support/server-process.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";

const WEBHOOK_SECRET = "whsec_provider_faults";
const STRIPE_KEY = "sk_test_provider_faults";
const RECEIPT_SUBJECT = "Your Tidewell receipt: Complete Course";
/** The app's budget for an outbound call is 10 s; this bound leaves room for a slow machine. */
const ANSWER_WITHIN_MS = 15_000;
/** Longer than the budget: the app must give up before the provider answers. */
const PROVIDER_STALL_MS = 12_000;

/**
 * The built server with live payment keys, pointed at stand-ins for Stripe's
 * and PayPal's APIs that fail on demand, and at an SMTP server that does too.
 * Each fault must leave the member with a message to try again, charge
 * nothing twice, and lose no email.
 */
describe("when Stripe, PayPal or the mail server fail", () => {
  let stripeFake: FakeStripe;
  let paypalFake: FakePayPal;
  let smtp: TestSmtpServer;
  let server: ServerProcess;
  /** What Stripe.js does in the member's browser: confirms the intent with a card. */
  let browserStripe: Stripe;
  /** Where the Stripe fake sends its webhooks. */
  let webhookUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    webhookUrl = `${origin}/api/webhooks/stripe`;
    stripeFake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET, webhookUrl });
    paypalFake = await startFakePayPal({
      clientId: "client-provider-faults",
      clientSecret: "secret-provider-faults",
      webhookUrl: `${origin}/api/webhooks/paypal`,
    });
    smtp = await startSmtpServer();
    server = await startServer({
      PORT: String(port),
      TRUST_PROXY: "1",
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_PUBLISHABLE_KEY: "pk_test_provider_faults",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeFake.url,
      PAYPAL_CLIENT_ID: "client-provider-faults",
      PAYPAL_CLIENT_SECRET: "secret-provider-faults",
      PAYPAL_WEBHOOK_ID: paypalFake.webhookId,
      PAYPAL_API_BASE: paypalFake.url,
    });
    browserStripe = new Stripe(STRIPE_KEY, { host: "127.0.0.1", port: stripeFake.port, protocol: "http" });
  });
  afterAll(async () => {
    await server?.stop();
    await stripeFake?.close();
    await paypalFake?.close();
    await smtp?.close();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  async function newMember() {
    const member = await signUpOverHttp(server.baseUrl, smtpMailbox(smtp), {
      name: "Fern Fault",
      email: uniqueEmail("faults"),
    });
    // Let the welcome email go first, so the faults below hit the message under test.
    await expect.poll(() => unsentEmails(), { timeout: 15_000 }).toEqual([]);
    return member;
  }

  const post = async (client: CookieClient, path: string, json: unknown) => {
    const started = Date.now();
    const response = await client.request(path, { method: "POST", json });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, string>,
      ms: Date.now() - started,
    };
  };

  const unsentEmails = () =>
    withDatabase(server, (db) =>
      db.selectFrom("email_outbox").select("kind").where("status", "in", ["pending", "sending"]).execute(),
    );

  /** The member's purchases and tier, as the server stored them. */
  const accountOf = (email: string) =>
    withDatabase(server, async (db) => {
      const user = await db
        .selectFrom("user")
        .innerJoin("profiles", "profiles.id", "user.id")
        .leftJoin("member_access", "member_access.user_id", "user.id")
        .select(["user.id", "member_access.subscription_tier"])
        .where("user.email", "=", email)
        .executeTakeFirstOrThrow();
      const purchases = await db
        .selectFrom("purchases")
        .select(["provider", "status"])
        .where("user_id", "=", user.id)
        .execute();
      return { id: user.id, tier: user.subscription_tier ?? "free", purchases };
    });

  const receiptsTo = (email: string) =>
    smtp.messages.filter((mail) => mail.to.includes(email) && mail.subject === RECEIPT_SUBJECT);

  it("card: Stripe answering 5xx gets a message to try again; the retries make one payment", async () => {
    const { client, email } = await newMember();

    stripeFake.failNext(2, 503); // the first attempt and the SDK's own retry
    const refused = await post(client, "/api/create-payment-intent", {});
    expect(refused).toMatchObject({ status: 502, body: { error: `${m.initFailed}. ${m.busy}` } });
    expect((await accountOf(email)).purchases).toEqual([]);

    const intent = await post(client, "/api/create-payment-intent", {});
    expect(intent.status).toBe(200);
    const paymentIntentId = intent.body.paymentIntentId!;
    // Stripe's webhook is held back, so her return is what grants (the webhook would ask Stripe too).
    stripeFake.setWebhookUrl(undefined);
    await browserStripe.paymentIntents.confirm(paymentIntentId, { payment_method: "pm_card_visa" });

    // The payment went through, but Stripe fails when the server checks it.
    stripeFake.failNext(2, 503);
    const unchecked = await post(client, "/api/confirm-payment", { paymentIntentId });
    expect(unchecked.status).toBe(502);
    expect(unchecked.body.error).toBe(`${m.verificationFailed}. ${m.confirmLater}`);

    const checked = await post(client, "/api/confirm-payment", { paymentIntentId });
    expect(checked).toMatchObject({ status: 200, body: { premium: true } });

    // The held webhook arrives after all: it grants nothing more.
    stripeFake.setWebhookUrl(webhookUrl);
    for (const event of stripeFake.events.values()) {
      if (JSON.stringify(event.data.object).includes(paymentIntentId)) stripeFake.resendEvent(event.id);
    }

    // One intent, one charge, one paid purchase, one receipt.
    const account = await accountOf(email);
    expect([...stripeFake.intents.values()].filter((i) => i.metadata.user_id === account.id)).toHaveLength(1);
    expect([...stripeFake.charges.values()].filter((c) => c.payment_intent === paymentIntentId)).toHaveLength(
      1,
    );
    expect(account).toMatchObject({
      tier: "premium",
      purchases: [{ provider: "stripe", status: "succeeded" }],
    });
    await smtp.waitFor((mail) => mail.to.includes(email) && mail.subject === RECEIPT_SUBJECT);
    await stripeFake.flushWebhooks();
    expect(receiptsTo(email)).toHaveLength(1);
  });

  it("card: a Stripe that never answers gets the member an answer within the time limit, and the retry the same payment", async () => {
    const { client, email } = await newMember();
    stripeFake.delayNext(PROVIDER_STALL_MS, 2);
    const stalled = await post(client, "/api/create-payment-intent", {});
    expect(stalled).toMatchObject({ status: 502, body: { error: `${m.initFailed}. ${m.busy}` } });
    expect(stalled.ms).toBeLessThan(ANSWER_WITHIN_MS);

    // Stripe did the work in the end; the retry's idempotency key finds it instead of making another.
    const retried = await post(client, "/api/create-payment-intent", {});
    expect(retried.status).toBe(200);
    const { id } = await accountOf(email);
    await expect
      .poll(
        () => [...stripeFake.intents.values()].filter((i) => i.metadata.user_id === id).map((i) => i.id),
        {
          timeout: 2 * PROVIDER_STALL_MS,
        },
      )
      .toEqual([retried.body.paymentIntentId]);
  });

  it("PayPal: a failed capture gets a message to try again; the retry captures once", async () => {
    const { client, email } = await newMember();
    const order = await post(client, "/api/create-paypal-order", {});
    expect(order.status).toBe(200);
    paypalFake.approve(order.body.id!); // the member approves in PayPal's window

    paypalFake.failNext(1, 503);
    const failed = await post(client, "/api/capture-paypal-order", { orderID: order.body.id });
    expect(failed.status).toBe(502);
    expect(failed.body.error).toBe(`${m.paypalFailed}. ${m.confirmLater}`);

    const captured = await post(client, "/api/capture-paypal-order", { orderID: order.body.id });
    expect(captured).toMatchObject({ status: 200, body: { status: "COMPLETED" } });
    const captures = [...paypalFake.captures.values()].filter((c) =>
      c.links.some((link) => link.rel === "up" && link.href.endsWith(`/orders/${order.body.id}`)),
    );
    expect(captures).toHaveLength(1);
    expect(await accountOf(email)).toMatchObject({
      tier: "premium",
      purchases: [{ provider: "paypal", status: "succeeded" }],
    });
  });

  it("PayPal: a PayPal that never answers gets the member an answer within the time limit", async () => {
    const { client, email } = await newMember();
    paypalFake.delayNext(PROVIDER_STALL_MS, 1);
    const stalled = await post(client, "/api/create-paypal-order", {});
    expect(stalled).toMatchObject({ status: 502, body: { error: `${m.initFailed}. ${m.busy}` } });
    expect(stalled.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect((await accountOf(email)).purchases).toEqual([]);
    expect((await post(client, "/api/create-paypal-order", {})).status).toBe(200);
  });

  it("email: a receipt the mail server dropped waits in the outbox and goes out once on the retry", async () => {
    const { client, email } = await newMember();
    smtp.dropNext(1);
    const order = await post(client, "/api/create-paypal-order", {});
    paypalFake.approve(order.body.id!);
    expect((await post(client, "/api/capture-paypal-order", { orderID: order.body.id })).status).toBe(200);

    const receiptRow = () =>
      withDatabase(server, (db) =>
        db
          .selectFrom("email_outbox")
          .select(["id", "status", "attempts", "last_error"])
          .where("kind", "=", "receipt")
          .where("to_address", "=", email)
          .executeTakeFirstOrThrow(),
      );
    await expect.poll(receiptRow, { timeout: 15_000 }).toMatchObject({ status: "pending", attempts: 1 });
    expect((await receiptRow()).last_error).toBeTruthy();
    expect(receiptsTo(email)).toEqual([]);

    // The first retry is due a minute later; bring it forward rather than wait. The server's
    // background delivery picks it up on its next run.
    const { id } = await receiptRow();
    await withDatabase(server, (db) =>
      db
        .updateTable("email_outbox")
        .set({ next_attempt_at: new Date().toISOString() })
        .where("id", "=", id)
        .execute(),
    );
    await smtp.waitFor((mail) => mail.to.includes(email) && mail.subject === RECEIPT_SUBJECT, 40_000);
    await expect.poll(receiptRow, { timeout: 5_000 }).toMatchObject({ status: "sent", attempts: 2 });
    expect(receiptsTo(email)).toHaveLength(1);
  });
});
