import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { buffer } from "node:stream/consumers";

/**
 * A local push service that speaks the real Web Push protocol, for tests and
 * local runs: RFC 8030 (a POST to the subscription's endpoint, with a TTL),
 * RFC 8292 (VAPID: `Authorization: vapid t=<ES256 JWT>, k=<public key>`,
 * checked as a push service checks it) and RFC 8291 (the aes128gcm body,
 * decrypted with the subscription's private key and auth secret, as the
 * browser would). Each message it takes is recorded, decrypted, and handed to
 * the `onMessage` listeners (a browser test relays it to Chromium with CDP's
 * `ServiceWorker.deliverPushMessage`).
 */

export interface FakeSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted body, parsed as JSON (the text itself when it isn't JSON). */
  payload: unknown;
  /** The decrypted body as text. */
  text: string;
  headers: http.IncomingHttpHeaders;
  /** The VAPID claims and public key the request was signed with. */
  vapid: { claims: Record<string, unknown>; publicKey: string };
}

interface RefusedPush {
  subscriptionId: string | null;
  status: number;
  reason: string;
}

export interface FakePushService {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** A browser's subscription: a P-256 key pair and auth secret made here; `applicationServerKey` binds it to those VAPID keys. */
  createSubscription(options?: { applicationServerKey?: string }): FakeSubscription;
  /** Answers 410 Gone for this subscription from now on (the browser unsubscribed). */
  gone(subscriptionId: string): void;
  /** Answers `status` to the next `times` pushes to this subscription (a push service having trouble). */
  fail(subscriptionId: string, status: number, times?: number): void;
  received: ReceivedPush[];
  refused: RefusedPush[];
  /** Called for every message taken; returns a function that stops listening. */
  onMessage(listener: (push: ReceivedPush) => void | Promise<void>): () => void;
  /** The first message (already taken or still to come) that `match` accepts. */
  waitFor(match: (push: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

interface Held {
  ecdh: crypto.ECDH;
  publicKey: Buffer;
  auth: Buffer;
  applicationServerKey: string | null;
  gone: boolean;
  failures: { status: number; times: number } | null;
}

/** Push services take at most 4096 bytes of body (RFC 8030 §7.2). */
const MAX_BODY = 4096;
const DAY_SECONDS = 24 * 60 * 60;

class Refusal extends Error {
  readonly status: number;
  constructor(status: number, reason: string) {
    super(reason);
    this.status = status;
  }
}

export async function startPushService(): Promise<FakePushService> {
  const subscriptions = new Map<string, Held>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  const listeners = new Set<(push: ReceivedPush) => void | Promise<void>>();
  let origin = "";
  const onMessage = (listener: (push: ReceivedPush) => void | Promise<void>) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  const server = http.createServer(async (req, res) => {
    const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? "")?.[1] ?? null;
    try {
      if (req.method !== "POST") throw new Refusal(405, "only POST delivers a push message");
      const held = id ? subscriptions.get(id) : undefined;
      if (!id || !held) throw new Refusal(404, "no such subscription");
      if (held.gone) throw new Refusal(410, "the subscription is gone");
      const vapid = checkVapid(req.headers.authorization, origin, held.applicationServerKey);
      if (!/^\d+$/.test(String(req.headers.ttl ?? "")))
        throw new Refusal(400, "TTL header missing or not a number");
      if (req.headers["content-encoding"] !== "aes128gcm")
        throw new Refusal(415, "Content-Encoding must be aes128gcm");
      const body = await buffer(req);
      if (body.length > MAX_BODY) throw new Refusal(413, "the body is over 4096 bytes");
      if (held.failures && held.failures.times > 0) {
        held.failures.times -= 1;
        throw new Refusal(held.failures.status, "told to fail");
      }
      const text = decrypt(body, held).toString("utf8");
      let payload: unknown = text;
      try {
        payload = JSON.parse(text);
      } catch {
        // Not JSON: the text is the payload.
      }
      const push: ReceivedPush = { subscriptionId: id, payload, text, headers: req.headers, vapid };
      received.push(push);
      for (const listener of listeners) await listener(push);
      res.writeHead(201, { location: `/message/${crypto.randomUUID()}` }).end();
    } catch (error) {
      const status = error instanceof Refusal ? error.status : 400;
      refused.push({ subscriptionId: id, status, reason: (error as Error).message });
      req.resume();
      res.writeHead(status, { "content-type": "text/plain" }).end((error as Error).message);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    createSubscription({ applicationServerKey } = {}) {
      const ecdh = crypto.createECDH("prime256v1");
      const publicKey = ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const id = crypto.randomBytes(12).toString("base64url");
      subscriptions.set(id, {
        ecdh,
        publicKey,
        auth,
        applicationServerKey: applicationServerKey?.replace(/=+$/, "") ?? null,
        gone: false,
        failures: null,
      });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: publicKey.toString("base64url"), auth: auth.toString("base64url") },
      };
    },
    gone(subscriptionId) {
      subscriptions.get(subscriptionId)!.gone = true;
    },
    fail(subscriptionId, status, times = 1) {
      subscriptions.get(subscriptionId)!.failures = { status, times };
    },
    received,
    refused,
    onMessage,
    waitFor(match, timeoutMs = 10_000) {
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`No push message matched within ${timeoutMs} ms`));
        }, timeoutMs);
        const stop = onMessage((push) => {
          if (!match(push)) return;
          clearTimeout(timer);
          stop();
          resolve(push);
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * RFC 8292: `vapid t=<JWT>, k=<key>`. The JWT is ES256, signed with the key in
 * `k`; its audience is the push service's origin, it expires within a day, and
 * it names who to contact. A subscription made for one application server key
 * takes messages signed with that key only.
 */
function checkVapid(
  authorization: string | undefined,
  origin: string,
  applicationServerKey: string | null,
): ReceivedPush["vapid"] {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? "");
  if (!match) throw new Refusal(401, "no VAPID Authorization header");
  const params = new Map(
    match[1]!.split(",").map((part) => {
      const [name, ...rest] = part.trim().split("=");
      return [name!.toLowerCase(), rest.join("=")] as const;
    }),
  );
  const token = params.get("t");
  const key = params.get("k");
  if (!token || !key) throw new Refusal(401, "the VAPID header needs t= and k=");
  const [encodedHeader, encodedClaims, encodedSignature, ...extra] = token.split(".");
  if (!encodedHeader || !encodedClaims || !encodedSignature || extra.length > 0)
    throw new Refusal(401, "t is not a JWT");
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(encodedHeader, "base64url").toString("utf8")) as Record<string, unknown>;
    claims = JSON.parse(Buffer.from(encodedClaims, "base64url").toString("utf8")) as Record<string, unknown>;
  } catch {
    throw new Refusal(401, "the JWT's header or claims are not JSON");
  }
  if (header.alg !== "ES256") throw new Refusal(403, "the JWT must be signed with ES256");
  const point = Buffer.from(key.replace(/=+$/, ""), "base64url");
  if (point.length !== 65 || point[0] !== 0x04) throw new Refusal(403, "k is not a P-256 public key");
  let publicKey: crypto.KeyObject;
  try {
    publicKey = crypto.createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33).toString("base64url"),
      },
      format: "jwk",
    });
  } catch {
    throw new Refusal(403, "k is not a point on P-256");
  }
  const signature = Buffer.from(encodedSignature, "base64url");
  const signed = crypto.verify(
    "sha256",
    Buffer.from(`${encodedHeader}.${encodedClaims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    signature,
  );
  if (!signed) throw new Refusal(403, "the JWT's signature does not match k");
  if (applicationServerKey !== null && key.replace(/=+$/, "") !== applicationServerKey)
    throw new Refusal(403, "k is not the key the subscription was made with");
  if (claims.aud !== origin) throw new Refusal(403, `aud must be ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== "number" || claims.exp <= now) throw new Refusal(403, "the JWT has expired");
  if (claims.exp > now + DAY_SECONDS) throw new Refusal(403, "exp is more than 24 hours ahead");
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub))
    throw new Refusal(403, "sub must be a mailto: or https: contact");
  return { claims, publicKey: key.replace(/=+$/, "") };
}

