/**
 * A local fake of the slice of Stripe's HTTP API that Tidewell uses: PaymentIntents, refunds and signed
 * webhooks. It speaks Stripe's wire format, so the real `stripe` SDK works against it
 * (`new Stripe(key, { host: "127.0.0.1", port, protocol: "http" })`). The offline demo checkout runs it
 * inside the app; tests run it to exercise the real payment code without a network.
 */
import Stripe from "stripe";
import {
  FaultPlan,
  randomId,
  serveOnLoopback,
  WebhookSender,
  type FakeReply,
  type FakeRequest,
  type WebhookDelivery,
} from "./fake-http.ts";

export interface StripeErrorBody {
  type: "api_error" | "card_error" | "idempotency_error" | "invalid_request_error";
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  payment_intent?: StripePaymentIntent;
}

export interface StripePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "requires_payment_method" | "succeeded";
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  automatic_payment_methods: { enabled: boolean } | null;
  payment_method: string | null;
  /** A charge id, or the charge itself when the request asked for `expand[]=latest_charge`. */
  latest_charge: string | StripeCharge | null;
  last_payment_error: StripeErrorBody | null;
  capture_method: "automatic";
  confirmation_method: "automatic";
  created: number;
  livemode: false;
}

export interface StripeCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  paid: true;
  captured: true;
  refunded: boolean;
  status: "succeeded";
  payment_intent: string;
  payment_method: string;
  /** What the buyer typed in as her billing details; a card payment with none has a null country. */
  billing_details: { address: { country: string | null } };
  /** The card: its brand and the country of the bank that issued it. */
  payment_method_details: { type: "card"; card: { brand: string; country: string } };
  metadata: Record<string, string>;
  receipt_email: string | null;
  created: number;
  livemode: false;
}

export interface StripeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: "succeeded";
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface StripeEvent {
  id: string;
  object: "event";
  type: string;
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  /** The API request that caused the event; nulls for dashboard actions. */
  request: { id: string | null; idempotency_key: string | null };
}

/** What `emit` needs: the rest of the Event is filled in. */
export type HandMadeStripeEvent = Pick<StripeEvent, "type" | "data"> & Partial<StripeEvent>;

export interface StartFakeStripeOptions {
  webhookUrl?: string;
  /** The endpoint's signing secret (`whsec_…`), shared with the app's webhook route. */
  webhookSecret: string;
  log?: (message: string) => void;
  /** Pauses between webhook attempts; the length is the number of retries. */
  webhookRetryDelaysMs?: readonly number[];
}

