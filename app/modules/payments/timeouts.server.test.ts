import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createPayPalApi } from "./paypal.server.ts";
import { createStripeApi } from "./stripe.server.ts";

/**
 * A provider that takes the request and never answers must not hold the
 * member for longer than the call's budget (10 s in production; shorter here).
 * The elapsed times are upper bounds with a wide margin, not benchmarks.
 */
interface Silent {
  url: string;
  requests: { path: string; idempotencyKey?: string }[];
  close(): Promise<void>;
}

const open: Silent[] = [];
afterEach(async () => {
  for (const server of open.splice(0)) await server.close();
});

/** Answers `answer` for the paths it knows (after `delayMs`), and nothing at all for the rest. */
async function silentProvider(answers: Record<string, unknown> = {}, delayMs = 0): Promise<Silent> {
  const requests: Silent["requests"] = [];
  const server = http.createServer((req, res) => {
    requests.push({
      path: req.url ?? "",
      idempotencyKey: req.headers["idempotency-key"] as string | undefined,
    });
    const answer = answers[req.url ?? ""];
    if (answer === undefined) return; // never answers
    setTimeout(
      () => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(answer)),
      delayMs,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const silent = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  open.push(silent);
  return silent;
}

async function elapsed(work: () => Promise<unknown>) {
  const started = Date.now();
  await expect(work()).rejects.toThrow();
  return Date.now() - started;
}

describe("calls to a payment provider that never answers", () => {
  it("Stripe: give up within the budget, its one retry included, with the same idempotency key", async () => {
    const stripe = await silentProvider();
    const api = createStripeApi({
      secretKey: "sk_test_silent",
      publishableKey: "pk_test_silent",
      webhookSecret: "whsec_silent",
      apiBase: stripe.url,
      timeoutMs: 2000,
    });
    const ms = await elapsed(() =>
      api.createPaymentIntent({
        userId: "u1",
        price: { amountMinor: 2700, currency: "EUR" },
        idempotencyKey: "course-u1",
      }),
    );
    // Each attempt waiting the whole budget would take 4.5 s.
    expect(ms).toBeLessThan(3000);
    expect(stripe.requests.map((r) => r.idempotencyKey)).toEqual(["course-u1", "course-u1"]);
  });

  it("PayPal: give up within the budget, the access token's request included", async () => {
    // The token comes slowly (half the budget, so a busy machine still sends the order within it),
    // then the order is never answered.
    const paypal = await silentProvider(
      { "/v1/oauth2/token": { access_token: "token", expires_in: 3600 } },
      1000,
    );
    const api = createPayPalApi({
      clientId: "client",
      clientSecret: "secret",
      apiBase: paypal.url,
      env: "sandbox",
      timeoutMs: 2000,
    });
    const ms = await elapsed(() =>
      api.createOrder({ price: { amountMinor: 2700, currency: "EUR" }, userId: "u1", requestId: "r1" }),
    );
    // A fresh budget for the order after the slow token would take at least 3 s.
    expect(ms).toBeLessThan(3000);
    expect(paypal.requests.map((r) => r.path)).toEqual(["/v1/oauth2/token", "/v2/checkout/orders"]);
  });
});
