/**
 * A local fake of the slice of PayPal's REST API that Tidewell uses: OAuth client credentials, Orders v2,
 * capture refunds, and webhooks with PayPal's transmission headers plus the endpoint that verifies them.
 * The offline demo checkout runs it inside the app (calling `approve` where PayPal would show its popup);
 * tests run it to exercise the real PayPal client without a network.
 */
import crypto from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import {
  FaultPlan,
  randomId,
  serveOnLoopback,
  WebhookSender,
  type FakeReply,
  type FakeRequest,
  type WebhookDelivery,
} from "./fake-http.ts";

export type PayPalCaptureOutcome = "COMPLETED" | "PENDING" | "DECLINED";

export interface PayPalAmount {
  currency_code: string;
  /** A decimal string, e.g. "27.00". */
  value: string;
}

export interface PayPalLink {
  href: string;
  rel: string;
  method: string;
}

export interface PayPalCapture {
  id: string;
  status: "COMPLETED" | "PENDING" | "REFUNDED" | "PARTIALLY_REFUNDED";
  /** Why a capture is PENDING. */
  status_details?: { reason: string };
  amount: PayPalAmount;
  final_capture: true;
  custom_id?: string;
  create_time: string;
  update_time: string;
  links: PayPalLink[];
}

export interface PayPalPurchaseUnit {
  reference_id: string;
  amount: PayPalAmount;
  custom_id?: string;
  description?: string;
  payments?: { captures: PayPalCapture[] };
}

export interface PayPalOrder {
  id: string;
  intent: "CAPTURE";
  status: "CREATED" | "APPROVED" | "COMPLETED";
  purchase_units: PayPalPurchaseUnit[];
  payer?: {
    payer_id: string;
    email_address: string;
    name: { given_name: string; surname: string };
    /** The country of her PayPal account's address. */
    address: { country_code: string };
  };
  create_time: string;
  update_time: string;
  links: PayPalLink[];
}

export interface PayPalRefund {
  id: string;
  status: "COMPLETED";
  amount: PayPalAmount;
  /** As PayPal reports it: the capture's refunds so far, this one included. */
  seller_payable_breakdown: { total_refunded_amount: PayPalAmount };
  note_to_payer?: string;
  create_time: string;
  update_time: string;
  /** `rel: "up"` points at the refunded capture. */
  links: PayPalLink[];
}

export interface PayPalWebhookEvent {
  id: string;
  event_version: string;
  event_type: string;
  resource_type: string;
  resource_version?: string;
  summary: string;
  resource: unknown;
  create_time: string;
  links: PayPalLink[];
}

/** What `emit` needs: the rest of the event is filled in. */
export type HandMadePayPalEvent = Pick<PayPalWebhookEvent, "event_type" | "resource"> &
  Partial<PayPalWebhookEvent>;

export interface PayPalErrorBody {
  name: string;
  message: string;
  debug_id: string;
  details: { issue: string; description: string; field?: string; location?: string }[];
  links: PayPalLink[];
}

export interface StartFakePayPalOptions {
  clientId: string;
  clientSecret: string;
  webhookUrl?: string;
  /** The id PayPal gives a webhook subscription; the app sends it to verify-webhook-signature. Generated if absent. */
  webhookId?: string;
  log?: (message: string) => void;
  /** Pauses between webhook attempts; the length is the number of retries. */
  webhookRetryDelaysMs?: readonly number[];
}

