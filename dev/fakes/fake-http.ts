/**
 * Plumbing shared by the Stripe and PayPal fakes: a loopback HTTP server, injected faults, and webhook
 * delivery with retries. Provider-specific wire formats live in the fakes themselves.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Settles once the response has gone out (or the client gave up): webhooks wait for it, as real providers' do. */
  replied: Promise<void>;
}

export interface FakeReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface LoopbackServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1_000_000;

/** Serves `handle` on 127.0.0.1 at a free port. A handler that throws answers 500, like a provider outage. */
export async function serveOnLoopback(
  handle: (request: FakeRequest) => Promise<FakeReply>,
  log: (message: string) => void,
): Promise<LoopbackServer> {
  const server = http.createServer(async (req, res) => {
    const replied = new Promise<void>((resolve) => res.once("close", () => resolve()));
    let reply: FakeReply;
    try {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const body = await readBody(req);
      reply = await handle({
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        replied,
      });
    } catch (error) {
      log(`fake crashed on ${req.method} ${req.url}: ${String(error)}`);
      reply = { status: 500, body: { message: "The fake failed to handle this request." } };
    }
    // The path only: a query can carry a sign-in's state or a code.
    log(`${req.method} ${(req.url ?? "/").split("?")[0]} -> ${reply.status}`);
    // The client may have timed out during an injected delay; there is nobody left to answer.
    if (res.destroyed) return;
    // A page or a redirect names its own type; everything else is a JSON API answer.
    const ownType = reply.headers?.["Content-Type"] !== undefined && typeof reply.body === "string";
    res.writeHead(reply.status, { "Content-Type": "application/json", ...reply.headers });
    res.end(ownType ? reply.body : JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error("request body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Faults that tests (and curious demo users) can queue up for the next API calls. */
export class FaultPlan {
  private failures: number[] = [];
  private delays: number[] = [];

  /** The next `count` API calls answer `status` without doing anything. */
  failNext(count = 1, status = 500): void {
    for (let i = 0; i < count; i++) this.failures.push(status);
  }

  /** The next `count` API calls wait `ms` before being handled, so clients can hit their timeouts. */
  delayNext(ms: number, count = 1): void {
    for (let i = 0; i < count; i++) this.delays.push(ms);
  }

  /** Called once per API call: waits out a queued delay, then returns a queued failure status, if any. */
  async next(): Promise<number | undefined> {
    const delay = this.delays.shift();
    if (delay) await sleep(delay);
    return this.failures.shift();
  }
}

export interface WebhookDelivery {
  url: string;
  eventId: string;
  eventType: string;
  /** 1 for the first attempt, 2 for the first retry… */
  attempt: number;
  /** The receiver's HTTP status, or null when it could not be reached. */
  status: number | null;
  error?: string;
}

const DEFAULT_RETRY_DELAYS_MS = [200, 1000, 3000];

export interface WebhookSenderOptions {
  url?: string;
  /** Pauses between attempts; its length is the number of retries. A few seconds in all by default. */
  retryDelaysMs?: readonly number[];
  log: (message: string) => void;
}

/** Posts events to one receiver, retrying with back-off on a non-2xx answer or a connection error. */
export class WebhookSender {
  url: string | undefined;
  readonly deliveries: WebhookDelivery[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stopped = new AbortController();

  private readonly options: WebhookSenderOptions;

  constructor(options: WebhookSenderOptions) {
    this.options = options;
    this.url = options.url;
  }

  /**
   * Delivers `payload` once `after` settles. `headersFor` runs before every attempt because providers
   * sign each attempt afresh (a retry carries a new timestamp).
   */
  send(
    event: { id: string; type: string },
    payload: string,
    headersFor: () => Record<string, string>,
    after: Promise<unknown> = Promise.resolve(),
  ): void {
    const url = this.url;
    if (!url) {
      this.options.log(`no webhook URL set: ${event.type} ${event.id} not delivered`);
      return;
    }
    const delivery = after.then(() => this.deliverWithRetries(url, event, payload, headersFor));
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
  }

  /** Resolves when every delivery under way, retries included, has finished. */
  async flush(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Abandons pending retries, so a closed fake leaves no timers behind. */
  stop(): void {
    this.stopped.abort();
  }

  private async deliverWithRetries(
    url: string,
    event: { id: string; type: string },
    payload: string,
    headersFor: () => Record<string, string>,
  ): Promise<void> {
    for (let attempt = 1; !this.stopped.signal.aborted; attempt++) {
      const delivery: WebhookDelivery = {
        url,
        eventId: event.id,
        eventType: event.type,
        attempt,
        status: null,
      };
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: headersFor(),
          body: payload,
          signal: AbortSignal.any([this.stopped.signal, AbortSignal.timeout(10_000)]),
        });
        await response.arrayBuffer();
        delivery.status = response.status;
      } catch (error) {
        delivery.error = error instanceof Error ? error.message : String(error);
      }
      this.deliveries.push(delivery);
      this.options.log(
        `webhook ${event.type} ${event.id} attempt ${attempt} -> ${delivery.status ?? delivery.error}`,
      );
      if (delivery.status !== null && delivery.status >= 200 && delivery.status < 300) return;

      const pause = (this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS)[attempt - 1];
      if (pause === undefined) return;
      try {
        await sleep(pause, undefined, { signal: this.stopped.signal });
      } catch {
        return; // stopped
      }
    }
  }
}

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random id characters; `upperCaseOnly` for PayPal-style ids. */
export function randomId(length: number, upperCaseOnly = false): string {
  const alphabet = upperCaseOnly ? ALPHANUMERIC.slice(0, 36) : ALPHANUMERIC;
  let id = "";
  for (let i = 0; i < length; i++) id += alphabet[crypto.randomInt(alphabet.length)];
  return id;
}