export interface FakeStripe {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  readonly intents: ReadonlyMap<string, Readonly<StripePaymentIntent>>;
  readonly charges: ReadonlyMap<string, Readonly<StripeCharge>>;
  readonly refunds: ReadonlyMap<string, Readonly<StripeRefund>>;
  /** Every event created, by id, delivered or not. */
  readonly events: ReadonlyMap<string, StripeEvent>;
  /** One row per webhook attempt, oldest first. */
  readonly deliveries: readonly WebhookDelivery[];
  /** Events created while no URL is set are kept in `events` but not delivered. */
  setWebhookUrl(url: string | undefined): void;
  /** The next `count` API calls answer `status` with an `api_error` and change nothing. */
  failNext(count?: number, status?: number): void;
  /** The next `count` API calls wait `ms` first (the work still happens, as when a client times out). */
  delayNext(ms: number, count?: number): void;
  /** Delivers an already created event again, freshly signed. Throws for an unknown id. */
  resendEvent(eventId: string): void;
  /** Fills in and delivers a hand-made event. */
  emit(event: HandMadeStripeEvent): StripeEvent;
  /** A refund issued from the dashboard: refunds the intent's charge (fully by default) and sends charge.refunded. */
  refund(paymentIntentId: string, amount?: number): StripeRefund;
  /** Resolves once every webhook delivery under way, retries included, has finished. */
  flushWebhooks(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Stripe's documented test PaymentMethods, with the brand and the issuing country Stripe gives their
 * cards (the plain ones are American; `pm_card_ie` and `pm_card_de` are its Irish and German Visas);
 * any other id is unknown, as in test mode.
 */
const TEST_PAYMENT_METHODS: Record<
  string,
  { brand: string; country: string; declineCode?: string; message?: string }
> = {
  pm_card_visa: { brand: "visa", country: "US" },
  pm_card_mastercard: { brand: "mastercard", country: "US" },
  pm_card_ie: { brand: "visa", country: "IE" },
  pm_card_de: { brand: "visa", country: "DE" },
  pm_card_chargeDeclined: {
    brand: "visa",
    country: "US",
    declineCode: "generic_decline",
    message: "Your card was declined.",
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: "visa",
    country: "US",
    declineCode: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
};

const NO_REQUEST = { id: null, idempotency_key: null };

class StripeApiError extends Error {
  readonly status: number;
  readonly body: StripeErrorBody;
  constructor(status: number, body: StripeErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

/** Form params after bracket decoding: `metadata[user_id]=7` becomes `{ metadata: { user_id: "7" } }`. */
interface Params {
  [key: string]: string | Params;
}

interface RequestContext {
  request: StripeEvent["request"];
  /** Webhooks wait for this, so they follow the API response as Stripe's do. */
  replied: Promise<unknown>;
}

interface SavedIdempotentReply {
  endpoint: string;
  params: string;
  reply: FakeReply;
}

export async function startFakeStripe(options: StartFakeStripeOptions): Promise<FakeStripe> {
  const log = options.log ?? (() => {});
  const intents = new Map<string, StripePaymentIntent>();
  const charges = new Map<string, StripeCharge>();
  const refunds = new Map<string, StripeRefund>();
  const events = new Map<string, StripeEvent>();
  const idempotentReplies = new Map<string, SavedIdempotentReply>();
  const faults = new FaultPlan();
  const webhooks = new WebhookSender({
    url: options.webhookUrl,
    retryDelaysMs: options.webhookRetryDelaysMs,
    log: (message) => log(`stripe fake: ${message}`),
  });

  function createIntent(params: Params): StripePaymentIntent {
    const amount = requiredInteger(params, "amount");
    const currency = requiredString(params, "currency").toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}.`, "currency");
    const id = `pi_${randomId(24)}`;
    const intent: StripePaymentIntent = {
      id,
      object: "payment_intent",
      amount,
      amount_received: 0,
      currency,
      status: "requires_payment_method",
      client_secret: `${id}_secret_${randomId(25)}`,
      metadata: stringRecord(params.metadata),
      description: optionalString(params, "description"),
      receipt_email: optionalString(params, "receipt_email"),
      automatic_payment_methods: isRecord(params.automatic_payment_methods)
        ? { enabled: params.automatic_payment_methods.enabled === "true" }
        : null,
      payment_method: null,
      latest_charge: null,
      last_payment_error: null,
      capture_method: "automatic",
      confirmation_method: "automatic",
      created: nowInSeconds(),
      livemode: false,
    };
    intents.set(id, intent);
    return intent;
  }

  function findIntent(id: string): StripePaymentIntent {
    const intent = intents.get(id);
    if (!intent) throw missing(`No such payment_intent: '${id}'`, "intent");
    return intent;
  }

  function confirmIntent(intent: StripePaymentIntent, params: Params, context: RequestContext) {
    if (intent.status === "succeeded") {
      throw unexpectedState(
        "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.",
      );
    }
    const paymentMethodId = optionalString(params, "payment_method");
    if (!paymentMethodId) {
      throw unexpectedState(
        "You cannot confirm this PaymentIntent because it's missing a payment method. Update the PaymentIntent with a payment method and then confirm it again.",
      );
    }
    const card = TEST_PAYMENT_METHODS[paymentMethodId];
    if (!card) throw missing(`No such PaymentMethod: '${paymentMethodId}'`, "payment_method");

    if (card.declineCode) {
      const error: StripeErrorBody = {
        type: "card_error",
        code: "card_declined",
        decline_code: card.declineCode,
        message: card.message ?? "Your card was declined.",
      };
      // A declined intent waits for another payment method, as on Stripe.
      intent.status = "requires_payment_method";
      intent.payment_method = null;
      intent.last_payment_error = error;
      throw new StripeApiError(402, { ...error, payment_intent: structuredClone(intent) });
    }

    const charge: StripeCharge = {
      id: `ch_${randomId(24)}`,
      object: "charge",
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      paid: true,
      captured: true,
      refunded: false,
      status: "succeeded",
      payment_intent: intent.id,
      // Stripe turns the test shortcut into a fresh PaymentMethod object.
      payment_method: `pm_${randomId(24)}`,
      // A test PaymentMethod comes with no billing address: only the card's country is known.
      billing_details: { address: { country: null } },
      payment_method_details: { type: "card", card: { brand: card.brand, country: card.country } },
      metadata: { ...intent.metadata },
      receipt_email: intent.receipt_email,
      created: nowInSeconds(),
      livemode: false,
    };
    charges.set(charge.id, charge);
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    intent.latest_charge = charge.id;
    intent.payment_method = charge.payment_method;
    intent.last_payment_error = null;
    deliver(createEvent("payment_intent.succeeded", intent, context.request), context.replied);
  }

  function refundIntentOrCharge(params: Params, context: RequestContext): StripeRefund {
    const chargeId = optionalString(params, "charge");
    const intentId = optionalString(params, "payment_intent");
    let charge: StripeCharge | undefined;
    if (chargeId) {
      charge = charges.get(chargeId);
      if (!charge) throw missing(`No such charge: '${chargeId}'`, "charge");
    } else if (intentId) {
      const intent = findIntent(intentId);
      charge = typeof intent.latest_charge === "string" ? charges.get(intent.latest_charge) : undefined;
      if (!charge) throw unexpectedState("This PaymentIntent does not have a successful charge to refund.");
    } else {
      throw invalidRequest(
        "One of the following params should be provided for this request: payment_intent or charge.",
      );
    }

    const refundable = charge.amount - charge.amount_refunded;
    if (refundable === 0) {
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: `Charge ${charge.id} has already been refunded.`,
      });
    }
    const amount = params.amount === undefined ? refundable : requiredInteger(params, "amount");
    if (amount > refundable) {
      throw invalidRequest(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${refundable})`,
        "amount",
      );
    }

    const refund: StripeRefund = {
      id: `re_${randomId(24)}`,
      object: "refund",
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: "succeeded",
      reason: optionalString(params, "reason"),
      metadata: stringRecord(params.metadata),
      created: nowInSeconds(),
    };
    refunds.set(refund.id, refund);
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    deliver(createEvent("charge.refunded", charge, context.request, previous), context.replied);
    return refund;
  }

  /** Routes one authenticated API call; throws StripeApiError for Stripe's error answers. */
  function execute(method: string, path: string, params: Params, context: RequestContext): unknown {
    if (method === "POST" && path === "/v1/payment_intents") return view(createIntent(params), params);
    if (method === "POST" && path === "/v1/refunds")
      return structuredClone(refundIntentOrCharge(params, context));

    const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path);
    if (intentPath?.[1] && !intentPath[2] && method === "GET") return view(findIntent(intentPath[1]), params);
    if (intentPath?.[1] && intentPath[2] && method === "POST") {
      const intent = findIntent(intentPath[1]);
      confirmIntent(intent, params, context);
      return view(intent, params);
    }
    throw new StripeApiError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}). The Stripe fake serves payment intents and refunds only.`,
    });
  }

  /** The API response: a snapshot (so idempotent replays repeat it unchanged), expanded if asked. */
  function view(intent: StripePaymentIntent, params: Params): StripePaymentIntent {
    const snapshot = structuredClone(intent);
    const expand = isRecord(params.expand) ? Object.values(params.expand) : [];
    const charge = typeof intent.latest_charge === "string" ? charges.get(intent.latest_charge) : undefined;
    if (expand.includes("latest_charge") && charge) snapshot.latest_charge = structuredClone(charge);
    return snapshot;
  }

  async function handle(request: FakeRequest): Promise<FakeReply> {
    const requestId = `req_${randomId(14)}`;
    const headers = { "Request-Id": requestId, "Stripe-Version": Stripe.API_VERSION };
    const errorReply = (status: number, error: StripeErrorBody) => ({ status, headers, body: { error } });

    const injectedStatus = await faults.next();
    if (injectedStatus) {
      return errorReply(injectedStatus, {
        type: "api_error",
        message: "An unknown error occurred (injected by the Stripe fake).",
      });
    }

    const authorization = request.headers.authorization;
    if (!authorization?.startsWith("Bearer sk_")) {
      return errorReply(401, {
        type: "invalid_request_error",
        message: authorization
          ? "Invalid API Key provided. The Stripe fake accepts secret keys (sk_…) only."
          : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }

    const encoded = request.method === "GET" ? request.query : new URLSearchParams(request.body);
    const params = parseParams(encoded);
    const idempotencyKey = request.method === "POST" ? headerValue(request, "idempotency-key") : null;
    const context: RequestContext = {
      request: { id: requestId, idempotency_key: idempotencyKey },
      replied: request.replied,
    };
    const run = (): FakeReply => {
      try {
        return { status: 200, headers, body: execute(request.method, request.path, params, context) };
      } catch (error) {
        if (error instanceof StripeApiError) return errorReply(error.status, error.body);
        throw error;
      }
    };
    if (!idempotencyKey) return run();

    // Stripe replays the first answer for a reused key, and refuses the key for a different request.
    const endpoint = `${request.method} ${request.path}`;
    const fingerprint = JSON.stringify([...encoded].sort());
    const saved = idempotentReplies.get(idempotencyKey);
    if (saved && saved.endpoint !== endpoint) {
      return errorReply(400, {
        type: "idempotency_error",
        message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.endpoint}' vs '${endpoint}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
      });
    }
    if (saved && saved.params !== fingerprint) {
      return errorReply(400, {
        type: "idempotency_error",
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
      });
    }
    if (saved) return { ...saved.reply, headers: { ...headers, "Idempotent-Replayed": "true" } };

    const reply = run();
    idempotentReplies.set(idempotencyKey, { endpoint, params: fingerprint, reply });
    return reply;
  }

  function createEvent(
    type: string,
    object: object,
    request: StripeEvent["request"],
    previousAttributes?: Record<string, unknown>,
  ): StripeEvent {
    return {
      id: `evt_${randomId(24)}`,
      object: "event",
      type,
      api_version: Stripe.API_VERSION,
      created: nowInSeconds(),
      data: {
        object: structuredClone(object),
        ...(previousAttributes && { previous_attributes: previousAttributes }),
      },
      livemode: false,
      pending_webhooks: 1,
      request,
    };
  }

  function deliver(event: StripeEvent, after?: Promise<unknown>): void {
    events.set(event.id, event);
    // Stripe sends pretty-printed JSON; a receiver that re-serialises it breaks the signature, as it should.
    const payload = JSON.stringify(event, null, 2);
    const signedHeaders = () => ({
      "Content-Type": "application/json; charset=utf-8",
      "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.webhookSecret,
      }),
    });
    webhooks.send(event, payload, signedHeaders, after);
  }

  const server = await serveOnLoopback(handle, (message) => log(`stripe fake: ${message}`));
  const dashboard: RequestContext = { request: NO_REQUEST, replied: Promise.resolve() };

  return {
    url: server.url,
    port: server.port,
    intents,
    charges,
    refunds,
    events,
    deliveries: webhooks.deliveries,
    setWebhookUrl: (url) => {
      webhooks.url = url;
    },
    failNext: (count, status) => faults.failNext(count, status),
    delayNext: (ms, count) => faults.delayNext(ms, count),
    resendEvent: (eventId) => {
      const event = events.get(eventId);
      if (!event) throw new Error(`Stripe fake: no event ${eventId}`);
      deliver(event);
    },
    emit: (handMade) => {
      const event: StripeEvent = { ...createEvent(handMade.type, {}, NO_REQUEST), ...handMade };
      deliver(event);
      return event;
    },
    refund: (paymentIntentId, amount) => {
      const params: Params = { payment_intent: paymentIntentId };
      if (amount !== undefined) params.amount = String(amount);
      return structuredClone(refundIntentOrCharge(params, dashboard));
    },
    flushWebhooks: () => webhooks.flush(),
    close: async () => {
      webhooks.stop();
      await server.close();
    },
  };
}

function parseParams(encoded: URLSearchParams): Params {
  const root: Params = {};
  for (const [name, value] of encoded) {
    const keys = name.split("[").map((part) => part.replace(/\]$/, ""));
    const last = keys.pop() ?? "";
    let node = root;
    for (const key of keys) {
      const child = node[key];
      node = isRecord(child) ? child : (node[key] = {});
    }
    node[last] = value;
  }
  return root;
}

function isRecord(value: string | Params | undefined): value is Params {
  return typeof value === "object";
}

function stringRecord(value: string | Params | undefined): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

function optionalString(params: Params, name: string): string | null {
  const value = params[name];
  return typeof value === "string" && value !== "" ? value : null;
}

function requiredString(params: Params, name: string): string {
  const value = optionalString(params, name);
  if (value === null) {
    throw new StripeApiError(400, {
      type: "invalid_request_error",
      code: "parameter_missing",
      message: `Missing required param: ${name}.`,
      param: name,
    });
  }
  return value;
}

function requiredInteger(params: Params, name: string): number {
  const value = requiredString(params, name);
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new StripeApiError(400, {
      type: "invalid_request_error",
      code: "parameter_invalid_integer",
      message: `Invalid positive integer: ${value}`,
      param: name,
    });
  }
  return Number(value);
}

function headerValue(request: FakeRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === "string" && value !== "" ? value : null;
}

function invalidRequest(message: string, param?: string): StripeApiError {
  return new StripeApiError(400, { type: "invalid_request_error", message, ...(param && { param }) });
}

function missing(message: string, param: string): StripeApiError {
  return new StripeApiError(404, { type: "invalid_request_error", code: "resource_missing", message, param });
}

function unexpectedState(message: string): StripeApiError {
  return new StripeApiError(400, {
    type: "invalid_request_error",
    code: "payment_intent_unexpected_state",
    message,
  });
}

function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
