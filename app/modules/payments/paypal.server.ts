import type { Price } from "./price.ts";

/**
 * PayPal's Orders v2 API over plain HTTPS: what the PayPal gateway speaks. The server creates the order with its own
 * amount and currency and captures it itself; what the browser says grants
 * nothing. Each operation gives up within 10 s, fetching an access token included.
 */
const TIMEOUT_MS = 10_000;

export const PAYPAL_API = {
  sandbox: "https://api-m.sandbox.paypal.com",
  live: "https://api-m.paypal.com",
} as const;

type CaptureResult =
  | {
      status: "COMPLETED";
      captureId: string;
      amountMinor: number;
      currency: string;
      /** Her PayPal account's country (ISO 3166 alpha-2), when PayPal says. */
      billingCountry: string | null;
    }
  | { status: "PENDING"; captureId: string }
  | { status: "DECLINED"; message: string };

export interface PayPalApi {
  clientId: string;
  /** The browser SDK's environment. */
  env: "sandbox" | "live" | "demo";
  createOrder(args: { price: Price; userId: string; requestId: string }): Promise<{ id: string }>;
  captureOrder(orderId: string, requestId: string): Promise<CaptureResult>;
  /** Refunds a capture in full; a capture refunded already counts as done. */
  refundCapture(captureId: string, requestId: string): Promise<void>;
  /** The country of the payer of an order (ISO 3166 alpha-2), when PayPal says. */
  payerCountry(orderId: string): Promise<string | null>;
  /** Asks PayPal whether a webhook call really came from it. */
  verifyWebhook(headers: Headers, event: unknown): Promise<boolean>;
  /** The demo checkout only: approves the order as the buyer would in PayPal's window. */
  approveForDemo?(orderId: string): Promise<void>;
}

class PayPalError extends Error {
  readonly status: number;
  readonly issue?: string;
  constructor(message: string, status: number, issue?: string) {
    super(message);
    this.status = status;
    this.issue = issue;
  }
}

export function toMinor(value: string): number {
  return Math.round(Number.parseFloat(value) * 100);
}

export function createPayPalApi(options: {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  env: "sandbox" | "live" | "demo";
  webhookId?: string;
  approve?: (orderId: string) => Promise<void>;
  /** How long an operation may take in all; 10 s unless a test needs less. */
  timeoutMs?: number;
}): PayPalApi {
  let token: { value: string; expiresAt: number } | null = null;

  /** One deadline for the whole operation: the token request and the call share it. */
  async function call<T>(
    path: string,
    init: RequestInit & { json?: unknown } = {},
    signal = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
  ): Promise<T> {
    const headers = new Headers(init.headers);
    if (path !== "/v1/oauth2/token") headers.set("Authorization", `Bearer ${await accessToken(signal)}`);
    if (init.json !== undefined) headers.set("Content-Type", "application/json");
    const response = await fetch(`${options.apiBase}${path}`, {
      ...init,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      signal,
    });
    const body = (await response.json().catch(() => ({}))) as T & {
      message?: string;
      details?: { issue?: string }[];
    };
    if (!response.ok) {
      throw new PayPalError(
        body.message ?? `PayPal answered ${response.status}`,
        response.status,
        body.details?.[0]?.issue,
      );
    }
    return body;
  }

  async function accessToken(signal: AbortSignal) {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64");
    const body = await call<{ access_token: string; expires_in: number }>(
      "/v1/oauth2/token",
      {
        method: "POST",
        headers: { Authorization: `Basic ${basic}`, "Content-Type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      },
      signal,
    );
    token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return token.value;
  }

  return {
    clientId: options.clientId,
    env: options.env,
    async createOrder({ price, userId, requestId }) {
      const order = await call<{ id: string }>("/v2/checkout/orders", {
        method: "POST",
        headers: { "PayPal-Request-Id": requestId },
        json: {
          intent: "CAPTURE",
          purchase_units: [
            {
              amount: { currency_code: price.currency, value: (price.amountMinor / 100).toFixed(2) },
              custom_id: userId,
              description: "Tidewell Complete Course",
            },
          ],
        },
      });
      return { id: order.id };
    },
    async captureOrder(orderId, requestId) {
      try {
        const order = await call<{
          status: string;
          payer?: { address?: { country_code?: string } };
          purchase_units?: {
            payments?: {
              captures?: { id: string; status: string; amount: { currency_code: string; value: string } }[];
            };
          }[];
        }>(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
          method: "POST",
          headers: { "PayPal-Request-Id": requestId },
          json: {},
        });
        const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
        if (!capture) return { status: "DECLINED", message: "PayPal returned no capture" };
        if (capture.status === "COMPLETED") {
          return {
            status: "COMPLETED",
            captureId: capture.id,
            amountMinor: toMinor(capture.amount.value),
            currency: capture.amount.currency_code,
            billingCountry: order.payer?.address?.country_code ?? null,
          };
        }
        if (capture.status === "PENDING") return { status: "PENDING", captureId: capture.id };
        return { status: "DECLINED", message: `PayPal capture ${capture.status.toLowerCase()}` };
      } catch (error) {
        if (error instanceof PayPalError && error.status === 422)
          return { status: "DECLINED", message: error.issue ?? error.message };
        throw error;
      }
    },
    async refundCapture(captureId, requestId) {
      try {
        await call(`/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
          method: "POST",
          headers: { "PayPal-Request-Id": requestId },
          json: {},
        });
      } catch (error) {
        if (error instanceof PayPalError && error.issue === "CAPTURE_FULLY_REFUNDED") return;
        throw error;
      }
    },
    async payerCountry(orderId) {
      const order = await call<{ payer?: { address?: { country_code?: string } } }>(
        `/v2/checkout/orders/${encodeURIComponent(orderId)}`,
        { method: "GET" },
      );
      return order.payer?.address?.country_code ?? null;
    },
    async verifyWebhook(headers, event) {
      if (!options.webhookId) return false;
      const header = (name: string) => headers.get(name) ?? "";
      const result = await call<{ verification_status: string }>(
        "/v1/notifications/verify-webhook-signature",
        {
          method: "POST",
          json: {
            auth_algo: header("paypal-auth-algo"),
            cert_url: header("paypal-cert-url"),
            transmission_id: header("paypal-transmission-id"),
            transmission_sig: header("paypal-transmission-sig"),
            transmission_time: header("paypal-transmission-time"),
            webhook_id: options.webhookId,
            webhook_event: event,
          },
        },
      );
      return result.verification_status === "SUCCESS";
    },
    approveForDemo: options.approve,
  };
}
