import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  decodeBase64Url,
  encodeBase64Url,
  endpointProblem,
  isP256PublicKey,
  readPushSubscriptionBody,
} from "./push-subscription.ts";

const point = () => crypto.createECDH("prime256v1").generateKeys().toString("base64url");
const secret = () => crypto.randomBytes(16).toString("base64url");
const valid = () => ({
  endpoint: "https://fcm.googleapis.com/fcm/send/abc:def",
  keys: { p256dh: point(), auth: secret() },
});

describe("URL-safe base64", () => {
  it("reads what the Push API writes, with or without padding, and nothing else", () => {
    const bytes = crypto.randomBytes(65);
    const text = bytes.toString("base64url");
    expect(Buffer.from(decodeBase64Url(text)!)).toEqual(bytes);
    expect(encodeBase64Url(bytes)).toBe(text);
    expect(Buffer.from(decodeBase64Url(`${crypto.randomBytes(16).toString("base64url")}==`)!)).toHaveLength(
      16,
    );
    expect(decodeBase64Url("a+b/")).toBeNull();
    expect(decodeBase64Url("abcde")).toBeNull();
    expect(decodeBase64Url("ab cd")).toBeNull();
  });

  it("knows an uncompressed P-256 point by its shape", () => {
    expect(isP256PublicKey(point())).toBe(true);
    // Compressed (33 bytes), or 65 bytes without the 0x04 prefix.
    expect(isP256PublicKey(crypto.createECDH("prime256v1").generateKeys("base64url", "compressed"))).toBe(
      false,
    );
    expect(isP256PublicKey(Buffer.alloc(65, 5).toString("base64url"))).toBe(false);
  });
});

describe("the endpoints the server will send to", () => {
  const deployed = { localPushService: null };
  const local = { localPushService: "http://127.0.0.1:9000" };

  it.each([
    "https://fcm.googleapis.com/fcm/send/abc",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
    "https://web.push.apple.com/QGuQyavXutnMbJ",
    "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
    "https://fcm.googleapis.com:443/fcm/send/abc",
  ])("takes a push service's address: %s", (endpoint) => {
    expect(endpointProblem(endpoint, deployed)).toBeNull();
  });

  it.each([
    ["http://fcm.googleapis.com/fcm/send/abc", /https/],
    ["http://127.0.0.1:9000/push/a", /https/],
    ["https://127.0.0.1/push/a", /public address/],
    ["https://10.0.0.5/push/a", /public address/],
    ["https://[::1]/push/a", /public address/],
    ["https://localhost/push/a", /public address/],
    ["https://intranet/push", /public address/],
    ["https://db.internal/push", /public address/],
    ["https://printer.local/push", /public address/],
    ["https://user:pw@fcm.googleapis.com/x", /user name or password/],
    ["https://fcm.googleapis.com:6379/x", /public address/],
    ["ftp://fcm.googleapis.com/x", /https/],
    // A public name can lead anywhere, inside our network too: only the push services' own.
    ["https://push.example.com/wpush/v2/a", /push service/],
    ["https://fcm.googleapis.com.evil.example/x", /push service/],
    ["https://evilfcm.googleapis.com.example/x", /push service/],
    ["https://notfcm.googleapis.com/x", /push service/],
    ["not a url", /must be a URL/],
  ])("refuses %s", (endpoint, problem) => {
    expect(endpointProblem(endpoint, deployed)).toMatch(problem);
  });

  it("takes the local stand-in at its own origin only, on a local run", () => {
    expect(endpointProblem("http://127.0.0.1:9000/push/a", local)).toBeNull();
    const elsewhere = /only push service on this computer is the local one, at http:\/\/127\.0\.0\.1:9000/;
    for (const endpoint of [
      "http://127.0.0.1:9001/push/a",
      "http://127.0.0.1/push/a",
      "https://127.0.0.1:9000/push/a",
      "http://localhost:9000/push/a",
      "http://127.0.0.2:9000/push/a",
      "http://[::1]:9000/push/a",
    ]) {
      expect(endpointProblem(endpoint, local), endpoint).toMatch(elsewhere);
    }
    expect(endpointProblem("http://10.0.0.5:9000/push/a", local)).toMatch(/https/);
    expect(endpointProblem("http://127.0.0.1.evil.example/push/a", local)).toMatch(/https/);
    expect(endpointProblem("http://user:pw@127.0.0.1:9000/push/a", local)).toMatch(/user name or password/);
  });
});

describe("a subscription as the device sends it", () => {
  const options = { localPushService: null };

  it("takes the browser's subscription, ignoring what it doesn't need", () => {
    const body = { ...valid(), expirationTime: null, userId: "someone-else" };
    expect(readPushSubscriptionBody(body, options)).toEqual({
      ok: true,
      value: { endpoint: body.endpoint, keys: body.keys },
    });
  });

  it("takes an endpoint back", () => {
    expect(readPushSubscriptionBody({ endpoint: valid().endpoint, unsubscribe: true }, options)).toEqual({
      ok: true,
      value: { endpoint: valid().endpoint, unsubscribe: true },
    });
  });

  it.each([
    ["no body", undefined, /Send \{ endpoint, keys/],
    ["an array", [valid()], /Send \{ endpoint, keys/],
    ["no endpoint", { keys: valid().keys }, /endpoint/],
    ["an endpoint that is a number", { ...valid(), endpoint: 42 }, /endpoint/],
    ["an http endpoint", { ...valid(), endpoint: "http://fcm.googleapis.com/x" }, /https URL/],
    [
      "a huge endpoint",
      { ...valid(), endpoint: `https://fcm.googleapis.com/${"a".repeat(3000)}` },
      /at most/,
    ],
    ["no keys", { endpoint: valid().endpoint }, /keys: \{ p256dh, auth \}/],
    ["keys that are text", { endpoint: valid().endpoint, keys: "x" }, /keys: \{ p256dh, auth \}/],
    ["a short p256dh", { ...valid(), keys: { ...valid().keys, p256dh: secret() } }, /keys\.p256dh/],
    [
      "a p256dh in plain base64",
      { ...valid(), keys: { ...valid().keys, p256dh: "a+/" + "A".repeat(84) } },
      /p256dh/,
    ],
    ["a huge p256dh", { ...valid(), keys: { ...valid().keys, p256dh: "A".repeat(100_000) } }, /p256dh/],
    ["a long auth", { ...valid(), keys: { ...valid().keys, auth: point() } }, /keys\.auth/],
    ["a missing auth", { ...valid(), keys: { p256dh: point() } }, /keys\.auth/],
    ["unsubscribe without an endpoint", { unsubscribe: true }, /endpoint/],
  ])("refuses %s with a message", (_label, body, message) => {
    const read = readPushSubscriptionBody(body, options);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.error).toMatch(message);
  });
});
