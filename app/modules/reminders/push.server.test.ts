import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aMember } from "../../../tests/factories/index.ts";
import { startPushService, type FakePushService } from "../../../tests/support/push-service.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { createLogger } from "#app/platform/log.server.ts";
import {
  changePushSubscription,
  createPushSender,
  deletePushSubscription,
  forgetPushSubscription,
  hitSubscriptionLimit,
  MAX_SUBSCRIPTIONS_PER_MEMBER,
  PushDeliveryError,
  pushEndpointOptions,
  pushFromEnv,
  pushSubscriptionsOf,
  savePushSubscription,
  SUBSCRIPTION_LIMIT,
} from "./push.server.ts";
import { generateVapidKeys } from "./vapid.server.ts";

const device = (host = "fcm.googleapis.com") => ({
  endpoint: `https://${host}/fcm/send/${crypto.randomBytes(16).toString("base64url")}`,
  p256dh: crypto.createECDH("prime256v1").generateKeys().toString("base64url"),
  auth: crypto.randomBytes(16).toString("base64url"),
});
const body = (d: ReturnType<typeof device>) => ({
  endpoint: d.endpoint,
  keys: { p256dh: d.p256dh, auth: d.auth },
});
const deployed = { localPushService: null };

describe.each(testDialects)("her devices for push reminders, on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;
  const member = async () => (await aMember(db())).id;
  const endpointsOf = async (userId: string) =>
    (await pushSubscriptionsOf(db(), userId)).map((s) => s.endpoint);

  it("keeps a device's subscription for her, and saving it again writes nothing", async () => {
    const ana = await member();
    const phone = device();
    expect(await savePushSubscription(db(), ana, phone)).toMatchObject({ created: true });
    const [saved] = await pushSubscriptionsOf(db(), ana);
    expect(saved).toMatchObject(phone);

    expect(await savePushSubscription(db(), ana, phone, new Date(Date.now() + 60_000))).toEqual({
      id: saved!.id,
      created: false,
    });
    const [again] = await pushSubscriptionsOf(db(), ana);
    expect(again).toEqual(saved);
  });

  it("takes new keys for the same endpoint", async () => {
    const ana = await member();
    const phone = device();
    await savePushSubscription(db(), ana, phone);
    const renewed = { ...phone, auth: crypto.randomBytes(16).toString("base64url") };
    expect(await savePushSubscription(db(), ana, renewed)).toMatchObject({ created: false });
    expect(await pushSubscriptionsOf(db(), ana)).toEqual([expect.objectContaining(renewed)]);
  });

  it("moves an endpoint to the member the browser is signed in to now", async () => {
    const ana = await member();
    const sam = await member();
    const shared = device();
    const before = await savePushSubscription(db(), ana, shared);
    const after = await savePushSubscription(db(), sam, shared);
    expect(await endpointsOf(ana)).toEqual([]);
    expect(await endpointsOf(sam)).toEqual([shared.endpoint]);
    // A new row: what was queued for Ana's device (by its id) finds nothing.
    expect(after).toEqual({ id: expect.any(String), created: true });
    expect(after.id).not.toBe(before.id);
  });

  it(`keeps her newest ${MAX_SUBSCRIPTIONS_PER_MEMBER} devices`, async () => {
    const ana = await member();
    const start = Date.UTC(2026, 10, 1);
    const devices = Array.from({ length: MAX_SUBSCRIPTIONS_PER_MEMBER + 2 }, () => device());
    for (const [i, d] of devices.entries())
      await savePushSubscription(db(), ana, d, new Date(start + i * 1000));
    expect(await endpointsOf(ana)).toEqual(devices.slice(2).map((d) => d.endpoint));
  });

  it("holds the cap when her devices arrive all at once", async () => {
    const ana = await member();
    const devices = Array.from({ length: MAX_SUBSCRIPTIONS_PER_MEMBER + 5 }, () => device());
    await Promise.all(devices.map((d) => savePushSubscription(db(), ana, d)));
    expect(await endpointsOf(ana)).toHaveLength(MAX_SUBSCRIPTIONS_PER_MEMBER);
  });

  it("takes back only her own device", async () => {
    const ana = await member();
    const sam = await member();
    const hers = device();
    await savePushSubscription(db(), ana, hers);
    expect(await deletePushSubscription(db(), sam, hers.endpoint)).toBe(false);
    expect(await endpointsOf(ana)).toEqual([hers.endpoint]);
    expect(await deletePushSubscription(db(), ana, hers.endpoint)).toBe(true);
    expect(await endpointsOf(ana)).toEqual([]);
  });

  it("forgets a device its push service says is gone", async () => {
    const ana = await member();
    const [kept, gone] = [device(), device()];
    await savePushSubscription(db(), ana, kept);
    const { id } = await savePushSubscription(db(), ana, gone);
    await forgetPushSubscription(db(), id);
    expect(await endpointsOf(ana)).toEqual([kept.endpoint]);
  });

  it("goes with her account", async () => {
    const ana = await member();
    await savePushSubscription(db(), ana, device());
    await db().deleteFrom("user").where("id", "=", ana).execute();
    expect(
      await db().selectFrom("push_subscriptions").select("id").where("user_id", "=", ana).execute(),
    ).toEqual([]);
  });

  describe("as the device asks (POST /api/push-subscription)", () => {
    it("saves, then takes back", async () => {
      const ana = await member();
      const phone = device();
      expect(await changePushSubscription(db(), ana, body(phone), deployed)).toEqual({
        ok: true,
        saved: true,
        created: true,
      });
      expect(await changePushSubscription(db(), ana, body(phone), deployed)).toEqual({
        ok: true,
        saved: true,
        created: false,
      });
      expect(
        await changePushSubscription(db(), ana, { endpoint: phone.endpoint, unsubscribe: true }, deployed),
      ).toEqual({ ok: true, saved: false, removed: true });
      expect(await endpointsOf(ana)).toEqual([]);
    });

    it("keeps keys without their padding", async () => {
      const ana = await member();
      const phone = device();
      await changePushSubscription(
        db(),
        ana,
        { endpoint: phone.endpoint, keys: { p256dh: `${phone.p256dh}=`, auth: `${phone.auth}==` } },
        deployed,
      );
      expect(await pushSubscriptionsOf(db(), ana)).toEqual([expect.objectContaining(phone)]);
    });

    it.each([
      ["garbage", "nope", /Send \{ endpoint/],
      ["an http endpoint", { ...body(device()), endpoint: "http://fcm.googleapis.com/x" }, /https/],
      ["a private address", { ...body(device()), endpoint: "https://192.168.1.1/push" }, /public address/],
      [
        "a key that is no point on the curve",
        {
          ...body(device()),
          keys: {
            p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url"),
            auth: device().auth,
          },
        },
        /not a point on the curve/,
      ],
      ["a short auth", { ...body(device()), keys: { p256dh: device().p256dh, auth: "abc" } }, /keys\.auth/],
    ])("refuses %s with a message, and saves nothing", async (_label, request, message) => {
      const ana = await member();
      const change = await changePushSubscription(db(), ana, request, deployed);
      expect(change.ok).toBe(false);
      expect(!change.ok && change.error).toMatch(message);
      expect(await endpointsOf(ana)).toEqual([]);
    });

    it("takes the local push service, at its own origin, only on a local run that names it", async () => {
      const ana = await member();
      const local = { ...body(device()), endpoint: "http://127.0.0.1:9999/push/abc" };
      const otherPort = { ...body(device()), endpoint: "http://127.0.0.1:9998/push/abc" };
      const run = pushEndpointOptions(parseEnv({ LOCAL_PUSH_SERVICE: "http://127.0.0.1:9999" }));
      expect((await changePushSubscription(db(), ana, local, deployed)).ok).toBe(false);
      expect(await changePushSubscription(db(), ana, otherPort, run)).toMatchObject({ ok: false });
      expect((await changePushSubscription(db(), ana, local, run)).ok).toBe(true);
      expect(await endpointsOf(ana)).toEqual([local.endpoint]);
      // A deployment ignores it.
      const deployment = parseEnv({
        NODE_ENV: "production",
        BASE_URL: "https://tidewell.example",
        APP_SECRET: "d".repeat(48),
        LOCAL_PUSH_SERVICE: "http://127.0.0.1:9999",
      });
      expect(pushEndpointOptions(deployment)).toEqual({ localPushService: null });
    });
  });

  it(`lets ${SUBSCRIPTION_LIMIT.limit} changes a minute through, even all at once`, async () => {
    const ana = await member();
    const now = Date.now();
    const burst = await Promise.all(
      Array.from({ length: SUBSCRIPTION_LIMIT.limit + 10 }, () => hitSubscriptionLimit(db(), ana, now)),
    );
    expect(burst.filter((r) => r.allowed)).toHaveLength(SUBSCRIPTION_LIMIT.limit);
    expect(burst.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds > 0)).toBe(true);
    // Another member has her own.
    expect((await hitSubscriptionLimit(db(), await member(), now)).allowed).toBe(true);
    // A minute on, she has them again.
    expect((await hitSubscriptionLimit(db(), ana, now + 60_000)).allowed).toBe(true);
  });
});