/**
 * RFC 8291 with RFC 8188's aes128gcm: the header (salt, record size, the
 * sender's ephemeral public key), then the records, each sealed with
 * AES-128-GCM under a key and nonce derived from the ECDH secret and the
 * subscription's auth secret; the last record's padding ends in 0x02.
 */
function decrypt(body: Buffer, held: Held): Buffer {
  if (body.length < 21) throw new Refusal(400, "the body is shorter than its header");
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderKey = body.subarray(21, 21 + keyIdLength);
  if (keyIdLength !== 65 || senderKey[0] !== 0x04)
    throw new Refusal(400, "the keyid is not the sender's P-256 public key");
  if (recordSize < 18) throw new Refusal(400, "the record size is too small");
  let secret: Buffer;
  try {
    secret = held.ecdh.computeSecret(senderKey);
  } catch {
    throw new Refusal(400, "the sender's key is not on P-256");
  }
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), held.publicKey, senderKey]);
  const ikm = Buffer.from(crypto.hkdfSync("sha256", secret, held.auth, keyInfo, 32));
  const cek = Buffer.from(
    crypto.hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16),
  );
  const baseNonce = Buffer.from(
    crypto.hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12),
  );
  const records = body.subarray(21 + keyIdLength);
  if (records.length === 0) throw new Refusal(400, "there is no record");
  const plain: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence += 1) {
    const record = records.subarray(offset, offset + recordSize);
    if (record.length < 17) throw new Refusal(400, "a record is shorter than its tag");
    const nonce = Buffer.from(baseNonce);
    // The nonce XOR the record's sequence number (a 96-bit number; ours stay within the last 32 bits).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let opened: Buffer;
    try {
      opened = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new Refusal(400, "the body does not decrypt with this subscription's keys");
    }
    const last = offset + recordSize >= records.length;
    let end = opened.length - 1;
    while (end >= 0 && opened[end] === 0) end -= 1;
    if (end < 0 || opened[end] !== (last ? 2 : 1)) throw new Refusal(400, "a record's padding is malformed");
    plain.push(opened.subarray(0, end));
  }
  return Buffer.concat(plain);
}
