import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startFakePayPal, type FakePayPal, type PayPalOrder } from "./paypal.ts";
import { startFakeStripe, type FakeStripe } from "./stripe.ts";
import {
  startWebhookReceiver,
  type ReceivedWebhook,
  type WebhookReceiver,
} from "../../tests/support/webhook-receiver.ts";

type Receiver = WebhookReceiver;
const startReceiver = startWebhookReceiver;

const FAST_RETRIES = [20, 20];

describe("Stripe fake, driven by the real stripe SDK", () => {
  const webhookSecret = "whsec_fake_test_secret";
  let receiver: Receiver;
  let fake: FakeStripe;
  let stripe: Stripe;

  const course = {
    amount: 2700,
    currency: "eur",
    metadata: { user_id: "user_1" },
    receipt_email: "ana@example.com",
    description: "Tidewell Complete Course",
    automatic_payment_methods: { enabled: true },
  };

  /** Verifies a received webhook exactly as the app's route must. */
  const verified = (webhook: ReceivedWebhook) =>
    stripe.webhooks.constructEvent(webhook.body, String(webhook.headers["stripe-signature"]), webhookSecret);

  async function paidIntent() {
    const intent = await stripe.paymentIntents.create(course);
    return stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
  }

  beforeEach(async () => {
    receiver = await startReceiver();
    fake = await startFakeStripe({
      webhookUrl: receiver.url,
      webhookSecret,
      webhookRetryDelaysMs: FAST_RETRIES,
    });
    stripe = new Stripe("sk_test_fake", {
      host: "127.0.0.1",
      port: fake.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
  });

  afterEach(async () => {
    await fake.close();
    await receiver.close();
  });

  it("creates a PaymentIntent from form-encoded params, idempotently, and retrieves it", async () => {
    const created = await stripe.paymentIntents.create(course, { idempotencyKey: "purchase-user_1" });
    expect(created).toMatchObject({
      object: "payment_intent",
      amount: 2700,
      currency: "eur",
      status: "requires_payment_method",
      metadata: { user_id: "user_1" },
      receipt_email: "ana@example.com",
      automatic_payment_methods: { enabled: true },
      latest_charge: null,
      amount_received: 0,
    });
    expect(created.id).toMatch(/^pi_\w+$/);
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_\\w+$`));

    const replayed = await stripe.paymentIntents.create(course, { idempotencyKey: "purchase-user_1" });
    expect(replayed.id).toBe(created.id);
    expect(fake.intents.size).toBe(1);

    const conflicting = stripe.paymentIntents.create(
      { ...course, amount: 100 },
      { idempotencyKey: "purchase-user_1" },
    );
    await expect(conflicting).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(conflicting).rejects.toMatchObject({ statusCode: 400, rawType: "idempotency_error" });

    const retrieved = await stripe.paymentIntents.retrieve(created.id);
    expect(retrieved).toMatchObject({ id: created.id, status: "requires_payment_method", amount: 2700 });
    await expect(stripe.paymentIntents.retrieve("pi_missing")).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
  });

  it("confirms with pm_card_visa and sends a signed payment_intent.succeeded after the response", async () => {
    const intent = await stripe.paymentIntents.create(course);
    const confirmed = await stripe.paymentIntents.confirm(
      intent.id,
      { payment_method: "pm_card_visa" },
      { idempotencyKey: "confirm-1" },
    );
    expect(confirmed).toMatchObject({ status: "succeeded", amount_received: 2700 });
    expect(confirmed.latest_charge).toMatch(/^ch_\w+$/);

    // A replayed confirm answers the same and causes no second event.
    const replayed = await stripe.paymentIntents.confirm(
      intent.id,
      { payment_method: "pm_card_visa" },
      { idempotencyKey: "confirm-1" },
    );
    expect(replayed.latest_charge).toBe(confirmed.latest_charge);

    await fake.flushWebhooks();
    expect(receiver.received).toHaveLength(1);
    const event = verified(receiver.received[0]!);
    expect(event).toMatchObject({
      object: "event",
      type: "payment_intent.succeeded",
      livemode: false,
      api_version: Stripe.API_VERSION,
      data: { object: { id: intent.id, status: "succeeded", amount: 2700, metadata: { user_id: "user_1" } } },
    });
    expect(event.id).toMatch(/^evt_\w+$/);
    expect(fake.deliveries).toEqual([
      {
        url: receiver.url,
        eventId: event.id,
        eventType: "payment_intent.succeeded",
        attempt: 1,
        status: 200,
      },
    ]);

    // The signature covers the exact bytes: a re-serialised body or another secret fails.
    const { body, headers } = receiver.received[0]!;
    expect(() => verified({ headers, body: JSON.stringify(JSON.parse(body)) })).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() =>
      stripe.webhooks.constructEvent(body, String(headers["stripe-signature"]), "whsec_other"),
    ).toThrow();

    const expanded = await stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge"] });
    expect(expanded.latest_charge).toMatchObject({
      object: "charge",
      id: confirmed.latest_charge,
      amount: 2700,
    });
  });

  it("declines pm_card_chargeDeclined with a 402 card_error and leaves the intent payable", async () => {
    const intent = await stripe.paymentIntents.create(course);
    const declined = stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_chargeDeclined" });
    await expect(declined).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await expect(declined).rejects.toMatchObject({
      statusCode: 402,
      code: "card_declined",
      decline_code: "generic_decline",
      message: "Your card was declined.",
    });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("requires_payment_method");

    const retried = await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    expect(retried.status).toBe("succeeded");
    await fake.flushWebhooks();
    expect(receiver.received.map((webhook) => verified(webhook).type)).toEqual(["payment_intent.succeeded"]);
  });

  it("refunds through the API and from the dashboard, each time sending charge.refunded", async () => {
    const paid = await paidIntent();
    const refund = await stripe.refunds.create({ payment_intent: paid.id });
    expect(refund).toMatchObject({
      object: "refund",
      amount: 2700,
      currency: "eur",
      payment_intent: paid.id,
      charge: paid.latest_charge,
      status: "succeeded",
    });
    expect(refund.id).toMatch(/^re_\w+$/);
    await expect(stripe.refunds.create({ payment_intent: paid.id })).rejects.toMatchObject({
      statusCode: 400,
      code: "charge_already_refunded",
    });

    const other = await paidIntent();
    expect(fake.refund(other.id)).toMatchObject({ payment_intent: other.id, amount: 2700 });

    await fake.flushWebhooks();
    const refundEvents = receiver.received.map(verified).filter((event) => event.type === "charge.refunded");
    expect(refundEvents.map((event) => event.data.object)).toEqual([
      expect.objectContaining({
        object: "charge",
        payment_intent: paid.id,
        amount_refunded: 2700,
        refunded: true,
      }),
      expect.objectContaining({
        object: "charge",
        payment_intent: other.id,
        amount_refunded: 2700,
        refunded: true,
      }),
    ]);
    expect(refundEvents[1]!.request).toEqual({ id: null, idempotency_key: null });
  });

  it("refuses requests without a secret key, like Stripe", async () => {
    const publishable = new Stripe("pk_test_fake", { host: "127.0.0.1", port: fake.port, protocol: "http" });
    await expect(publishable.paymentIntents.create(course)).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    const anonymous = await fetch(`${fake.url}/v1/payment_intents`, { method: "POST" });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { type: "invalid_request_error" } });
  });

  it("injects provider faults and slowness", async () => {
    fake.failNext(1, 503);
    await expect(stripe.paymentIntents.create(course)).rejects.toMatchObject({
      type: "StripeAPIError",
      statusCode: 503,
    });
    expect(fake.intents.size).toBe(0);
    await stripe.paymentIntents.create(course);

    fake.delayNext(300);
    const impatient = new Stripe("sk_test_fake", {
      host: "127.0.0.1",
      port: fake.port,
      protocol: "http",
      maxNetworkRetries: 0,
      timeout: 50,
    });
    await expect(impatient.paymentIntents.create(course)).rejects.toBeInstanceOf(
      Stripe.errors.StripeConnectionError,
    );
  });

  it("retries a failing receiver, and can resend or hand-make events once the URL is known", async () => {
    await receiver.close();
    receiver = await startReceiver([500, 503]);
    fake.setWebhookUrl(receiver.url);
    await paidIntent();
    await fake.flushWebhooks();
    expect(fake.deliveries.map((delivery) => [delivery.attempt, delivery.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    // Each attempt is signed afresh and verifies.
    expect(receiver.received.map((webhook) => verified(webhook).id)).toEqual(
      Array(3).fill(fake.deliveries[0]!.eventId),
    );

    fake.setWebhookUrl(undefined);
    const quiet = await paidIntent();
    await fake.flushWebhooks();
    expect(receiver.received).toHaveLength(3);

    fake.setWebhookUrl(receiver.url);
    const missed = [...fake.events.values()].find(
      (event) =>
        event.type === "payment_intent.succeeded" && (event.data.object as { id: string }).id === quiet.id,
    );
    fake.resendEvent(missed!.id);
    fake.resendEvent(missed!.id);
    const handMade = fake.emit({
      type: "charge.refunded",
      data: { object: { id: "ch_hand_made", refunded: true } },
    });
    await fake.flushWebhooks();
    expect(receiver.received.slice(3).map((webhook) => verified(webhook).id)).toEqual([
      missed!.id,
      missed!.id,
      handMade.id,
    ]);
    expect(() => fake.resendEvent("evt_unknown")).toThrow();
  });

  it("records an unreachable receiver and gives up after the retries", async () => {
    await receiver.close();
    await paidIntent();
    await fake.flushWebhooks();
    expect(fake.deliveries).toHaveLength(3);
    expect(fake.deliveries.every((delivery) => delivery.status === null && delivery.error)).toBe(true);
  });
});

describe("PayPal fake, driven with fetch", () => {
  const clientId = "fake-client-id";
  const clientSecret = "fake-client-secret";
  let receiver: Receiver;
  let fake: FakePayPal;

  interface Answer {
    status: number;
    body: Record<string, unknown>;
  }

  async function call(
    path: string,
    init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const response = await fetch(`${fake.url}${path}`, {
      method: init.method ?? "POST",
      headers: {
        "Content-Type": "application/json",
        ...(init.token && { Authorization: `Bearer ${init.token}` }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function requestToken(secret = clientSecret): Promise<Answer> {
    const response = await fetch(`${fake.url}/v1/oauth2/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}` },
      body: new URLSearchParams({ grant_type: "client_credentials" }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function accessToken(): Promise<string> {
    return String((await requestToken()).body.access_token);
  }

  const orderBody = {
    intent: "CAPTURE",
    purchase_units: [
      {
        amount: { currency_code: "EUR", value: "27.00" },
        custom_id: "user_1",
        description: "Tidewell Complete Course",
      },
    ],
  };

  async function approvedOrder(token: string, outcome?: "COMPLETED" | "PENDING" | "DECLINED") {
    const created = await call("/v2/checkout/orders", { token, body: orderBody });
    const id = String(created.body.id);
    if (outcome) fake.setOutcome(id, outcome);
    fake.approve(id);
    return id;
  }

  const firstCapture = (order: Record<string, unknown>) =>
    (order as unknown as PayPalOrder).purchase_units[0]!.payments!.captures[0]!;

  beforeEach(async () => {
    receiver = await startReceiver();
    fake = await startFakePayPal({
      clientId,
      clientSecret,
      webhookUrl: receiver.url,
      webhookId: "WH-FAKE-1",
      webhookRetryDelaysMs: FAST_RETRIES,
    });
  });

  afterEach(async () => {
    await fake.close();
    await receiver.close();
  });

  it("issues tokens for the right client credentials only", async () => {
    expect(await requestToken("wrong")).toEqual({
      status: 401,
      body: { error: "invalid_client", error_description: "Client Authentication failed" },
    });
    const granted = await requestToken();
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ token_type: "Bearer", expires_in: expect.any(Number) });

    const token = String(granted.body.access_token);
    expect((await call("/v2/checkout/orders", { body: orderBody })).status).toBe(401);
    fake.expireTokens();
    expect((await call("/v2/checkout/orders", { token, body: orderBody })).status).toBe(401);
  });

  it("creates orders idempotently by PayPal-Request-Id and shows them", async () => {
    const token = await accessToken();
    const headers = { "PayPal-Request-Id": "order-user_1-1" };
    const created = await call("/v2/checkout/orders", { token, body: orderBody, headers });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "CREATED" });
    expect(created.body.links).toContainEqual(expect.objectContaining({ rel: "approve" }));
    const again = await call("/v2/checkout/orders", { token, body: orderBody, headers });
    expect(again.body.id).toBe(created.body.id);
    expect(fake.orders.size).toBe(1);

    const shown = await call(`/v2/checkout/orders/${String(created.body.id)}`, { method: "GET", token });
    expect(shown.body).toMatchObject({
      intent: "CAPTURE",
      status: "CREATED",
      purchase_units: [{ amount: { currency_code: "EUR", value: "27.00" }, custom_id: "user_1" }],
    });

    const invalid = await call("/v2/checkout/orders", {
      token,
      body: { intent: "CAPTURE", purchase_units: [{ amount: { currency_code: "EUR", value: "27.001" } }] },
    });
    expect(invalid).toMatchObject({ status: 400, body: { name: "INVALID_REQUEST" } });
    expect((await call("/v2/checkout/orders/NOPE", { method: "GET", token })).status).toBe(404);
  });

  it("captures an approved order once, COMPLETED", async () => {
    const token = await accessToken();
    const created = await call("/v2/checkout/orders", { token, body: orderBody });
    const id = String(created.body.id);

    const headers = { "PayPal-Request-Id": `capture-${id}` };
    const unapproved = await call(`/v2/checkout/orders/${id}/capture`, { token, headers });
    expect(unapproved).toMatchObject({
      status: 422,
      body: { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_NOT_APPROVED" }] },
    });

    // The same request id after approval really captures (failures are not replayed)…
    fake.approve(id);
    const captured = await call(`/v2/checkout/orders/${id}/capture`, { token, headers });
    expect(captured).toMatchObject({ status: 201, body: { id, status: "COMPLETED" } });
    // …and once more replays the capture instead of failing.
    const replayed = await call(`/v2/checkout/orders/${id}/capture`, { token, headers });
    expect(replayed).toEqual(captured);
    expect(fake.captures.size).toBe(1);
    expect(firstCapture(captured.body)).toMatchObject({
      status: "COMPLETED",
      amount: { currency_code: "EUR", value: "27.00" },
      custom_id: "user_1",
    });

    const twice = await call(`/v2/checkout/orders/${id}/capture`, { token });
    expect(twice).toMatchObject({ status: 422, body: { details: [{ issue: "ORDER_ALREADY_CAPTURED" }] } });
  });

  it("captures PENDING as a completed order holding a pending capture", async () => {
    const token = await accessToken();
    const id = await approvedOrder(token, "PENDING");
    const captured = await call(`/v2/checkout/orders/${id}/capture`, { token });
    expect(captured).toMatchObject({ status: 201, body: { status: "COMPLETED" } });
    expect(firstCapture(captured.body)).toMatchObject({
      status: "PENDING",
      status_details: { reason: "PENDING_REVIEW" },
    });
  });

  it("answers DECLINED with 422 INSTRUMENT_DECLINED and captures nothing", async () => {
    const token = await accessToken();
    const id = await approvedOrder(token, "DECLINED");
    const declined = await call(`/v2/checkout/orders/${id}/capture`, { token });
    expect(declined).toMatchObject({
      status: 422,
      body: { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "INSTRUMENT_DECLINED" }] },
    });
    expect(fake.captures.size).toBe(0);
    expect(fake.orders.get(id)?.status).toBe("APPROVED");
  });

  it("refunds a capture, sends PAYMENT.CAPTURE.REFUNDED, and verifies only the transmission it sent", async () => {
    const token = await accessToken();
    const id = await approvedOrder(token);
    const captureId = firstCapture((await call(`/v2/checkout/orders/${id}/capture`, { token })).body).id;

    const refunded = await call(`/v2/payments/captures/${captureId}/refund`, { token, body: {} });
    expect(refunded).toMatchObject({
      status: 201,
      body: { status: "COMPLETED", amount: { value: "27.00" } },
    });
    expect(fake.captures.get(captureId)?.status).toBe("REFUNDED");
    const again = await call(`/v2/payments/captures/${captureId}/refund`, { token, body: {} });
    expect(again).toMatchObject({ status: 422, body: { details: [{ issue: "CAPTURE_FULLY_REFUNDED" }] } });

    await fake.flushWebhooks();
    expect(receiver.received).toHaveLength(1);
    const { headers, body } = receiver.received[0]!;
    const event = JSON.parse(body) as Record<string, unknown>;
    expect(event).toMatchObject({
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      resource: {
        id: refunded.body.id,
        status: "COMPLETED",
        links: expect.arrayContaining([
          { rel: "up", method: "GET", href: `${fake.url}/v2/payments/captures/${captureId}` },
        ]),
      },
    });
    expect(String(event.id)).toMatch(/^WH-/);

    const verification = (webhookEvent: unknown, webhookId = fake.webhookId) =>
      call("/v1/notifications/verify-webhook-signature", {
        token,
        body: {
          auth_algo: headers["paypal-auth-algo"],
          cert_url: headers["paypal-cert-url"],
          transmission_id: headers["paypal-transmission-id"],
          transmission_sig: headers["paypal-transmission-sig"],
          transmission_time: headers["paypal-transmission-time"],
          webhook_id: webhookId,
          webhook_event: webhookEvent,
        },
      });
    expect((await verification(event)).body).toEqual({ verification_status: "SUCCESS" });
    const tampered = {
      ...event,
      resource: { ...(event.resource as object), amount: { currency_code: "EUR", value: "0.01" } },
    };
    expect((await verification(tampered)).body).toEqual({ verification_status: "FAILURE" });
    expect((await verification(event, "WH-OTHER")).body).toEqual({ verification_status: "FAILURE" });
  });

  it("refunds from the dashboard, and injects faults", async () => {
    const token = await accessToken();
    const id = await approvedOrder(token);
    const captureId = firstCapture((await call(`/v2/checkout/orders/${id}/capture`, { token })).body).id;
    const refund = fake.refund(captureId);
    await fake.flushWebhooks();
    expect(fake.deliveries).toEqual([
      expect.objectContaining({ eventType: "PAYMENT.CAPTURE.REFUNDED", status: 200, attempt: 1 }),
    ]);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ resource: { id: refund.id } });

    fake.failNext(1, 500);
    const token2 = await accessToken(); // token requests are exempt from injected faults
    expect((await call("/v2/checkout/orders", { token: token2, body: orderBody })).status).toBe(500);
    expect((await call("/v2/checkout/orders", { token: token2, body: orderBody })).status).toBe(201);
  });
});
