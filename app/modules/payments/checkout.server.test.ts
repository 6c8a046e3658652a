import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as createPaymentIntentRoute } from "#app/routes/api/create-payment-intent.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { createLogger } from "#app/platform/log.server.ts";
import { closeServices, createServices, type AppServices } from "#app/services.server.ts";
import { memberContext, requestContext, servicesContext } from "#app/request.server.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../tests/support/webhook-receiver.ts";
import { memberView } from "../../../tests/support/members.ts";
import { getProfileAccess } from "#app/modules/accounts/profile.server.ts";
import { memberOf, type Member } from "#app/modules/accounts/session.server.ts";
import { canPlayTrack, viewerOf } from "#app/modules/catalogue/access.ts";
import { findTrack } from "#app/modules/catalogue/tracks.ts";
import {
  capturePayPalOrder,
  confirmCardPayment,
  PAYMENT_LIMITS,
  payPalOrderIdSchema,
  returnFromCardPayment,
  startCardPayment,
  startPayPalOrder,
  type CheckoutDeps,
} from "./checkout.server.ts";
import { startFakePayPal, type FakePayPal } from "../../../dev/fakes/paypal.ts";
import { grantPurchase } from "./fulfilment.server.ts";
import { startFakeStripe, type FakeStripe } from "../../../dev/fakes/stripe.ts";
import type { Payments } from "./payments.server.ts";
import { refundDuplicate, refundOwed, refundPurchase } from "./refunds.server.ts";
import { handlePayPalWebhook, handleStripeWebhook, WEBHOOK_LIMITS } from "./webhooks.server.ts";
import { createPayPalApi } from "./paypal.server.ts";
import { createStripeApi } from "./stripe.server.ts";
import { aMember } from "../../../tests/factories/index.ts";
import { DEMO_SELLER } from "./invoice.ts";
import { QUICK_PASSWORDS } from "../../../tests/support/quick-passwords.ts";

const WEBHOOK_SECRET = "whsec_checkout_test";
const SECRET_KEY = "sk_test_checkout";
const PRICE = { amountMinor: 2700, currency: "EUR" };

/**
 * The purchase path end to end on a real database: the real stripe SDK
 * against a fake of Stripe's HTTP API, our PayPal client against a fake of
 * Orders v2, webhooks signed as the providers sign them.
 */