export interface FakePayPal {
  /** `http://127.0.0.1:<port>`, standing in for `https://api-m.sandbox.paypal.com`. */
  readonly url: string;
  readonly port: number;
  readonly webhookId: string;
  readonly orders: ReadonlyMap<string, Readonly<PayPalOrder>>;
  readonly captures: ReadonlyMap<string, Readonly<PayPalCapture>>;
  /** Every event created, by id, delivered or not. */
  readonly events: ReadonlyMap<string, PayPalWebhookEvent>;
  /** One row per webhook attempt, oldest first. */
  readonly deliveries: readonly WebhookDelivery[];
  setWebhookUrl(url: string | undefined): void;
  /** The buyer approves the order, as in PayPal's popup (her account in `country`, Ireland unless given). Throws for an unknown or captured order. */
  approve(orderId: string, country?: string): void;
  /** What capturing this order will give; COMPLETED unless set. Throws for an unknown order. */
  setOutcome(orderId: string, outcome: PayPalCaptureOutcome): void;
  /** A refund issued from the PayPal dashboard (full unless `amount`); sends PAYMENT.CAPTURE.REFUNDED. */
  refund(captureId: string, amount?: PayPalAmount): PayPalRefund;
  /** The next `count` API calls (not token requests) answer `status` and change nothing. */
  failNext(count?: number, status?: number): void;
  /** The next `count` API calls (not token requests) wait `ms` first; the work still happens. */
  delayNext(ms: number, count?: number): void;
  /** Access tokens issued so far stop working, as when they expire. */
  expireTokens(): void;
  /** Delivers an already created event again, with a new transmission. Throws for an unknown id. */
  resendEvent(eventId: string): void;
  /** Fills in and delivers a hand-made event. */
  emit(event: HandMadePayPalEvent): PayPalWebhookEvent;
  /** Resolves once every webhook delivery under way, retries included, has finished. */
  flushWebhooks(): Promise<void>;
  close(): Promise<void>;
}

const TOKEN_LIFETIME_SECONDS = 32_400;

const ERROR_MESSAGES: Record<number, [name: string, message: string]> = {
  400: ["INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema."],
  401: [
    "AUTHENTICATION_FAILURE",
    "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
  ],
  404: ["RESOURCE_NOT_FOUND", "The specified resource does not exist."],
  422: [
    "UNPROCESSABLE_ENTITY",
    "The requested action could not be performed, semantically incorrect, or failed business validation.",
  ],
  503: ["SERVICE_UNAVAILABLE", "Service Unavailable."],
};

