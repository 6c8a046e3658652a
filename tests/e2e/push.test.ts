import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPushSender,
  pushSubscriptionsOf,
  SUBSCRIPTION_LIMIT,
} from "#app/modules/reminders/push.server.ts";
import { VAPID_KEYS_FILE } from "#app/modules/reminders/vapid.server.ts";
import { createLogger } from "#app/platform/log.server.ts";
import { startPushService, type FakePushService } from "../support/push-service.ts";
import { startServer, type ServerProcess } from "../support/server-process.ts";
import { withServerDatabase } from "./support/accounts.ts";
import { massAssignment, signUpMember, visitor, type Member } from "./support/security.ts";

const URL_PATH = "/api/push-subscription";

/**
 * A member's devices for push reminders, over HTTP: only the session's member
 * saves or takes back a subscription, bad input is refused with a message and
 * changes nothing, and the changes are limited per member even when fired all
 * at once. The server's VAPID keys are generated in its data directory, and a
 * subscription saved here can be sent to with them through the local push
 * service (which checks the signature).
 */
describe("push subscriptions", () => {
  let server: ServerProcess;
  let pushService: FakePushService;
  let owner: Member;
  let other: Member;

  beforeAll(async () => {
    pushService = await startPushService();
    server = await startServer({ TRUST_PROXY: "1", LOCAL_PUSH_SERVICE: pushService.origin });
    owner = await signUpMember(server, { label: "push-owner" });
    other = await signUpMember(server, { label: "push-other" });
  });
  afterAll(async () => {
    await server?.stop();
    await pushService?.close();
  });

  const serverKeys = () =>
    JSON.parse(fs.readFileSync(path.join(server.dataDir, VAPID_KEYS_FILE), "utf8")) as {
      publicKey: string;
      privateKey: string;
    };
  const post = (member: Member, json: unknown) => member.client.request(URL_PATH, { method: "POST", json });
  const endpointsOf = (id: string) =>
    withServerDatabase(async (db) => (await pushSubscriptionsOf(db, id)).map((s) => s.endpoint), server);
  const asBody = (s: { endpoint: string; keys: { p256dh: string; auth: string } }) => ({
    endpoint: s.endpoint,
    keys: s.keys,
  });

  it("keeps its VAPID keys in the data directory, readable by the owner only", () => {
    const file = path.join(server.dataDir, VAPID_KEYS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(serverKeys().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it("saves a member's device (the local push service, on a local run), and a push signed with the server's keys reaches it", async () => {
    const keys = serverKeys();
    const phone = pushService.createSubscription({ applicationServerKey: keys.publicKey });
    const response = await post(owner, {
      ...asBody(phone),
      expirationTime: null,
      ...massAssignment(other.id),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await endpointsOf(owner.id)).toEqual([phone.endpoint]);
    expect(await endpointsOf(other.id)).toEqual([]);
    // Saving it again changes nothing.
    expect((await post(owner, asBody(phone))).status).toBe(201);
    expect(await endpointsOf(owner.id)).toEqual([phone.endpoint]);

    const sender = createPushSender({
      keys: { ...keys, subject: "mailto:owner@tidewell.example" },
      log: createLogger("silent"),
    });
    const [stored] = await withServerDatabase((db) => pushSubscriptionsOf(db, owner.id), server);
    expect(await sender.send(stored!, { title: "Hello", body: "Practice", url: "/portal" })).toBe("sent");
    expect((await pushService.waitFor((m) => m.subscriptionId === phone.id)).payload).toMatchObject({
      title: "Hello",
    });
  });

  it("lets only her take a device back", async () => {
    const phone = pushService.createSubscription();
    await post(owner, asBody(phone));
    const theirs = await post(other, { endpoint: phone.endpoint, unsubscribe: true });
    expect(theirs.status).toBe(200);
    expect(await theirs.json()).toEqual({ ok: true, removed: false });
    expect(await endpointsOf(owner.id)).toContain(phone.endpoint);

    const hers = await post(owner, { endpoint: phone.endpoint, unsubscribe: true });
    expect(await hers.json()).toEqual({ ok: true, removed: true });
    expect(await endpointsOf(owner.id)).not.toContain(phone.endpoint);
  });

  it("refuses a visitor with 401, and saves nothing", async () => {
    const phone = pushService.createSubscription();
    const response = await visitor(server.baseUrl).request(URL_PATH, {
      method: "POST",
      json: { ...asBody(phone), ...massAssignment(owner.id) },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Please sign in." });
    expect(await endpointsOf(owner.id)).not.toContain(phone.endpoint);
  });

  it("refuses malformed subscriptions with 400 and a message, and saves nothing", async () => {
    const member = await signUpMember(server, { label: "push-malformed" });
    const phone = pushService.createSubscription();
    const cases: [unknown, RegExp][] = [
      [{ ...asBody(phone), endpoint: "ftp://push.example.com/x" }, /https URL/],
      [{ ...asBody(phone), endpoint: "https://10.0.0.1/push" }, /public address/],
      [{ ...asBody(phone), endpoint: "http://192.168.0.10:8080/push/x" }, /https URL/],
      [{ endpoint: phone.endpoint }, /keys: \{ p256dh, auth \}/],
      [{ ...asBody(phone), keys: { ...phone.keys, p256dh: "abc" } }, /keys\.p256dh/],
      [{ ...asBody(phone), keys: { ...phone.keys, auth: "x".repeat(500) } }, /keys\.auth/],
      [[asBody(phone)], /Send \{ endpoint/],
    ];
    for (const [json, message] of cases) {
      const response = await post(member, json);
      expect(response.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
    const broken = await member.client.request(URL_PATH, {
      method: "POST",
      body: "{ nope",
      headers: { "content-type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect(await endpointsOf(member.id)).toEqual([]);
  });

  it("takes no other address on this machine than the local push service's own, and says which it takes", async () => {
    const member = await signUpMember(server, { label: "push-loopback" });
    const phone = pushService.createSubscription();
    const { port } = new URL(pushService.origin);
    const elsewhere = [
      `http://127.0.0.1:${Number(port) + 1}/push/x`,
      `http://127.0.0.1:${server.port}/api/time-zone`,
      `http://localhost:${port}/push/x`,
      "http://127.0.0.1/push/x",
    ];
    for (const endpoint of elsewhere) {
      const response = await post(member, { ...asBody(phone), endpoint });
      expect(response.status, endpoint).toBe(400);
      expect(await response.json(), endpoint).toEqual({
        error: `The only push service on this computer is the local one, at ${pushService.origin}.`,
      });
    }
    expect(await endpointsOf(member.id)).toEqual([]);
  });

  it("answers GET and DELETE as an address that doesn't take them", async () => {
    const read = await owner.client.request(URL_PATH);
    expect(read.status).toBeGreaterThanOrEqual(400);
    expect(read.status).toBeLessThan(500);
    expect((await owner.client.request(URL_PATH, { method: "DELETE" })).status).toBe(405);
  });

  it(`answers 429 with a wait after ${SUBSCRIPTION_LIMIT.limit} changes a minute, fired at once`, async () => {
    const busy = await signUpMember(server, { label: "push-burst" });
    const extra = 6;
    const phones = Array.from({ length: SUBSCRIPTION_LIMIT.limit + extra }, () =>
      pushService.createSubscription(),
    );
    const responses = await Promise.all(phones.map((phone) => post(busy, asBody(phone))));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(SUBSCRIPTION_LIMIT.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(extra);
    const tooMany = responses.find((response) => response.status === 429)!;
    expect(Number(tooMany.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await tooMany.json()) as { error: string }).error).toMatch(/^Too many attempts\./);
    // She keeps her newest ten; the limit is hers alone.
    expect(await endpointsOf(busy.id)).toHaveLength(10);
    expect((await post(other, asBody(pushService.createSubscription()))).status).toBe(201);
  });
});