describe.each(testDialects)("buying the course on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let smtp: TestSmtpServer;
  let services: AppServices;
  let stripeFake: FakeStripe;
  let paypalFake: FakePayPal;
  let stripeWebhooks: WebhookReceiver;
  let paypalWebhooks: WebhookReceiver;
  let stripe: Stripe;
  let deps: CheckoutDeps;
  let dataDir: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-checkout-"));
    const env = parseEnv({
      BASE_URL: "https://tidewell.example",
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      APP_SECRET: "c".repeat(48),
    });
    services = await createServices(env, createLogger("silent"), { database, passwords: QUICK_PASSWORDS });
    stripeWebhooks = await startWebhookReceiver();
    paypalWebhooks = await startWebhookReceiver();
    stripeFake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET, webhookUrl: stripeWebhooks.url });
    paypalFake = await startFakePayPal({
      clientId: "client",
      clientSecret: "secret",
      webhookUrl: paypalWebhooks.url,
      webhookRetryDelaysMs: [],
    });
    stripe = new Stripe(SECRET_KEY, {
      host: "127.0.0.1",
      port: stripeFake.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    const payments: Payments = {
      mode: "live",
      price: PRICE,
      stripe: createStripeApi({
        secretKey: SECRET_KEY,
        publishableKey: "pk_test",
        webhookSecret: WEBHOOK_SECRET,
        apiBase: stripeFake.url,
      }),
      paypal: createPayPalApi({
        clientId: "client",
        clientSecret: "secret",
        apiBase: paypalFake.url,
        env: "sandbox",
        webhookId: paypalFake.webhookId,
      }),
      demo: null,
      close: async () => {},
    };
    services.payments = payments;
    deps = {
      db: database.db,
      payments,
      mailer: services.mailer,
      log: services.log,
      grant: { price: PRICE, baseUrl: "https://tidewell.example", supportEmail: "hello@tidewell.example" },
    };
  });
  afterAll(async () => {
    await stripeFake?.close();
    await paypalFake?.close();
    await stripeWebhooks?.close();
    await paypalWebhooks?.close();
    if (services) await closeServices(services);
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function newMember(): Promise<Member> {
    const { id, email } = await aMember(database.db, { emailVerified: true });
    return memberView({ id, email });
  }

  const tierOf = async (member: Member) =>
    (
      await database.db
        .selectFrom("member_access")
        .select("subscription_tier")
        .where("user_id", "=", member.id)
        .executeTakeFirst()
    )?.subscription_tier ?? "free";
  const purchasesOf = (member: Member) =>
    database.db.selectFrom("purchases").selectAll().where("user_id", "=", member.id).execute();
  const receiptsTo = (member: Member) =>
    database.db
      .selectFrom("email_outbox")
      .selectAll()
      .where("to_address", "=", member.email)
      .where("kind", "=", "receipt")
      .execute();

  /** Pays with one of Stripe's test cards (its Visa unless given) and waits for the signed payment_intent.succeeded webhook to arrive. */
  async function paySucceeded(member: Member, { shop = deps, card = "pm_card_visa" } = {}) {
    const started = await startCardPayment(shop, member);
    if (!started.ok) throw new Error(started.error);
    await stripe.paymentIntents.confirm(started.paymentIntentId, { payment_method: card });
    await stripeFake.flushWebhooks();
    const webhook = stripeWebhooks.received.findLast(
      (w) => w.body.includes(started.paymentIntentId) && w.body.includes("payment_intent.succeeded"),
    );
    if (!webhook) throw new Error("no webhook arrived");
    return {
      paymentIntentId: started.paymentIntentId,
      body: webhook.body,
      signature: String(webhook.headers["stripe-signature"]),
    };
  }

  it("ignores any amount or currency the browser sends: the intent is for the configured price", async () => {
    const member = await newMember();
    const response = (await callCreatePaymentIntent(member, { amount: 1, currency: "usd" })) as {
      data: { clientSecret: string; paymentIntentId: string };
    };
    const intent = stripeFake.intents.get(response.data.paymentIntentId)!;
    expect(intent).toMatchObject({ amount: 2700, currency: "eur", metadata: { user_id: member.id } });
    expect(response.data.clientSecret).toMatch(/^pi_.+_secret_/);
  });

  function callCreatePaymentIntent(member: Member, body: unknown) {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(memberContext, member);
    context.set(requestContext, { nonce: "", log: services.log });
    const request = new Request("https://tidewell.example/api/create-payment-intent", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return createPaymentIntentRoute({
      request,
      context,
      params: {},
      url: new URL(request.url),
      pattern: "",
    } as never);
  }

  it("sends the receipt to the address the buyer gave, and refuses one that isn't an email", async () => {
    const member = await newMember();
    const refused = await callCreatePaymentIntent(member, { email: "not-an-email" }).catch(
      (thrown: { init?: { status: number }; data?: { error: string } }) => thrown,
    );
    expect(refused).toMatchObject({
      init: { status: 400 },
      data: { error: "Please enter a valid email address for your receipt." },
    });
    expect(await purchasesOf(member)).toHaveLength(0);

    const started = await startCardPayment(deps, member, { receiptEmail: "Accounts@Example.org" });
    if (!started.ok) throw new Error(started.error);
    await stripe.paymentIntents.confirm(started.paymentIntentId, { payment_method: "pm_card_visa" });
    expect(await confirmCardPayment(deps, member, started.paymentIntentId)).toMatchObject({ premium: true });
    const receipts = await database.db
      .selectFrom("email_outbox")
      .select("to_address")
      .where("kind", "=", "receipt")
      .where("to_address", "in", ["accounts@example.org", member.email])
      .execute();
    // Stored as every address is: trimmed and lower-cased.
    expect(receipts).toEqual([{ to_address: "accounts@example.org" }]);
  });

  it("checks a payment that comes back to /portal from the bank's page, and tells the member the outcome", async () => {
    const member = await newMember();
    const stranger = await newMember();
    const started = await startCardPayment(deps, member);
    if (!started.ok) throw new Error(started.error);

    expect(await returnFromCardPayment(deps, member, started.paymentIntentId)).toEqual({
      type: "error",
      message: "Payment failed",
    });
    expect(await returnFromCardPayment(deps, member, "pi_<script>")).toEqual({
      type: "error",
      message: "Payment verification failed",
    });
    await stripe.paymentIntents.confirm(started.paymentIntentId, { payment_method: "pm_card_visa" });
    // Someone else's payment is not theirs to claim.
    expect(await returnFromCardPayment(deps, stranger, started.paymentIntentId)).toMatchObject({
      type: "error",
    });
    expect(await tierOf(stranger)).toBe("free");

    expect(await returnFromCardPayment(deps, member, started.paymentIntentId)).toEqual({
      type: "success",
      message: "Payment successful! The Complete Course is yours: everything is unlocked.",
    });
    expect(await tierOf(member)).toBe("premium");
    // Coming back twice (a reload) changes nothing more.
    expect(await returnFromCardPayment(deps, member, started.paymentIntentId)).toMatchObject({
      type: "success",
    });
    expect(await receiptsTo(member)).toHaveLength(1);
  });

  it("refuses a bad signature, a stale timestamp and a re-serialised body, with no effect", async () => {
    const member = await newMember();
    const { body, signature } = await paySucceeded(member);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: "whsec_someone_else",
    });
    const reserialised = JSON.stringify(JSON.parse(body));
    for (const [raw, header] of [
      [body, wrongSecret],
      [body, stale],
      [reserialised, signature],
      [body, ""],
    ] as const) {
      const result = await handleStripeWebhook(deps, Buffer.from(raw), header);
      expect(result).toMatchObject({ ok: false, status: 400 });
    }
    expect(await tierOf(member)).toBe("free");
    expect((await purchasesOf(member)).map((p) => p.status)).toEqual(["pending"]);
  });

  it("grants once when the same success arrives five times at once and the redirect confirms it too", async () => {
    const member = await newMember();
    const { paymentIntentId, body, signature } = await paySucceeded(member);
    await Promise.all([
      ...Array.from({ length: 5 }, () => handleStripeWebhook(deps, Buffer.from(body), signature)),
      confirmCardPayment(deps, member, paymentIntentId),
    ]);
    expect(await tierOf(member)).toBe("premium");
    const purchases = await purchasesOf(member);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({
      status: "succeeded",
      amount_minor: 2700,
      currency: "EUR",
      provider: "stripe",
    });
    expect(await receiptsTo(member)).toHaveLength(1);
    await services.mailer.settled();
    const receipt = await smtp.waitFor((mail) => mail.to.includes(member.email));
    expect(receipt.subject).toBe("Your Tidewell receipt: Complete Course");
    expect(receipt.text).toContain("€27");
  });

  it("lets the redirect's confirmation alone grant when the webhook is late", async () => {
    const member = await newMember();
    const started = await startCardPayment(deps, member);
    if (!started.ok) throw new Error(started.error);
    expect(await confirmCardPayment(deps, member, started.paymentIntentId)).toMatchObject({
      ok: true,
      premium: false,
    });
    await stripe.paymentIntents.confirm(started.paymentIntentId, { payment_method: "pm_card_visa" });
    expect(await confirmCardPayment(deps, member, started.paymentIntentId)).toMatchObject({
      ok: true,
      premium: true,
    });
    expect(await tierOf(member)).toBe("premium");
  });

  it("won't confirm another member's payment", async () => {
    const owner = await newMember();
    const intruder = await newMember();
    const { paymentIntentId } = await paySucceeded(owner);
    expect(await confirmCardPayment(deps, intruder, paymentIntentId)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await tierOf(intruder)).toBe("free");
  });

  it("ends not premium when the refund arrives before the success", async () => {
    const member = await newMember();
    const started = await startCardPayment(deps, member);
    if (!started.ok) throw new Error(started.error);
    const refund = stripeFake.emit({
      type: "charge.refunded",
      data: {
        object: {
          id: "ch_early",
          object: "charge",
          payment_intent: started.paymentIntentId,
          refunded: true,
          amount_refunded: 2700,
        },
      },
    });
    const success = stripeFake.emit({
      type: "payment_intent.succeeded",
      data: {
        object: {
          ...stripeFake.intents.get(started.paymentIntentId)!,
          status: "succeeded",
          amount_received: 2700,
        },
      },
    });
    await stripeFake.flushWebhooks();
    for (const event of [refund, success]) {
      const webhook = stripeWebhooks.received.find((w) => w.body.includes(event.id))!;
      await handleStripeWebhook(deps, Buffer.from(webhook.body), String(webhook.headers["stripe-signature"]));
    }
    expect(await tierOf(member)).toBe("free");
    expect((await purchasesOf(member))[0]?.status).toBe("refunded");
  });

  it("removes premium when a paid course is refunded", async () => {
    const member = await newMember();
    const { paymentIntentId, body, signature } = await paySucceeded(member);
    await handleStripeWebhook(deps, Buffer.from(body), signature);
    expect(await tierOf(member)).toBe("premium");
    stripeFake.refund(paymentIntentId);
    await stripeFake.flushWebhooks();
    const webhook = stripeWebhooks.received.findLast(
      (w) => w.body.includes("charge.refunded") && w.body.includes(paymentIntentId),
    )!;
    await handleStripeWebhook(deps, Buffer.from(webhook.body), String(webhook.headers["stripe-signature"]));
    expect(await tierOf(member)).toBe("free");
    expect((await purchasesOf(member))[0]).toMatchObject({ status: "refunded" });
  });

  it("refunds a card payment when the owner asks, once however many ask at once, as the webhook would", async () => {
    const member = await newMember();
    const { body, signature } = await paySucceeded(member);
    await handleStripeWebhook(deps, Buffer.from(body), signature);
    const [purchase] = await purchasesOf(member);
    const records: string[] = [];
    const asked = () =>
      refundPurchase(deps, purchase!.id, {
        reason: "guarantee",
        now: new Date(),
        record: async (_trx, refund) => void records.push(refund.purchaseId),
      });
    const answers = await Promise.all(Array.from({ length: 5 }, asked));
    // One makes the refund; the others find it under way, or made.
    expect(answers.filter((answer) => answer.ok)).toEqual([
      {
        ok: true,
        purchaseId: purchase!.id,
        memberId: member.id,
        amountMinor: 2700,
        currency: "EUR",
        provider: "stripe",
        emailed: true,
        courseEnded: true,
      },
    ]);
    for (const answer of answers) if (!answer.ok) expect(answer.status).toBe(409);
    expect(records).toEqual([purchase!.id]);
    expect(await tierOf(member)).toBe("free");
    expect((await purchasesOf(member))[0]).toMatchObject({
      status: "refunded",
      refund_reason: "guarantee",
      refund_started_at: null,
    });
    const notices = await database.db
      .selectFrom("email_outbox")
      .select("subject")
      .where("to_address", "=", member.email)
      .where("kind", "=", "refund")
      .execute();
    expect(notices).toEqual([{ subject: "Your refund from Tidewell" }]);

    // Stripe made one refund of the whole amount, and its webhook then finds the purchase refunded already.
    await stripeFake.flushWebhooks();
    const refunds = stripeWebhooks.received.filter(
      (w) => w.body.includes("charge.refunded") && w.body.includes(purchase!.provider_payment_id),
    );
    expect(refunds).toHaveLength(1);
    expect(JSON.parse(refunds[0]!.body).data.object.amount_refunded).toBe(2700);
    await handleStripeWebhook(
      deps,
      Buffer.from(refunds[0]!.body),
      String(refunds[0]!.headers["stripe-signature"]),
    );
    expect(await tierOf(member)).toBe("free");
    expect(await asked()).toEqual({ ok: false, status: 409, message: "This payment is refunded already." });
    expect(
      await refundPurchase(deps, "no-such-purchase", {
        reason: "other",
        now: new Date(),
        record: async () => {},
      }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(records).toHaveLength(1);
  });

  it("gives her birth partner the partner sessions with her purchase, and takes them back with her refund", async () => {
    const member = await newMember();
    const partner = await aMember(database.db, { name: "Sam Rivers" });
    await database.db
      .insertInto("partner_links")
      .values({ user_id: member.id, partner_id: partner.id })
      .execute();
    const partnerSession = findTrack("partner-holding-the-space")!;
    const partnerMayPlay = async () => {
      const asPages = memberOf(partner, await getProfileAccess(database.db, partner.id));
      return canPlayTrack(viewerOf(asPages), partnerSession);
    };
    expect(await partnerMayPlay()).toBe(false);
    const { paymentIntentId, body, signature } = await paySucceeded(member);
    await handleStripeWebhook(deps, Buffer.from(body), signature);
    expect(await partnerMayPlay()).toBe(true);
    // One purchase: her partner buys nothing, and has no premium of their own.
    expect((await getProfileAccess(database.db, partner.id)).tier).toBe("free");
    stripeFake.refund(paymentIntentId);
    await deliverStripe("charge.refunded", paymentIntentId);
    expect(await partnerMayPlay()).toBe(false);
  });

  /** Hands the newest Stripe webhook about `paymentIntentId` of `type` to the app, as Stripe delivered it. */
  async function deliverStripe(type: string, paymentIntentId: string) {
    await stripeFake.flushWebhooks();
    const webhook = stripeWebhooks.received.findLast(
      (w) => w.body.includes(`"${type}"`) && w.body.includes(paymentIntentId),
    )!;
    return handleStripeWebhook(deps, Buffer.from(webhook.body), String(webhook.headers["stripe-signature"]));
  }

  it("keeps the course after a partial card refund, and ends it once the whole payment is refunded", async () => {
    const member = await newMember();
    const { paymentIntentId } = await paySucceeded(member);
    await deliverStripe("payment_intent.succeeded", paymentIntentId);
    stripeFake.refund(paymentIntentId, 500);
    await deliverStripe("charge.refunded", paymentIntentId);
    expect(await tierOf(member)).toBe("premium");
    stripeFake.refund(paymentIntentId);
    await deliverStripe("charge.refunded", paymentIntentId);
    expect(await tierOf(member)).toBe("free");
  });

  it("ends the course when the bank takes a card payment back (a chargeback)", async () => {
    const member = await newMember();
    const { paymentIntentId, body, signature } = await paySucceeded(member);
    await handleStripeWebhook(deps, Buffer.from(body), signature);
    const dispute = JSON.stringify({
      id: `evt_dispute_${member.id}`,
      object: "event",
      type: "charge.dispute.funds_withdrawn",
      data: { object: { id: "dp_1", object: "dispute", amount: 2700, payment_intent: paymentIntentId } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload: dispute, secret: WEBHOOK_SECRET });
    expect(await handleStripeWebhook(deps, Buffer.from(dispute), header)).toMatchObject({ ok: true });
    expect(await tierOf(member)).toBe("free");
  });

  it("tells the member nothing was charged when Stripe is down", async () => {
    const member = await newMember();
    stripeFake.failNext(3, 503);
    const result = await startCardPayment(deps, member);
    expect(result).toMatchObject({ ok: false, status: 502 });
    expect(result.ok ? "" : result.error).toMatch(/Nothing was charged/);
    expect(await purchasesOf(member)).toEqual([]);
  });

  it("gets the same payment intent back when the member retries after Stripe failed, so one payment is made", async () => {
    const member = await newMember();
    stripeFake.failNext(2, 503);
    expect(await startCardPayment(deps, member)).toMatchObject({ ok: false, status: 502 });
    const first = await startCardPayment(deps, member);
    const second = await startCardPayment(deps, member);
    if (!first.ok || !second.ok) throw new Error("the retries should have worked");
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    const intents = [...stripeFake.intents.values()].filter((i) => i.metadata.user_id === member.id);
    expect(intents).toHaveLength(1);
  });

  it("asks the member to try again when Stripe can't confirm a payment, and grants once when it can", async () => {
    const member = await newMember();
    const { paymentIntentId } = await paySucceeded(member);
    stripeFake.failNext(2, 503);
    const failed = await confirmCardPayment(deps, member, paymentIntentId);
    expect(failed).toMatchObject({ ok: false, status: 502 });
    expect(failed.ok ? "" : failed.error).toMatch(/^Payment verification failed\. .*try again in a minute/);
    expect(await tierOf(member)).toBe("free");

    expect(await confirmCardPayment(deps, member, paymentIntentId)).toMatchObject({
      ok: true,
      premium: true,
    });
    expect(await tierOf(member)).toBe("premium");
    expect(await receiptsTo(member)).toHaveLength(1);
  });

  it("asks the member to try again when PayPal's capture fails, and captures once on the retry", async () => {
    const member = await newMember();
    const order = await startPayPalOrder(deps, member);
    if (!order.ok) throw new Error(order.error);
    paypalFake.approve(order.id);
    paypalFake.failNext(1, 503);
    const failed = await capturePayPalOrder(deps, member, order.id);
    expect(failed).toMatchObject({ ok: false, status: 502 });
    expect(failed.ok ? "" : failed.error).toMatch(/^PayPal payment failed\. .*won't be charged twice/);
    expect(await tierOf(member)).toBe("free");

    expect(await capturePayPalOrder(deps, member, order.id)).toMatchObject({ ok: true, status: "COMPLETED" });
    expect(await capturePayPalOrder(deps, member, order.id)).toMatchObject({ ok: true, status: "COMPLETED" });
    const captures = [...paypalFake.captures.values()].filter((c) =>
      c.links.some((link) => link.rel === "up" && link.href.endsWith(`/orders/${order.id}`)),
    );
    expect(captures).toHaveLength(1);
    expect(await tierOf(member)).toBe("premium");
  });

  describe("VAT by the buyer's country", () => {
    /** The same shop, registered for VAT: the invoice's rate is her country's. */
    const registered = () => ({
      ...deps,
      grant: { ...deps.grant, seller: { ...DEMO_SELLER, vatRegistered: true, vatNumber: "IE1234567T" } },
    });
    const invoiceOf = async (member: Member) =>
      database.db
        .selectFrom("invoices")
        .innerJoin("purchases", "purchases.id", "invoices.purchase_id")
        .select(["invoices.buyer_country", "invoices.vat_rate_bp"])
        .where("purchases.user_id", "=", member.id)
        .where("invoices.kind", "=", "invoice")
        .executeTakeFirstOrThrow();

    it("takes her card's country, whether her return from the bank's page or Stripe's webhook grants", async () => {
      const shop = registered();
      // The shop is Irish; a German card, granted on her return.
      const german = await newMember();
      const first = await startCardPayment(shop, german);
      if (!first.ok) throw new Error(first.error);
      await stripe.paymentIntents.confirm(first.paymentIntentId, { payment_method: "pm_card_de" });
      expect(await returnFromCardPayment(shop, german, first.paymentIntentId)).toMatchObject({
        type: "success",
      });
      expect(await invoiceOf(german)).toEqual({ buyer_country: "DE", vat_rate_bp: 1900 });

      // An American card, granted by the webhook before she is back: outside the EU, no VAT.
      const american = await newMember();
      const webhook = await paySucceeded(american, { shop });
      await handleStripeWebhook(shop, Buffer.from(webhook.body), webhook.signature);
      expect(await invoiceOf(american)).toEqual({ buyer_country: "US", vat_rate_bp: 0 });
    });

    it("has Stripe send the event again when it can't say her country, and asks only for a payment still to grant", async () => {
      const shop = registered();
      const member = await newMember();
      const webhook = await paySucceeded(member, { shop, card: "pm_card_de" });
      const deliver = () => handleStripeWebhook(shop, Buffer.from(webhook.body), webhook.signature);

      stripeFake.failNext(2, 503); // the lookup and the SDK's own retry
      expect(await deliver()).toMatchObject({ ok: false, status: 502 });
      expect(await tierOf(member)).toBe("free");

      // Sent again: granted, at her card's rate.
      expect(await deliver()).toMatchObject({ ok: true });
      expect(await tierOf(member)).toBe("premium");
      expect(await invoiceOf(member)).toEqual({ buyer_country: "DE", vat_rate_bp: 1900 });

      // Granted already, the same event again asks Stripe nothing: a Stripe that fails doesn't matter.
      stripeFake.failNext(2, 503);
      expect(await deliver()).toMatchObject({ ok: true });
      const asked = await stripe.paymentIntents.retrieve(webhook.paymentIntentId).catch(() => null);
      expect(asked, "the two failures were still waiting for a call").toBeNull();
      await stripe.paymentIntents.retrieve(webhook.paymentIntentId).catch(() => null);
    });

    it("takes her PayPal account's country, from the capture or from the webhook of a capture that was pending", async () => {
      const shop = registered();
      const member = await newMember();
      const order = await startPayPalOrder(shop, member);
      if (!order.ok) throw new Error(order.error);
      paypalFake.approve(order.id, "FR");
      await capturePayPalOrder(shop, member, order.id);
      expect(await invoiceOf(member)).toEqual({ buyer_country: "FR", vat_rate_bp: 2000 });

      // Held for review at first; PayPal's webhook says when it completes, and names no payer.
      const held = await newMember();
      const heldOrder = await startPayPalOrder(shop, held);
      if (!heldOrder.ok) throw new Error(heldOrder.error);
      paypalFake.approve(heldOrder.id, "DE");
      paypalFake.setOutcome(heldOrder.id, "PENDING");
      await capturePayPalOrder(shop, held, heldOrder.id);
      const capture = paypalFake.orders.get(heldOrder.id)!.purchase_units[0]!.payments!.captures[0]!;
      const event = paypalFake.emit({
        event_type: "PAYMENT.CAPTURE.COMPLETED",
        resource: {
          ...capture,
          status: "COMPLETED",
          supplementary_data: { related_ids: { order_id: heldOrder.id } },
        },
      });
      await paypalFake.flushWebhooks();
      const webhook = paypalWebhooks.received.findLast((w) => w.body.includes(event.id))!;
      const headers = new Headers(
        Object.entries(webhook.headers).map(([k, v]): [string, string] => [k, String(v)]),
      );
      expect(await handlePayPalWebhook(shop, headers, Buffer.from(webhook.body))).toMatchObject({ ok: true });
      expect(await tierOf(held)).toBe("premium");
      expect(await invoiceOf(held)).toEqual({ buyer_country: "DE", vat_rate_bp: 1900 });
    });
  });

  it.each(["PENDING", "DECLINED"] as const)(
    "grants nothing for a PayPal capture that is %s",
    async (outcome) => {
      const member = await newMember();
      const order = await startPayPalOrder(deps, member);
      if (!order.ok) throw new Error(order.error);
      paypalFake.approve(order.id);
      paypalFake.setOutcome(order.id, outcome);
      const result = await capturePayPalOrder(deps, member, order.id);
      if (outcome === "PENDING") {
        expect(result).toMatchObject({
          ok: true,
          status: "PENDING",
          message: expect.stringMatching(/still processing/),
        });
      } else {
        expect(result).toMatchObject({
          ok: false,
          status: 402,
          error: expect.stringMatching(/^PayPal payment failed: PayPal declined it/),
        });
      }
      expect(await tierOf(member)).toBe("free");
      expect((await purchasesOf(member))[0]?.status).toBe(outcome === "PENDING" ? "pending" : "failed");
    },
  );

  it("grants for a COMPLETED PayPal capture of the right amount, and revokes on PayPal's refund webhook", async () => {
    const member = await newMember();
    const order = await startPayPalOrder(deps, member);
    if (!order.ok) throw new Error(order.error);
    expect(paypalFake.orders.get(order.id)?.purchase_units[0]?.amount).toEqual({
      currency_code: "EUR",
      value: "27.00",
    });
    paypalFake.approve(order.id);
    expect(await capturePayPalOrder(deps, member, order.id)).toMatchObject({ ok: true, status: "COMPLETED" });
    expect(await capturePayPalOrder(deps, member, order.id)).toMatchObject({ ok: true, status: "COMPLETED" });
    expect(await tierOf(member)).toBe("premium");
    expect(await receiptsTo(member)).toHaveLength(1);

    const [purchase] = await purchasesOf(member);
    paypalFake.refund(purchase!.provider_capture_id!);
    await paypalFake.flushWebhooks();
    const webhook = paypalWebhooks.received.findLast((w) => w.body.includes("PAYMENT.CAPTURE.REFUNDED"))!;
    const headers = new Headers(
      Object.entries(webhook.headers).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const forged = JSON.stringify({ ...JSON.parse(webhook.body), id: "WH-FORGED" });
    expect(await handlePayPalWebhook(deps, headers, Buffer.from(forged))).toMatchObject({
      ok: false,
      status: 400,
    });
    // JSON that is no event at all gets a clear 400 too, and changes nothing.
    for (const notAnEvent of ["null", "42", "[]", '"text"']) {
      expect(await handlePayPalWebhook(deps, headers, Buffer.from(notAnEvent)), notAnEvent).toMatchObject({
        ok: false,
        status: 400,
      });
    }
    expect(await tierOf(member)).toBe("premium");
    expect(await handlePayPalWebhook(deps, headers, Buffer.from(webhook.body))).toMatchObject({ ok: true });
    expect(await tierOf(member)).toBe("free");
  });

  /** A member who paid with PayPal, and a way to hand PayPal's newest webhook of a type to the app. */
  async function paidWithPayPal() {
    const member = await newMember();
    const order = await startPayPalOrder(deps, member);
    if (!order.ok) throw new Error(order.error);
    paypalFake.approve(order.id);
    await capturePayPalOrder(deps, member, order.id);
    const captureId = (await purchasesOf(member))[0]!.provider_capture_id!;
    const deliver = async (type: string) => {
      await paypalFake.flushWebhooks();
      const webhook = paypalWebhooks.received.findLast(
        (w) => w.body.includes(type) && w.body.includes(captureId),
      )!;
      const headers = new Headers(
        Object.entries(webhook.headers).map(([k, v]): [string, string] => [k, String(v)]),
      );
      return handlePayPalWebhook(deps, headers, Buffer.from(webhook.body));
    };
    return { member, captureId, deliver };
  }

  it("keeps the course after a partial PayPal refund, and ends it once the whole payment is refunded", async () => {
    const { member, captureId, deliver } = await paidWithPayPal();
    expect(await tierOf(member)).toBe("premium");
    paypalFake.refund(captureId, { currency_code: "EUR", value: "5.00" });
    await deliver("PAYMENT.CAPTURE.REFUNDED");
    expect(await tierOf(member)).toBe("premium");
    paypalFake.refund(captureId, { currency_code: "EUR", value: "22.00" });
    await deliver("PAYMENT.CAPTURE.REFUNDED");
    expect(await tierOf(member)).toBe("free");
  });

  it("refunds a PayPal capture when the owner asks, and ends the course", async () => {
    const { member, deliver } = await paidWithPayPal();
    const [purchase] = await purchasesOf(member);
    expect(
      await refundPurchase(deps, purchase!.id, {
        reason: "mistake",
        now: new Date(),
        record: async () => {},
      }),
    ).toMatchObject({ ok: true, provider: "paypal", emailed: true, courseEnded: true });
    expect(await tierOf(member)).toBe("free");
    // PayPal's own notice of the refund, afterwards, changes nothing.
    expect(await deliver("PAYMENT.CAPTURE.REFUNDED")).toMatchObject({ ok: true });
    expect((await purchasesOf(member))[0]).toMatchObject({ status: "refunded" });
  });

  it("ends the course when PayPal reverses the payment (a chargeback)", async () => {
    const { member, captureId, deliver } = await paidWithPayPal();
    paypalFake.emit({
      event_type: "PAYMENT.CAPTURE.REVERSED",
      resource: {
        id: "REVERSAL-1",
        status: "COMPLETED",
        amount: { currency_code: "EUR", value: "27.00" },
        links: [{ href: `${paypalFake.url}/v2/payments/captures/${captureId}`, rel: "up", method: "GET" }],
      },
    });
    expect(await deliver("PAYMENT.CAPTURE.REVERSED")).toMatchObject({ ok: true });
    expect(await tierOf(member)).toBe("free");
  });

  it("makes each gift its own card payment, and a member who has the course may give it; none makes the giver premium", async () => {
    const giver = await newMember();
    const gift = (to: string) => ({
      input: { recipientEmail: to, message: "For you.", deliverOn: "2030-01-01" },
      now: new Date("2029-12-01T10:00:00Z"),
      timeZone: "Europe/Dublin",
    });
    const payGift = async (to: string) => {
      const started = await startCardPayment(deps, giver, { gift: gift(to) });
      if (!started.ok) throw new Error(started.error);
      await stripe.paymentIntents.confirm(started.paymentIntentId, { payment_method: "pm_card_visa" });
      const confirmed = await confirmCardPayment(deps, giver, started.paymentIntentId);
      expect(confirmed).toMatchObject({ ok: true, premium: true });
      return started.paymentIntentId;
    };
    const first = await payGift("maya@example.com");
    const second = await payGift("ines@example.com");
    expect(second).not.toBe(first);
    // Her own course is a payment of its own too, for the same price.
    const own = await paySucceeded(giver);
    expect([first, second]).not.toContain(own.paymentIntentId);
    await handleStripeWebhook(deps, Buffer.from(own.body), own.signature);
    expect(await tierOf(giver)).toBe("premium");
    // Having the course doesn't stop her giving it.
    const third = await payGift("aoife@example.com");
    const gifts = await database.db
      .selectFrom("gifts")
      .innerJoin("purchases", "purchases.id", "gifts.purchase_id")
      .select(["gifts.recipient_email", "purchases.status", "purchases.provider_payment_id"])
      .where("gifts.giver_id", "=", giver.id)
      .orderBy("gifts.recipient_email")
      .execute();
    expect(gifts).toEqual([
      { recipient_email: "aoife@example.com", status: "succeeded", provider_payment_id: third },
      { recipient_email: "ines@example.com", status: "succeeded", provider_payment_id: second },
      { recipient_email: "maya@example.com", status: "succeeded", provider_payment_id: first },
    ]);
    // A gift to herself, or for a day gone by, is refused before anything is started.
    const refused = await startCardPayment(deps, giver, {
      gift: { ...gift(giver.email), input: { ...gift(giver.email).input, deliverOn: "2029-11-30" } },
    });
    expect(refused).toMatchObject({ ok: false, status: 400 });
  });

  it("never offers a second payment to a member who owns the course", async () => {
    const member = { ...(await newMember()), tier: "premium" as const, hasPremium: true };
    expect(await startCardPayment(deps, member)).toMatchObject({ ok: false, status: 409 });
    expect(await startPayPalOrder(deps, member)).toMatchObject({ ok: false, status: 409 });
  });

  describe("one paid purchase per member", () => {
    const premiumNow = (member: Member): Member => ({ ...member, tier: "premium", hasPremium: true });
    const statuses = async (member: Member) => (await purchasesOf(member)).map((p) => p.status).sort();
    const refundNotices = (member: Member) =>
      database.db
        .selectFrom("email_outbox")
        .select("id")
        .where("to_address", "=", member.email)
        .where("kind", "=", "duplicate-refund")
        .execute();
    /** Both payments started, as in two tabs: a card intent, and a PayPal order the buyer approved. */
    async function twoTabs(member: Member) {
      const card = await startCardPayment(deps, member);
      const order = await startPayPalOrder(deps, member);
      if (!card.ok || !order.ok) throw new Error("could not start both payments");
      paypalFake.approve(order.id);
      return { paymentIntentId: card.paymentIntentId, orderId: order.id };
    }
    const payByCard = async (member: Member, paymentIntentId: string) => {
      await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: "pm_card_visa" });
      return confirmCardPayment(deps, member, paymentIntentId);
    };
    /** Refunds run in the background once the grant has committed: wait until none is owed. */
    const noRefundOwed = (member: Member) =>
      expect
        .poll(async () => (await statuses(member)).includes("duplicate"), { timeout: 10_000 })
        .toBe(false);

    it("refuses to capture a PayPal order once the member has paid, so nothing is taken", async () => {
      const member = await newMember();
      const { paymentIntentId, orderId } = await twoTabs(member);
      expect(await payByCard(member, paymentIntentId)).toMatchObject({ premium: true });
      expect(await capturePayPalOrder(deps, premiumNow(member), orderId)).toEqual({
        ok: false,
        status: 409,
        error: "You already own the Complete Course.",
      });
      expect(paypalFake.orders.get(orderId)!.status).toBe("APPROVED");
      expect(await statuses(member)).toEqual(["pending", "succeeded"]);
    });

    it("keeps one of two payments that race and refunds the other, for ten members at once", async () => {
      // Ten races side by side: more interleavings than one after another, and each waits
      // for its refund while the others run.
      async function race(round: number) {
        const member = await newMember();
        const { paymentIntentId, orderId } = await twoTabs(member);
        // Both tabs still believe she hasn't paid.
        const [card, paypal] = await Promise.all([
          payByCard(member, paymentIntentId),
          capturePayPalOrder(deps, member, orderId),
        ]);
        expect(card, `round ${round}`).toMatchObject({ ok: true });
        expect(paypal, `round ${round}`).toMatchObject({ ok: true, status: "COMPLETED" });
        await noRefundOwed(member);
        const purchases = await purchasesOf(member);
        expect(purchases.map((p) => p.status).sort(), `round ${round}`).toEqual(["refunded", "succeeded"]);
        expect(await tierOf(member)).toBe("premium");
        expect(await receiptsTo(member)).toHaveLength(1);
        expect(await refundNotices(member)).toHaveLength(1);
        // The provider really gave the money back.
        const refunded = purchases.find((p) => p.status === "refunded")!;
        if (refunded.provider === "stripe") {
          const charge = [...stripeFake.charges.values()].find((c) => c.payment_intent === paymentIntentId)!;
          expect(charge.refunded).toBe(true);
        } else {
          expect(paypalFake.captures.get(refunded.provider_capture_id!)!.status).toBe("REFUNDED");
        }
      }
      await Promise.all(Array.from({ length: 10 }, (_, round) => race(round)));
    });

    it("records the refund once, whether our refund or the provider's webhook about it comes first", async () => {
      const member = await newMember();
      const { paymentIntentId, orderId } = await twoTabs(member);
      await capturePayPalOrder(deps, member, orderId);
      // The card payment completes second; its webhook sees she has paid, and refunds it.
      const paid = await payByCard(member, paymentIntentId);
      expect(paid).toMatchObject({ premium: true });
      await noRefundOwed(member);
      await stripeFake.flushWebhooks();
      const refundWebhook = stripeWebhooks.received.findLast(
        (w) => w.body.includes(paymentIntentId) && w.body.includes("charge.refunded"),
      )!;
      expect(
        await handleStripeWebhook(
          deps,
          Buffer.from(refundWebhook.body),
          String(refundWebhook.headers["stripe-signature"]),
        ),
      ).toMatchObject({ ok: true });
      expect(await statuses(member)).toEqual(["refunded", "succeeded"]);
      expect(await tierOf(member)).toBe("premium");
      expect(await refundNotices(member)).toHaveLength(1);
    });

    it("leaves a refund it couldn't make owed, and the sweep makes it later", async () => {
      const member = await newMember();
      const { paymentIntentId, orderId } = await twoTabs(member);
      expect(await payByCard(member, paymentIntentId)).toMatchObject({ premium: true });
      // PayPal's capture completed too, and its confirmation reaches us now.
      const capture = await deps.payments.paypal!.captureOrder(orderId, `capture-${orderId}`);
      if (capture.status !== "COMPLETED") throw new Error("the capture did not complete");
      const outcome = await grantPurchase(
        database.db,
        { provider: "paypal", providerPaymentId: orderId, ...capture },
        deps.grant,
      );
      expect(outcome).toMatchObject({ granted: false, reason: "duplicate" });
      // PayPal is down when we ask for the refund.
      paypalFake.failNext(1, 503);
      expect(await refundDuplicate(deps, (outcome as { purchaseId: string }).purchaseId)).toBe(false);
      expect(await statuses(member)).toEqual(["duplicate", "succeeded"]);
      expect(await refundNotices(member)).toHaveLength(0);
      // Back up: the next sweep refunds it.
      expect(await refundOwed(deps)).toBeGreaterThanOrEqual(1);
      expect(await statuses(member)).toEqual(["refunded", "succeeded"]);
      expect(paypalFake.captures.get(capture.captureId)!.status).toBe("REFUNDED");
      expect(await refundNotices(member)).toHaveLength(1);
      expect(await tierOf(member)).toBe("premium");
    });

    it("makes two succeeded purchases for one member impossible in the database", async () => {
      const member = await newMember();
      await payByCard(member, (await twoTabs(member)).paymentIntentId);
      await expect(
        database.db
          .insertInto("purchases")
          .values({
            id: crypto.randomUUID(),
            user_id: member.id,
            provider: "stripe",
            provider_payment_id: `pi_forced_${crypto.randomUUID()}`,
            amount_minor: 2700,
            currency: "EUR",
            status: "succeeded",
          })
          .execute(),
      ).rejects.toThrow(/unique/i);
    });

    it(`answers 429 past ${PAYMENT_LIMITS.member.limit} payment calls an hour from one member`, async () => {
      const member = await newMember();
      const answers = await Promise.all(
        Array.from({ length: PAYMENT_LIMITS.member.limit + 5 }, () =>
          confirmCardPayment(deps, member, "pi_nothing"),
        ),
      );
      expect(answers.filter((a) => !a.ok && a.status === 429)).toHaveLength(5);
    });
  });

  describe("webhooks under a flood of forged calls", () => {
    const forgedPayPal = (n: number) =>
      Buffer.from(
        JSON.stringify({
          id: `WH-FLOOD-${crypto.randomUUID()}-${n}`,
          event_type: "PAYMENT.CAPTURE.REFUNDED",
        }),
      );

    it(`checks at most ${WEBHOOK_LIMITS.address.limit} Stripe calls a minute from one address, sent at once`, async () => {
      const from = { ...deps, clientIp: "2001:db8:77:1::1" };
      const answers = await Promise.all(
        Array.from({ length: WEBHOOK_LIMITS.address.limit + 40 }, (_, n) =>
          // Every address of one IPv6 subscriber's /64 is the same sender.
          handleStripeWebhook(
            { ...from, clientIp: `2001:db8:77:1::${(n + 1).toString(16)}` },
            Buffer.from("{}"),
            "t=1,v1=00",
          ),
        ),
      );
      expect(answers.filter((a) => !a.ok && a.status === 400)).toHaveLength(WEBHOOK_LIMITS.address.limit);
      expect(answers.filter((a) => !a.ok && a.status === 429)).toHaveLength(40);
    });

    it("asks PayPal about at most as many calls as the limits allow, from one address or from many at once", async () => {
      const asked = vi.spyOn(deps.payments.paypal!, "verifyWebhook");
      try {
        const fromOne = await Promise.all(
          Array.from({ length: WEBHOOK_LIMITS.address.limit + 40 }, (_, n) =>
            handlePayPalWebhook({ ...deps, clientIp: "198.51.100.250" }, new Headers(), forgedPayPal(n)),
          ),
        );
        expect(fromOne.filter((a) => !a.ok && a.status === 400)).toHaveLength(WEBHOOK_LIMITS.address.limit);
        expect(fromOne.filter((a) => !a.ok && a.status === 429)).toHaveLength(40);
        expect(asked).toHaveBeenCalledTimes(WEBHOOK_LIMITS.address.limit);

        const fromMany = await Promise.all(
          Array.from({ length: WEBHOOK_LIMITS.paypalChecks.limit }, (_, n) =>
            handlePayPalWebhook(
              { ...deps, clientIp: `10.${n >> 8}.${n & 255}.9` },
              new Headers(),
              forgedPayPal(n),
            ),
          ),
        );
        expect(fromMany.filter((a) => !a.ok && a.status === 429).length).toBeGreaterThanOrEqual(
          WEBHOOK_LIMITS.address.limit,
        );
        expect(asked.mock.calls.length).toBeLessThanOrEqual(WEBHOOK_LIMITS.paypalChecks.limit);
      } finally {
        asked.mockRestore();
      }
    });
  });
});

describe("payPalOrderIdSchema", () => {
  it("takes PayPal's order ids and refuses anything a database or PayPal's API would choke on", () => {
    expect(payPalOrderIdSchema.safeParse("5O190127TN364715T").success).toBe(true);
    for (const id of ["", "ORDER\u0000", "../v2/checkout/orders", "A".repeat(65), "<script>"]) {
      expect(payPalOrderIdSchema.safeParse(id).success, JSON.stringify(id)).toBe(false);
    }
  });
});
