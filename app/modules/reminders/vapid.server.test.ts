import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import webpush from "web-push";
import { afterEach, describe, expect, it } from "vitest";
import {
  defaultVapidSubject,
  generateVapidKeys,
  isVapidSubject,
  loadVapidKeys,
  VAPID_KEYS_FILE,
  vapidKeysProblem,
} from "./vapid.server.ts";

const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-vapid-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the VAPID keys", () => {
  it("makes keys the Push API and web-push take", () => {
    const keys = generateVapidKeys();
    expect(keys.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(keys.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(vapidKeysProblem(keys.publicKey, keys.privateKey)).toBeNull();
    // web-push signs with them without complaint.
    expect(() =>
      webpush.getVapidHeaders(
        "https://push.example",
        "mailto:a@b.example",
        keys.publicKey,
        keys.privateKey,
        "aes128gcm",
      ),
    ).not.toThrow();
  });

  it("generates them once and keeps them, readable by the owner only", () => {
    const dir = dataDir();
    const first = loadVapidKeys({ dataDir: dir });
    const again = loadVapidKeys({ dataDir: dir });
    expect(again.publicKey).toBe(first.publicKey);
    expect(again.privateKey).toBe(first.privateKey);
    expect(first.source).toBe("data directory");
    const file = path.join(dir, VAPID_KEYS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
    // Nothing of the write is left behind.
    expect(fs.readdirSync(dir)).toEqual([VAPID_KEYS_FILE]);
  });

  it("agrees across processes starting together", async () => {
    const dir = dataDir();
    const module = path.join(import.meta.dirname, "vapid.server.ts");
    const script = `import { loadVapidKeys } from ${JSON.stringify(module)};
      process.stdout.write(loadVapidKeys({ dataDir: ${JSON.stringify(dir)} }).publicKey);`;
    const run = promisify(execFile);
    const outputs = await Promise.all(
      Array.from({ length: 6 }, () => run(process.execPath, ["--input-type=module", "-e", script])),
    );
    const keys = new Set(outputs.map((output) => output.stdout));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toBe(loadVapidKeys({ dataDir: dir }).publicKey);
  }, 30_000);

  it("takes the environment's keys over any kept ones, and writes nothing", () => {
    const dir = dataDir();
    const configured = generateVapidKeys();
    const keys = loadVapidKeys({ dataDir: dir, ...configured, subject: "mailto:owner@tidewell.example" });
    expect(keys).toEqual({ ...configured, subject: "mailto:owner@tidewell.example", source: "environment" });
    expect(fs.existsSync(path.join(dir, VAPID_KEYS_FILE))).toBe(false);
  });

  it("refuses half a pair, or two halves of different pairs", () => {
    const a = generateVapidKeys();
    const b = generateVapidKeys();
    expect(() => loadVapidKeys({ dataDir: dataDir(), publicKey: a.publicKey })).toThrow(/set together/);
    expect(() =>
      loadVapidKeys({ dataDir: dataDir(), publicKey: a.publicKey, privateKey: b.privateKey }),
    ).toThrow(/not the private key's/);
    expect(vapidKeysProblem(a.publicKey, "short")).toMatch(/private key must be 32 bytes/);
    expect(vapidKeysProblem("short", a.privateKey)).toMatch(/public key must be 65 bytes/);
  });

  it("says what to do with a damaged keys file, without repeating what it holds", () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, VAPID_KEYS_FILE), '{"publicKey":"x","privateKey":"secret-ish"}');
    expect(() => loadVapidKeys({ dataDir: dir })).toThrow(/vapid-keys\.json holds keys that don't work/);
    expect(() => loadVapidKeys({ dataDir: dir })).toThrow(/delete it to make new keys/);
    expect(() => loadVapidKeys({ dataDir: dir })).not.toThrow(/secret-ish/);
    fs.writeFileSync(path.join(dir, VAPID_KEYS_FILE), "not json");
    expect(() => loadVapidKeys({ dataDir: dir })).toThrow(/is not the JSON the app wrote/);
  });

  it("signs as the site's https origin, or else its owner's address", () => {
    expect(defaultVapidSubject({ baseUrl: "https://tidewell.example", ownerEmail: "o@t.example" })).toBe(
      "https://tidewell.example",
    );
    expect(defaultVapidSubject({ baseUrl: "http://localhost:3000", ownerEmail: "o@t.example" })).toBe(
      "mailto:o@t.example",
    );
    expect(isVapidSubject("mailto:owner@tidewell.example")).toBe(true);
    expect(isVapidSubject("https://tidewell.example/contact")).toBe(true);
    expect(isVapidSubject("http://tidewell.example")).toBe(false);
    expect(isVapidSubject("mailto:nobody")).toBe(false);
    expect(isVapidSubject("owner@tidewell.example")).toBe(false);
    expect(() => loadVapidKeys({ dataDir: dataDir(), subject: "http://x.example" })).toThrow(/VAPID subject/);
  });
});