class PayPalApiError extends Error {
  readonly body: PayPalErrorBody;
  readonly status: number;
  constructor(status: number, issue: string, description: string, field?: string) {
    super(`${issue}: ${description}`);
    this.status = status;
    const [name, message] = ERROR_MESSAGES[status] ?? [
      "INTERNAL_SERVER_ERROR",
      "An internal server error has occurred.",
    ];
    this.body = {
      name,
      message,
      debug_id: randomId(13).toLowerCase(),
      details: [{ issue, description, ...(field && { field, location: "body" }) }],
      links: [
        {
          href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`,
          rel: "information_link",
          method: "GET",
        },
      ],
    };
  }
}

/** What the fake remembers of each webhook transmission, to answer verify-webhook-signature. */
interface Transmission {
  time: string;
  sig: string;
  certUrl: string;
  authAlgo: string;
  webhookId: string;
  event: unknown;
}

export async function startFakePayPal(options: StartFakePayPalOptions): Promise<FakePayPal> {
  const log = options.log ?? (() => {});
  const webhookId = options.webhookId ?? randomId(17, true);
  const orders = new Map<string, PayPalOrder>();
  const captures = new Map<string, PayPalCapture>();
  const refundedCents = new Map<string, number>();
  const outcomes = new Map<string, PayPalCaptureOutcome>();
  const tokenExpiries = new Map<string, number>();
  const idempotentReplies = new Map<string, FakeReply>();
  const events = new Map<string, PayPalWebhookEvent>();
  const transmissions = new Map<string, Transmission>();
  const faults = new FaultPlan();
  const webhooks = new WebhookSender({
    url: options.webhookUrl,
    retryDelaysMs: options.webhookRetryDelaysMs,
    log: (message) => log(`paypal fake: ${message}`),
  });
  // Links name the fake's own address, known once it listens (before any request arrives).
  let baseUrl = "";

  function issueToken(request: FakeRequest): FakeReply {
    const [scheme, encoded = ""] = (request.headers.authorization ?? "").split(" ");
    const credentials = Buffer.from(encoded, "base64").toString("utf8");
    if (scheme !== "Basic" || credentials !== `${options.clientId}:${options.clientSecret}`) {
      return {
        status: 401,
        body: { error: "invalid_client", error_description: "Client Authentication failed" },
      };
    }
    const grantType = new URLSearchParams(request.body).get("grant_type");
    if (grantType !== "client_credentials") {
      return {
        status: 400,
        body: { error: "unsupported_grant_type", error_description: `Grant Type is ${grantType ?? "NULL"}` },
      };
    }
    const accessToken = `A21AA${randomId(80)}`;
    tokenExpiries.set(accessToken, Date.now() + TOKEN_LIFETIME_SECONDS * 1000);
    return {
      status: 200,
      body: {
        scope:
          "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund",
        access_token: accessToken,
        token_type: "Bearer",
        app_id: "APP-80W284485P519543T",
        expires_in: TOKEN_LIFETIME_SECONDS,
        nonce: `${new Date().toISOString()}${randomId(43)}`,
      },
    };
  }

  function createOrder(body: unknown): PayPalOrder {
    if (!isObject(body))
      throw new PayPalApiError(400, "MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
    if (body.intent !== "CAPTURE") {
      throw new PayPalApiError(
        400,
        "INVALID_PARAMETER_VALUE",
        "The PayPal fake supports intent CAPTURE only.",
        "/intent",
      );
    }
    const units = body.purchase_units;
    if (!Array.isArray(units) || units.length === 0) {
      throw new PayPalApiError(
        400,
        "MISSING_REQUIRED_PARAMETER",
        "A required field is missing.",
        "/purchase_units",
      );
    }
    const id = randomId(17, true);
    const now = timestamp();
    const order: PayPalOrder = {
      id,
      intent: "CAPTURE",
      status: "CREATED",
      purchase_units: units.map((unit: unknown, index) => purchaseUnit(unit, index)),
      create_time: now,
      update_time: now,
      links: [
        { href: `${baseUrl}/v2/checkout/orders/${id}`, rel: "self", method: "GET" },
        // PayPal's checkout page; the fake has none; the demo calls `approve` instead.
        { href: `${baseUrl}/checkoutnow?token=${id}`, rel: "approve", method: "GET" },
        { href: `${baseUrl}/v2/checkout/orders/${id}`, rel: "update", method: "PATCH" },
        { href: `${baseUrl}/v2/checkout/orders/${id}/capture`, rel: "capture", method: "POST" },
      ],
    };
    orders.set(id, order);
    return order;
  }

  function findOrder(id: string): PayPalOrder {
    const order = orders.get(id);
    if (!order) throw notFound();
    return order;
  }

  function captureOrder(order: PayPalOrder): PayPalOrder {
    if (order.status === "COMPLETED") {
      throw new PayPalApiError(
        422,
        "ORDER_ALREADY_CAPTURED",
        "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.",
      );
    }
    if (order.status !== "APPROVED") {
      throw new PayPalApiError(
        422,
        "ORDER_NOT_APPROVED",
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
      );
    }
    const outcome = outcomes.get(order.id) ?? "COMPLETED";
    if (outcome === "DECLINED") {
      // The order stays APPROVED, so the buyer may pick another funding source and try again.
      throw new PayPalApiError(
        422,
        "INSTRUMENT_DECLINED",
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const now = timestamp();
    for (const unit of order.purchase_units) {
      const id = randomId(17, true);
      const capture: PayPalCapture = {
        id,
        // PENDING is what PayPal answers for e-checks and payments held for review.
        status: outcome,
        ...(outcome === "PENDING" && { status_details: { reason: "PENDING_REVIEW" } }),
        amount: { ...unit.amount },
        final_capture: true,
        ...(unit.custom_id !== undefined && { custom_id: unit.custom_id }),
        create_time: now,
        update_time: now,
        links: [
          { href: `${baseUrl}/v2/payments/captures/${id}`, rel: "self", method: "GET" },
          { href: `${baseUrl}/v2/payments/captures/${id}/refund`, rel: "refund", method: "POST" },
          { href: `${baseUrl}/v2/checkout/orders/${order.id}`, rel: "up", method: "GET" },
        ],
      };
      captures.set(id, capture);
      unit.payments = { captures: [capture] };
    }
    order.status = "COMPLETED";
    order.update_time = now;
    return order;
  }

  function refundCapture(
    captureId: string,
    body: { amount?: unknown; note_to_payer?: unknown },
    after?: Promise<unknown>,
  ): PayPalRefund {
    const capture = captures.get(captureId);
    if (!capture) throw notFound();
    if (capture.status === "PENDING") {
      throw new PayPalApiError(422, "PENDING_CAPTURE", "Cannot initiate a refund as the capture is pending.");
    }
    if (capture.status === "REFUNDED") {
      throw new PayPalApiError(422, "CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded.");
    }
    const currency = capture.amount.currency_code;
    const refundableCents = toCents(capture.amount.value) - (refundedCents.get(captureId) ?? 0);
    let cents = refundableCents;
    if (body.amount !== undefined) {
      const amount = validAmount(body.amount, "/amount");
      if (amount.currency_code !== currency) {
        throw new PayPalApiError(
          422,
          "REFUND_CAPTURE_CURRENCY_MISMATCH",
          "Refund must be in the same currency as the capture.",
        );
      }
      cents = toCents(amount.value);
      if (cents > refundableCents) {
        throw new PayPalApiError(
          422,
          "REFUND_AMOUNT_EXCEEDED",
          "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
        );
      }
    }

    const now = timestamp();
    refundedCents.set(captureId, (refundedCents.get(captureId) ?? 0) + cents);
    capture.status = cents === refundableCents ? "REFUNDED" : "PARTIALLY_REFUNDED";
    capture.update_time = now;
    const id = randomId(17, true);
    const refund: PayPalRefund = {
      id,
      status: "COMPLETED",
      amount: { currency_code: currency, value: fromCents(cents) },
      seller_payable_breakdown: {
        total_refunded_amount: { currency_code: currency, value: fromCents(refundedCents.get(captureId)!) },
      },
      ...(typeof body.note_to_payer === "string" && { note_to_payer: body.note_to_payer }),
      create_time: now,
      update_time: now,
      links: [
        { href: `${baseUrl}/v2/payments/refunds/${id}`, rel: "self", method: "GET" },
        { href: `${baseUrl}/v2/payments/captures/${captureId}`, rel: "up", method: "GET" },
      ],
    };
    const summary = `A ${refund.amount.value} ${currency} capture payment was refunded`;
    deliver(
      createEvent({
        event_type: "PAYMENT.CAPTURE.REFUNDED",
        resource_type: "refund",
        summary,
        resource: refund,
      }),
      after,
    );
    return refund;
  }

  /** SUCCESS only for a transmission this fake sent, to this webhook, carrying the very event it sent. */
  function verifyWebhookSignature(body: unknown): { verification_status: "SUCCESS" | "FAILURE" } {
    const fields = [
      "auth_algo",
      "cert_url",
      "transmission_id",
      "transmission_sig",
      "transmission_time",
      "webhook_id",
    ];
    if (!isObject(body))
      throw new PayPalApiError(400, "MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
    for (const field of [...fields, "webhook_event"]) {
      if (body[field] === undefined || body[field] === "") {
        throw new PayPalApiError(
          400,
          "MISSING_REQUIRED_PARAMETER",
          "A required field is missing.",
          `/${field}`,
        );
      }
    }
    const sent =
      typeof body.transmission_id === "string" ? transmissions.get(body.transmission_id) : undefined;
    const verified =
      sent !== undefined &&
      body.transmission_time === sent.time &&
      body.transmission_sig === sent.sig &&
      body.cert_url === sent.certUrl &&
      body.auth_algo === sent.authAlgo &&
      body.webhook_id === sent.webhookId &&
      isDeepStrictEqual(body.webhook_event, sent.event);
    return { verification_status: verified ? "SUCCESS" : "FAILURE" };
  }

  /** Routes one authenticated API call; throws PayPalApiError for PayPal's error answers. */
  function execute(request: FakeRequest, body: unknown): FakeReply {
    const { method, path } = request;
    if (method === "POST" && path === "/v2/checkout/orders") {
      const order = createOrder(body);
      const full = request.headers.prefer === "return=representation";
      return {
        status: 201,
        body: full ? structuredClone(order) : { id: order.id, status: order.status, links: order.links },
      };
    }
    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      return { status: 200, body: verifyWebhookSignature(body) };
    }
    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderPath?.[1] && !orderPath[2] && method === "GET") {
      return { status: 200, body: structuredClone(findOrder(orderPath[1])) };
    }
    if (orderPath?.[1] && orderPath[2] && method === "POST") {
      return { status: 201, body: structuredClone(captureOrder(findOrder(orderPath[1]))) };
    }
    const capturePath = /^\/v2\/payments\/captures\/([^/]+)(\/refund)?$/.exec(path);
    if (capturePath?.[1] && !capturePath[2] && method === "GET") {
      const capture = captures.get(capturePath[1]);
      if (!capture) throw notFound();
      return { status: 200, body: structuredClone(capture) };
    }
    if (capturePath?.[1] && capturePath[2] && method === "POST") {
      const refund = refundCapture(capturePath[1], isObject(body) ? body : {}, request.replied);
      return { status: 201, body: refund };
    }
    throw new PayPalApiError(404, "RESOURCE_NOT_FOUND", `The PayPal fake does not serve ${method} ${path}.`);
  }

  async function handle(request: FakeRequest): Promise<FakeReply> {
    // Token requests are exempt from injected faults, so failNext hits the call a test is aiming at.
    if (request.method === "POST" && request.path === "/v1/oauth2/token") return issueToken(request);

    const injectedStatus = await faults.next();
    if (injectedStatus) {
      return errorReply(
        new PayPalApiError(injectedStatus, "INTERNAL_SERVICE_ERROR", "Injected by the PayPal fake."),
      );
    }

    const [scheme, token = ""] = (request.headers.authorization ?? "").split(" ");
    if (scheme !== "Bearer" || (tokenExpiries.get(token) ?? 0) < Date.now()) {
      return errorReply(
        new PayPalApiError(401, "INVALID_TOKEN", "The access token is missing, invalid or expired."),
      );
    }

    // PayPal-Request-Id makes a POST idempotent: the same id on the same endpoint replays the first success.
    // Failures are not kept, so a capture retried after approval (or after a decline) is really retried.
    const requestId = request.headers["paypal-request-id"];
    const replayKey =
      typeof requestId === "string" && request.method === "POST" ? `${request.path} ${requestId}` : null;
    const saved = replayKey ? idempotentReplies.get(replayKey) : undefined;
    if (saved) return saved;

    let reply: FakeReply;
    try {
      reply = execute(request, parseJson(request.body));
    } catch (error) {
      if (!(error instanceof PayPalApiError)) throw error;
      reply = errorReply(error);
    }
    if (replayKey && reply.status < 300) idempotentReplies.set(replayKey, reply);
    return reply;
  }

  function createEvent(event: HandMadePayPalEvent): PayPalWebhookEvent {
    const id = `WH-${randomId(17, true)}-${randomId(17, true)}`;
    return {
      id,
      event_version: "1.0",
      resource_type: "",
      resource_version: "2.0",
      summary: "",
      create_time: new Date().toISOString(),
      links: [
        { href: `${baseUrl}/v1/notifications/webhooks-events/${id}`, rel: "self", method: "GET" },
        { href: `${baseUrl}/v1/notifications/webhooks-events/${id}/resend`, rel: "resend", method: "POST" },
      ],
      ...event,
      resource: structuredClone(event.resource),
    };
  }

  function deliver(event: PayPalWebhookEvent, after?: Promise<unknown>): void {
    events.set(event.id, event);
    const payload = JSON.stringify(event);
    // Each attempt is a new transmission. PayPal signs with RSA; here the signature is random bytes that
    // only this fake's verify-webhook-signature endpoint can vouch for, which is how apps must check it.
    const transmissionHeaders = () => {
      const transmissionId = crypto.randomUUID();
      const transmission: Transmission = {
        time: new Date().toISOString(),
        sig: crypto.randomBytes(256).toString("base64"),
        certUrl: `${baseUrl}/v1/notifications/certs/CERT-360caa42-fca2a594-fake`,
        authAlgo: "SHA256withRSA",
        webhookId,
        event: JSON.parse(payload),
      };
      transmissions.set(transmissionId, transmission);
      return {
        "Content-Type": "application/json",
        "User-Agent": "PayPal/AUHD-214.0-58609466",
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-time": transmission.time,
        "paypal-transmission-sig": transmission.sig,
        "paypal-cert-url": transmission.certUrl,
        "paypal-auth-algo": transmission.authAlgo,
      };
    };
    webhooks.send({ id: event.id, type: event.event_type }, payload, transmissionHeaders, after);
  }

  const server = await serveOnLoopback(handle, (message) => log(`paypal fake: ${message}`));
  baseUrl = server.url;

  return {
    url: server.url,
    port: server.port,
    webhookId,
    orders,
    captures,
    events,
    deliveries: webhooks.deliveries,
    setWebhookUrl: (url) => {
      webhooks.url = url;
    },
    approve: (orderId, country = "IE") => {
      const order = orders.get(orderId);
      if (!order) throw new Error(`PayPal fake: no order ${orderId}`);
      if (order.status === "COMPLETED") throw new Error(`PayPal fake: order ${orderId} is already captured`);
      order.status = "APPROVED";
      order.payer = {
        payer_id: "FAKEPAYER0001",
        email_address: "buyer@example.com",
        name: { given_name: "Demo", surname: "Buyer" },
        address: { country_code: country },
      };
      order.update_time = timestamp();
    },
    setOutcome: (orderId, outcome) => {
      if (!orders.has(orderId)) throw new Error(`PayPal fake: no order ${orderId}`);
      outcomes.set(orderId, outcome);
    },
    refund: (captureId, amount) => refundCapture(captureId, { amount }),
    failNext: (count, status) => faults.failNext(count, status),
    delayNext: (ms, count) => faults.delayNext(ms, count),
    expireTokens: () => tokenExpiries.clear(),
    resendEvent: (eventId) => {
      const event = events.get(eventId);
      if (!event) throw new Error(`PayPal fake: no event ${eventId}`);
      deliver(event);
    },
    emit: (handMade) => {
      const event = createEvent(handMade);
      deliver(event);
      return event;
    },
    flushWebhooks: () => webhooks.flush(),
    close: async () => {
      webhooks.stop();
      await server.close();
    },
  };
}

function purchaseUnit(unit: unknown, index: number): PayPalPurchaseUnit {
  if (!isObject(unit)) {
    throw new PayPalApiError(
      400,
      "INVALID_PARAMETER_VALUE",
      "A purchase unit must be an object.",
      `/purchase_units/${index}`,
    );
  }
  const optionalText = (name: "custom_id" | "description") => {
    const value = unit[name];
    if (value === undefined) return {};
    if (typeof value !== "string" || value.length > 127) {
      throw new PayPalApiError(
        400,
        "INVALID_STRING_MAX_LENGTH",
        "The value of a field is too long.",
        `/purchase_units/${index}/${name}`,
      );
    }
    return { [name]: value };
  };
  return {
    reference_id: typeof unit.reference_id === "string" ? unit.reference_id : "default",
    amount: validAmount(unit.amount, `/purchase_units/${index}/amount`),
    ...optionalText("custom_id"),
    ...optionalText("description"),
  };
}

function validAmount(amount: unknown, field: string): PayPalAmount {
  if (
    !isObject(amount) ||
    typeof amount.currency_code !== "string" ||
    !/^[A-Z]{3}$/.test(amount.currency_code)
  ) {
    throw new PayPalApiError(
      400,
      "INVALID_PARAMETER_VALUE",
      "The currency code is missing or invalid.",
      `${field}/currency_code`,
    );
  }
  if (typeof amount.value !== "string" || !/^\d{1,10}(\.\d{1,2})?$/.test(amount.value)) {
    throw new PayPalApiError(
      400,
      "INVALID_PARAMETER_VALUE",
      "The amount value is missing or invalid.",
      `${field}/value`,
    );
  }
  return { currency_code: amount.currency_code, value: amount.value };
}

function errorReply(error: PayPalApiError): FakeReply {
  return { status: error.status, body: error.body, headers: { "Paypal-Debug-Id": error.body.debug_id } };
}

function notFound(): PayPalApiError {
  return new PayPalApiError(
    404,
    "INVALID_RESOURCE_ID",
    "Specified resource ID does not exist. Please check the resource ID and try again.",
  );
}

/** Malformed JSON is left to the routes, since most of them tolerate an empty body. */
function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function toCents(value: string): number {
  return Math.round(Number(value) * 100);
}

function fromCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** PayPal's resource timestamps: ISO 8601 to the second. */
function timestamp(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
}