describe("sending a reminder through a push service", () => {
  let service: FakePushService;
  const keys = { ...generateVapidKeys(), subject: "mailto:owner@tidewell.example" };
  const lines: string[] = [];
  const log = createLogger(
    "debug",
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  const sender = createPushSender({ keys, log });
  const message = {
    title: "A few calm minutes for today",
    body: "Today's practice is ready whenever you are.",
    url: "/portal/program#today",
    tag: "practice-reminder",
  };
  const asStored = (s: { endpoint: string; keys: { p256dh: string; auth: string } }) => ({
    endpoint: s.endpoint,
    ...s.keys,
  });

  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(async () => {
    await service.close();
  });

  it("encrypts and signs it so the push service takes it, and says it was sent", async () => {
    expect(sender.publicKey).toBe(keys.publicKey);
    const phone = service.createSubscription({ applicationServerKey: keys.publicKey });
    expect(await sender.send(asStored(phone), message)).toBe("sent");
    const pushed = await service.waitFor((m) => m.subscriptionId === phone.id);
    expect(pushed.payload).toEqual(message);
    expect(pushed.headers).toMatchObject({
      ttl: String(12 * 60 * 60),
      urgency: "normal",
      topic: "practice-reminder",
      "content-encoding": "aes128gcm",
    });
    expect(pushed.vapid.claims.sub).toBe(keys.subject);
  });

  it("says a device is gone when its push service answers 410 or 404", async () => {
    const phone = service.createSubscription();
    service.gone(phone.id);
    expect(await sender.send(asStored(phone), message)).toBe("gone");
    const never = { ...asStored(phone), endpoint: `${service.origin}/push/never-made` };
    expect(await sender.send(never, message)).toBe("gone");
  });

  it("throws on any other answer, so the job tries again", async () => {
    const phone = service.createSubscription();
    service.fail(phone.id, 500);
    await expect(sender.send(asStored(phone), message)).rejects.toMatchObject({
      name: "PushDeliveryError",
      status: 500,
    });
    service.fail(phone.id, 429);
    await expect(sender.send(asStored(phone), message)).rejects.toBeInstanceOf(PushDeliveryError);
    // The push service refuses another server's keys.
    const bound = service.createSubscription({ applicationServerKey: generateVapidKeys().publicKey });
    await expect(sender.send(asStored(bound), message)).rejects.toMatchObject({ status: 403 });
    expect(await sender.send(asStored(phone), message)).toBe("sent");
  });

  it("throws when the push service can't be reached or doesn't answer in time", async () => {
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    const phone = asStored(service.createSubscription());
    const quick = createPushSender({ keys, log, timeoutMs: 200 });
    await expect(
      quick.send({ ...phone, endpoint: `http://127.0.0.1:${port}/push/x` }, message),
    ).rejects.toThrow(/timed out/);
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
    await expect(
      quick.send({ ...phone, endpoint: `http://127.0.0.1:${port}/push/x` }, message),
    ).rejects.toThrow(/could not be reached/);
  });

  it("refuses a message too large for a push", async () => {
    const phone = asStored(service.createSubscription());
    await expect(sender.send(phone, { ...message, body: "x".repeat(5000) })).rejects.toThrow(/at most/);
  });

  it("never logs an endpoint or a key", () => {
    const logged = lines.join("");
    expect(logged).toContain('"status":500');
    expect(logged).not.toContain(service.origin.replace("http://", ""));
    expect(logged).not.toContain("/push/");
    expect(logged).not.toContain(keys.privateKey);
    for (const pushed of service.received) {
      expect(logged).not.toContain(pushed.subscriptionId);
    }
  });
});

describe("the sender the app starts with", () => {
  const logged = () => {
    const lines: string[] = [];
    const log = createLogger(
      "info",
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    return { log, lines };
  };
  const made: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-push-env-"));
    made.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("uses the keys from the environment, or else keeps its own in DATA_DIR", () => {
    const pair = generateVapidKeys();
    const configured = parseEnv({
      DATA_DIR: dataDir(),
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
    });
    expect(pushFromEnv(configured, logged().log).publicKey).toBe(pair.publicKey);
    const local = parseEnv({ DATA_DIR: dataDir() });
    const first = pushFromEnv(local, logged().log).publicKey;
    expect(pushFromEnv(local, logged().log).publicKey).toBe(first);
    expect(first).not.toBe(pair.publicKey);
  });

  it("warns when instances sharing a database would each make their own keys", () => {
    const shared = {
      DATA_DIR: dataDir(),
      DATABASE_URL: "postgres://db/app",
      BASE_URL: "https://tidewell.example",
      APP_SECRET: "s".repeat(32),
    };
    const generated = logged();
    pushFromEnv(parseEnv(shared), generated.log);
    expect(generated.lines.join("")).toMatch(/set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    const pair = generateVapidKeys();
    const configured = logged();
    pushFromEnv(
      parseEnv({ ...shared, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey }),
      configured.log,
    );
    expect(configured.lines).toEqual([]);
  });
});
