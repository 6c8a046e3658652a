import crypto from "node:crypto";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPushService, type FakePushService } from "../../../tests/support/push-service.ts";
import { generateVapidKeys } from "./vapid.server.ts";

/**
 * The local push service stand-in (tests/support/push-service.ts) against
 * web-push itself: what web-push sends is taken and decrypted; what a real
 * push service refuses, it refuses.
 */

const keys = generateVapidKeys();
const SUBJECT = "mailto:owner@tidewell.example";

/** web-push's request, sent as it would be, with the VAPID header given or made by web-push. */
async function push(
  service: FakePushService,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  payload: string,
  options: { authorization?: string; vapid?: typeof keys; headers?: Record<string, string> } = {},
) {
  const vapid = options.vapid ?? keys;
  const details = webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: { subject: SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    TTL: 60,
    contentEncoding: "aes128gcm",
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(details.headers))
    if (name.toLowerCase() !== "content-length") headers.set(name, String(value));
  if (options.authorization !== undefined) headers.set("authorization", options.authorization);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return fetch(details.endpoint, { method: "POST", headers, body: new Uint8Array(details.body) });
}

/** A VAPID header signed by hand, with the claims a test wants. */
function vapidHeader(claims: Record<string, unknown>, signer = keys) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${encode({ typ: "JWT", alg: "ES256" })}.${encode(claims)}`;
  const point = Buffer.from(signer.publicKey, "base64url");
  const privateKey = crypto.createPrivateKey({
    key: {
      kty: "EC",
      crv: "P-256",
      d: signer.privateKey,
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signature = crypto.sign("sha256", Buffer.from(unsigned), {
    key: privateKey,
    dsaEncoding: "ieee-p1363",
  });
  return `vapid t=${unsigned}.${signature.toString("base64url")}, k=${signer.publicKey}`;
}

describe("the local push service", () => {
  let service: FakePushService;
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(async () => {
    await service.close();
  });

  it("takes a message signed and encrypted by web-push, decrypts it and tells its listeners", async () => {
    const subscription = service.createSubscription({ applicationServerKey: keys.publicKey });
    expect(subscription.endpoint).toBe(`${service.origin}/push/${subscription.id}`);
    const heard: unknown[] = [];
    const stop = service.onMessage((message) => void heard.push(message.payload));
    const message = { title: "Hello", body: "ünïcödé ✓", url: "/portal" };

    const response = await push(service, subscription, JSON.stringify(message));

    expect(response.status).toBe(201);
    const received = await service.waitFor((m) => m.subscriptionId === subscription.id);
    expect(received.payload).toEqual(message);
    expect(received.headers["content-encoding"]).toBe("aes128gcm");
    expect(received.headers.ttl).toBe("60");
    expect(received.vapid.claims).toMatchObject({ aud: service.origin, sub: SUBJECT });
    expect(received.vapid.publicKey).toBe(keys.publicKey);
    expect(heard).toEqual([message]);
    stop();
  });

  it("decrypts a message near the size limit", async () => {
    const subscription = service.createSubscription();
    const text = "x".repeat(3000);
    expect((await push(service, subscription, text)).status).toBe(201);
    expect((await service.waitFor((m) => m.subscriptionId === subscription.id)).text).toBe(text);
  });

  it.each([
    ["no VAPID header", () => "", 401],
    ["another scheme", () => "Bearer abc", 401],
    ["a JWT that isn't one", () => `vapid t=abc, k=${keys.publicKey}`, 401],
    ["an expired JWT", () => vapidHeader({ aud: service.origin, exp: now() - 60, sub: SUBJECT }), 403],
    [
      "a JWT good for more than a day",
      () => vapidHeader({ aud: service.origin, exp: now() + 25 * 3600, sub: SUBJECT }),
      403,
    ],
    [
      "another audience",
      () => vapidHeader({ aud: "https://fcm.googleapis.com", exp: now() + 3600, sub: SUBJECT }),
      403,
    ],
    ["no subject", () => vapidHeader({ aud: service.origin, exp: now() + 3600 }), 403],
    [
      "a signature by another key than k",
      () => {
        const other = generateVapidKeys();
        return vapidHeader({ aud: service.origin, exp: now() + 3600, sub: SUBJECT }, other).replace(
          /k=.*$/,
          `k=${keys.publicKey}`,
        );
      },
      403,
    ],
  ])("refuses %s", async (_label, authorization, status) => {
    const subscription = service.createSubscription();
    const response = await push(service, subscription, "{}", { authorization: authorization() });
    expect(response.status).toBe(status);
    expect(service.received.some((m) => m.subscriptionId === subscription.id)).toBe(false);
    expect(service.refused.find((r) => r.subscriptionId === subscription.id)?.status).toBe(status);
  });

  it("accepts a hand-signed JWT it should accept (the refusals above are for their reasons)", async () => {
    const subscription = service.createSubscription();
    const authorization = vapidHeader({ aud: service.origin, exp: now() + 3600, sub: SUBJECT });
    expect((await push(service, subscription, "{}", { authorization })).status).toBe(201);
  });

  it("refuses a message signed with keys other than the subscription's", async () => {
    const subscription = service.createSubscription({ applicationServerKey: keys.publicKey });
    const response = await push(service, subscription, "{}", { vapid: generateVapidKeys() });
    expect(response.status).toBe(403);
  });

  it("refuses a message encrypted for another browser, or sent without a TTL or in the old encoding", async () => {
    const subscription = service.createSubscription();
    const other = service.createSubscription();
    const wrongKeys = { endpoint: subscription.endpoint, keys: other.keys };
    expect((await push(service, wrongKeys, "{}")).status).toBe(400);
    expect((await push(service, subscription, "{}", { headers: { ttl: "" } })).status).toBe(400);
    expect(
      (await push(service, subscription, "{}", { headers: { "content-encoding": "aesgcm" } })).status,
    ).toBe(415);
  });

  it("answers 410 for a subscription that has gone, 404 for one it never had, and fails when told to", async () => {
    const subscription = service.createSubscription();
    service.fail(subscription.id, 500);
    expect((await push(service, subscription, "{}")).status).toBe(500);
    expect((await push(service, subscription, "{}")).status).toBe(201);
    service.gone(subscription.id);
    expect((await push(service, subscription, "{}")).status).toBe(410);
    const unknown = { ...subscription, endpoint: `${service.origin}/push/nobody` };
    expect((await push(service, unknown, "{}")).status).toBe(404);
  });
});
