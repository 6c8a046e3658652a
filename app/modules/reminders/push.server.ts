import crypto from "node:crypto";
import type * as WebPush from "web-push";
import { oneAtATimeFor, type Db } from "#app/platform/db.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import { isLoopbackOrigin } from "#app/platform/env.server.ts";
import type { Logger } from "#app/platform/log.server.ts";
import { hitLimit, limitKey, type LimitResult, type LimitRule } from "#app/platform/rate-limit.server.ts";
import {
  decodeBase64Url,
  readPushSubscriptionBody,
  type EndpointOptions,
  type PushSubscriptionKeys,
  type PushSubscriptionRequest,
} from "./push-subscription.ts";
import { defaultVapidSubject, loadVapidKeys, type VapidKeys } from "./vapid.server.ts";

export { type VapidKeys } from "./vapid.server.ts";
export type { PushSubscriptionKeys } from "./push-subscription.ts";

/**
 * Web Push (RFC 8030, 8291, 8292): the devices she allowed to show her
 * reminders (`push_subscriptions`, this module's table), and the sender that
 * encrypts a message for one of them and hands it to its push service. An
 * endpoint is a capability (whoever knows it can push to her browser) and the
 * keys decrypt her messages: neither is ever logged.
 */

/** A member keeps at most this many devices; a new one beyond it replaces her oldest. */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 10;
/** Saving and taking back subscriptions, per member: the profile page does it once a visit at most. */
export const SUBSCRIPTION_LIMIT: LimitRule = { limit: 20, windowSeconds: 60 };
/** A reminder not delivered within 12 hours (the phone off all day) is not worth showing. */
const PUSH_TTL_SECONDS = 12 * 60 * 60;
/** RFC 8291 allows 4096 bytes of record; aes128gcm takes 86 of them, and the padding delimiter one. */
const MAX_PAYLOAD_BYTES = 4096 - 86 - 1;

interface PushMessage {
  title: string;
  body: string;
  /** The portal page the notification opens (the worker opens only /portal pages). */
  url: string;
  /** Notifications with the same tag replace each other on the device; also the push service's topic. */
  tag?: string;
}

type PushOutcome = "sent" | "gone";

export interface PushSender {
  /** The browser's `applicationServerKey`, for the profile page. */
  publicKey: string;
  /**
   * Sends one message to one device: "sent" once its push service has it,
   * "gone" when the push service says the subscription no longer exists
   * (404, 410: forget it). Throws on anything else (try again later).
   */
  send(
    subscription: Pick<PushSubscriptionKeys, "endpoint" | "p256dh" | "auth">,
    message: PushMessage,
  ): Promise<PushOutcome>;
}

// web-push is large and only the reminder job sends: it loads with the first push, not at boot.
// It is CommonJS: its functions are on the default export.
let webPush: Promise<typeof WebPush> | undefined;
const loadWebPush = () =>
  (webPush ??= import("web-push").then(
    (module) => (module as unknown as { default: typeof WebPush }).default,
  ));

/** A push the push service did not take; `status` is its HTTP status, or null when it could not be reached. */
export class PushDeliveryError extends Error {
  override name = "PushDeliveryError";
  readonly status: number | null;
  /** What a 429 or 503 asked for, when it said. */
  readonly retryAfterSeconds: number | null;
  constructor(message: string, status: number | null, retryAfterSeconds: number | null = null) {
    super(message);
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function createPushSender({
  keys,
  log,
  timeoutMs = 10_000,
  fetch: send = globalThis.fetch,
}: {
  keys: VapidKeys;
  log: Logger;
  timeoutMs?: number;
  /** Tests hand in their own. */
  fetch?: typeof globalThis.fetch;
}): PushSender {
  const vapidDetails = { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  return {
    publicKey: keys.publicKey,
    async send(subscription, message) {
      const payload = JSON.stringify({
        title: message.title,
        body: message.body,
        url: message.url,
        ...(message.tag ? { tag: message.tag } : {}),
      });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
        throw new Error(`A push message can carry at most ${MAX_PAYLOAD_BYTES} bytes`);
      const webpush = await loadWebPush();
      // web-push encrypts (aes128gcm) and signs (VAPID); the request itself goes out here, so it
      // has a timeout, follows no redirect, and can reach the local push service stand-in over http.
      const details = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails,
          TTL: PUSH_TTL_SECONDS,
          urgency: "normal",
          contentEncoding: "aes128gcm",
          // A device that was off gets one reminder, not a day's worth: a newer push replaces a waiting one.
          ...(message.tag && /^[A-Za-z0-9_-]{1,32}$/.test(message.tag) ? { topic: message.tag } : {}),
        },
      );
      const headers = new Headers();
      for (const [name, value] of Object.entries(details.headers)) {
        if (name.toLowerCase() !== "content-length") headers.set(name, String(value));
      }
      let response: Response;
      try {
        response = await send(details.endpoint, {
          method: "POST",
          headers,
          body: new Uint8Array(details.body),
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const why = (error as Error).name === "TimeoutError" ? "timed out" : "could not be reached";
        log.warn({ push: { status: null, why } }, "push service unreachable");
        throw new PushDeliveryError(`The push service ${why}`, null);
      }
      // Its body says nothing we need, and may repeat the endpoint.
      await response.body?.cancel().catch(() => {});
      const { status } = response;
      if (status >= 200 && status < 300) {
        log.debug({ push: { status } }, "push sent");
        return "sent";
      }
      if (status === 404 || status === 410) {
        log.info({ push: { status } }, "push subscription gone");
        return "gone";
      }
      const retryAfter = Number(response.headers.get("retry-after"));
      log.warn({ push: { status } }, "push not accepted");
      throw new PushDeliveryError(
        `The push service answered ${status}`,
        status,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      );
    },
  };
}

/**
 * The sender the app runs with: keys from the environment, or generated in the
 * data directory. Instances that share a database must share the keys too (a
 * device subscribed with one instance's key can't be sent to with another's),
 * so a deployment on a shared database with generated keys is warned about.
 */
export function pushFromEnv(env: Env, log: Logger): PushSender {
  const keys = loadVapidKeys({
    dataDir: env.DATA_DIR,
    publicKey: env.VAPID_PUBLIC_KEY,
    privateKey: env.VAPID_PRIVATE_KEY,
    subject: env.VAPID_SUBJECT ?? defaultVapidSubject({ baseUrl: env.BASE_URL, ownerEmail: env.OWNER_EMAIL }),
  });
  if (keys.source !== "environment" && env.DATABASE_URL && !isLoopbackOrigin(env.BASE_URL)) {
    log.warn(
      "VAPID keys were generated in DATA_DIR: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, the same on every instance, or reminders sent from another instance won't reach the devices",
    );
  }
  return createPushSender({ keys, log });
}

/** The devices she allowed, oldest first. */
export async function pushSubscriptionsOf(db: Db, userId: string) {
  return db
    .selectFrom("push_subscriptions")
    .select(["id", "endpoint", "p256dh", "auth", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/**
 * Keeps a device's subscription for her. An endpoint is one browser profile:
 * if another member had it (the browser was signed in to another account),
 * it is hers now. She keeps her newest MAX_SUBSCRIPTIONS_PER_MEMBER devices.
 * Saving what is already saved writes nothing.
 */
export async function savePushSubscription(
  db: Db,
  userId: string,
  subscription: PushSubscriptionKeys,
  now = new Date(),
): Promise<{ id: string; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    await oneAtATimeFor(trx, userId);
    const existing = await trx
      .selectFrom("push_subscriptions")
      .select(["id", "user_id", "p256dh", "auth"])
      .where("endpoint", "=", subscription.endpoint)
      .executeTakeFirst();
    if (
      existing &&
      existing.user_id === userId &&
      existing.p256dh === subscription.p256dh &&
      existing.auth === subscription.auth
    ) {
      return { id: existing.id, created: false };
    }
    // Another member's until now: a new row, so nothing queued for her (by its id) reaches this browser.
    const moved = existing !== undefined && existing.user_id !== userId;
    if (moved) await trx.deleteFrom("push_subscriptions").where("id", "=", existing.id).execute();
    const row = await trx
      .insertInto("push_subscriptions")
      .values({
        id: crypto.randomUUID(),
        user_id: userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        created_at: now.toISOString(),
      })
      .onConflict((oc) =>
        oc.column("endpoint").doUpdateSet((eb) => ({
          user_id: eb.ref("excluded.user_id"),
          p256dh: eb.ref("excluded.p256dh"),
          auth: eb.ref("excluded.auth"),
          created_at: eb.ref("excluded.created_at"),
        })),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    const beyond = await trx
      .selectFrom("push_subscriptions")
      .select("id")
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .offset(MAX_SUBSCRIPTIONS_PER_MEMBER)
      .limit(1000)
      .execute();
    if (beyond.length > 0) {
      await trx
        .deleteFrom("push_subscriptions")
        .where(
          "id",
          "in",
          beyond.map((b) => b.id),
        )
        .execute();
    }
    return { id: row.id, created: !existing || moved };
  });
}

/** Takes back one of her devices; another member's endpoint is left alone. True when one was removed. */
export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom("push_subscriptions")
    .where("user_id", "=", userId)
    .where("endpoint", "=", endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Where this run may send besides the browsers' push services: the local stand-in, on a local run only. */
export function pushEndpointOptions(env: Pick<Env, "demo" | "LOCAL_PUSH_SERVICE">): EndpointOptions {
  return {
    localPushService: env.demo && env.LOCAL_PUSH_SERVICE ? new URL(env.LOCAL_PUSH_SERVICE).origin : null,
  };
}

/** Forgets a device its push service says is gone (the reminder job, on "gone"). */
export async function forgetPushSubscription(db: Db, id: string): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("id", "=", id).execute();
}

/** Counts one save or removal against her limit (SUBSCRIPTION_LIMIT). */
export function hitSubscriptionLimit(db: Db, userId: string, now = Date.now()): Promise<LimitResult> {
  return hitLimit(db, limitKey("push-subscription", userId), SUBSCRIPTION_LIMIT, now);
}

export type SubscriptionChange =
  | { ok: true; saved: true; created: boolean }
  | { ok: true; saved: false; removed: boolean }
  | { ok: false; error: string };

/**
 * What `POST /api/push-subscription` does with a body (the route's one call):
 * checks it (a local run also takes its local push service stand-in, at its
 * own origin), then saves or takes back her device. Bad input changes nothing.
 */
export async function changePushSubscription(
  db: Db,
  userId: string,
  body: unknown,
  options: EndpointOptions,
): Promise<SubscriptionChange> {
  const read = readPushSubscriptionBody(body, options);
  if (!read.ok) return read;
  const request: PushSubscriptionRequest = read.value;
  if ("unsubscribe" in request) {
    return { ok: true, saved: false, removed: await deletePushSubscription(db, userId, request.endpoint) };
  }
  const p256dh = request.keys.p256dh.replace(/=+$/, "");
  if (!isOnCurve(p256dh))
    return {
      ok: false,
      error: "keys.p256dh must be the browser's P-256 public key: it is not a point on the curve.",
    };
  const saved = await savePushSubscription(db, userId, {
    endpoint: request.endpoint,
    p256dh,
    auth: request.keys.auth.replace(/=+$/, ""),
  });
  return { ok: true, saved: true, created: saved.created };
}

/** Whether 65 bytes are a point on P-256 (encrypting to anything else would fail at every reminder). */
function isOnCurve(p256dh: string): boolean {
  const point = decodeBase64Url(p256dh);
  if (!point) return false;
  try {
    crypto.ECDH.convertKey(Buffer.from(point), "prime256v1");
    return true;
  } catch {
    return false;
  }
}
