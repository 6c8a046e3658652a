import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateVapidKeys } from "#app/modules/reminders/vapid.server.ts";
import { ConfigError, isLoopbackHost, isLoopbackOrigin, isSecureOrigin, parseEnv } from "./env.server.ts";

describe("parseEnv", () => {
  it("needs nothing for a local run", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.BASE_URL).toBe("http://localhost:3000");
    expect(env.DATA_DIR).toBe(path.resolve("./data"));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.COURSE_PRICE_MINOR).toBe(2700);
    expect(env.COURSE_CURRENCY).toBe("EUR");
    expect(env.OWNER_EMAIL).toBe(env.SUPPORT_EMAIL);
  });

  it("derives the local origin from PORT and trims a trailing slash from BASE_URL", () => {
    expect(parseEnv({ PORT: "8080" }).BASE_URL).toBe("http://localhost:8080");
    expect(parseEnv({ BASE_URL: "https://tidewell.example/" }).BASE_URL).toBe("https://tidewell.example");
  });

  it.each([
    ["PORT", "abc", /PORT must be a whole number from 1 to 65535 \(got "abc"\)/],
    ["PORT", "70000", /PORT must be a whole number/],
    ["PORT", "0", /PORT must be a whole number/],
    ["DATABASE_URL", "mysql://localhost/db", /DATABASE_URL must be a URL such as postgres:\/\//],
    ["DATABASE_URL", "not a url", /DATABASE_URL must be a URL/],
    ["BASE_URL", "localhost:3000", /BASE_URL must be a URL/],
    ["LOG_LEVEL", "loud", /LOG_LEVEL must be one of/],
    ["COURSE_CURRENCY", "euro", /COURSE_CURRENCY must be a three-letter currency code/],
    ["APP_SECRET", "short", /APP_SECRET must be at least 32 characters/],
    ["LOCAL_PUSH_SERVICE", "http://10.0.0.5:9000", /LOCAL_PUSH_SERVICE must be a URL on this machine/],
  ])("stops on a bad %s with a message naming it", (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => parseEnv({ [name]: value })).toThrow(message);
  });

  it("never repeats a secret's value in its error", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://root:hunter2@db/x" })).toThrow(/got "…"/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://root:hunter2@db/x" })).not.toThrow(/hunter2/);
  });

  it("names the missing half of a pair of settings", () => {
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: "id" })).toThrow(
      /GOOGLE_CLIENT_SECRET must be set when GOOGLE_CLIENT_ID is set/,
    );
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/STRIPE_PUBLISHABLE_KEY must be set/);
  });

  it("asks for a shared APP_SECRET when instances share a PostgreSQL database on a public origin", () => {
    const postgres = { DATABASE_URL: "postgres://db/app", BASE_URL: "https://tidewell.example" };
    expect(() => parseEnv(postgres)).toThrow(/APP_SECRET must be set when DATABASE_URL is set/);
    expect(parseEnv({ ...postgres, APP_SECRET: "s".repeat(32) }).APP_SECRET).toBe("s".repeat(32));
    // A local run on PostgreSQL still needs nothing.
    expect(parseEnv({ DATABASE_URL: "postgres://db/app" }).DATABASE_URL).toBe("postgres://db/app");
  });

  it("listens on this machine only unless HOST says otherwise", () => {
    expect(parseEnv({}).HOST).toBe("127.0.0.1");
    expect(parseEnv({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
  });

  it.each([
    [{}, null],
    [{ HOST: "::1" }, null],
    [{ HOST: "localhost", BASE_URL: "http://127.0.0.1:3000" }, null],
    [{ HOST: "0.0.0.0" }, "the server listens on 0.0.0.0, not only on this machine"],
    [{ HOST: "::" }, "the server listens on ::, not only on this machine"],
    [{ HOST: "192.168.1.20" }, "the server listens on 192.168.1.20, not only on this machine"],
    [{ BASE_URL: "https://tidewell.example" }, "BASE_URL is not a local address"],
    [
      { NODE_ENV: "production", BASE_URL: "http://localhost:3000", APP_SECRET: "s".repeat(32) },
      "NODE_ENV is production",
    ],
  ])("turns demo features on only for a local run on loopback: %o", (source, offBecause) => {
    const env = parseEnv(source as Record<string, string>);
    expect(env.demo).toBe(offBecause === null);
    expect(env.demoOffBecause).toBe(offBecause);
  });

  it("refuses to run in production without BASE_URL and APP_SECRET, naming both", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
      /BASE_URL must be set with NODE_ENV=production/,
    );
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
      /APP_SECRET must be set with NODE_ENV=production/,
    );
    expect(() => parseEnv({ NODE_ENV: "production", BASE_URL: "https://tidewell.example" })).toThrow(
      /^Invalid configuration:\n {2}APP_SECRET must be set/,
    );
    const env = parseEnv({
      NODE_ENV: "production",
      BASE_URL: "https://t.example",
      APP_SECRET: "s".repeat(32),
    });
    expect(env.demo).toBe(false);
  });

  it.each([
    ["false", false],
    ["1", 1],
    ["2", 2],
    ["10.0.0.2", ["10.0.0.2"]],
    ["10.0.0.0/24, fd00::1", ["10.0.0.0/24", "fd00::1"]],
    ["loopback", ["loopback"]],
  ])("trusts proxies by count or by address: TRUST_PROXY=%s", (value, expected) => {
    expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(["true", "yes", "10.0.0.2; rm -rf"])(
    "refuses TRUST_PROXY=%s, which would trust what a client writes",
    (value) => {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY must be false, the number of proxies/,
      );
    },
  );

  it("accepts PostgreSQL URLs", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://u:p@db:5432/app" }).DATABASE_URL).toBe(
      "postgres://u:p@db:5432/app",
    );
    expect(parseEnv({ DATABASE_URL: "postgresql://db/app" }).DATABASE_URL).toBe("postgresql://db/app");
  });
});

describe("origins", () => {
  it.each([
    ["http://localhost:3000", true],
    ["http://127.0.0.1:3000", true],
    ["http://[::1]:3000", true],
    ["https://tidewell.example", false],
    ["http://localhost.evil.example", false],
  ])("%s is loopback: %s", (url, expected) => {
    expect(isLoopbackOrigin(url)).toBe(expected);
  });

  it.each([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["localhost", true],
    ["::1", true],
    ["[::1]", true],
    ["0.0.0.0", false],
    ["::", false],
    ["10.0.0.5", false],
    ["localhost.evil.example", false],
  ])("%s is a loopback address: %s", (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });

  it("treats only https as a secure origin", () => {
    expect(isSecureOrigin("https://tidewell.example")).toBe(true);
    expect(isSecureOrigin("http://localhost:3000")).toBe(false);
  });
});

describe("Web Push's VAPID settings", () => {
  const pair = generateVapidKeys();

  it("needs none: the keys are then generated in DATA_DIR", () => {
    const env = parseEnv({});
    expect(env.VAPID_PUBLIC_KEY).toBeUndefined();
    expect(env.VAPID_PRIVATE_KEY).toBeUndefined();
    expect(env.VAPID_SUBJECT).toBeUndefined();
  });

  it("takes a key pair and a subject", () => {
    const env = parseEnv({
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: "mailto:owner@tidewell.example",
    });
    expect([env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY]).toEqual([pair.publicKey, pair.privateKey]);
    expect(env.VAPID_SUBJECT).toBe("mailto:owner@tidewell.example");
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: pair.publicKey }, /VAPID_PRIVATE_KEY must be set when VAPID_PUBLIC_KEY is set/],
    [{ VAPID_PRIVATE_KEY: pair.privateKey }, /VAPID_PUBLIC_KEY must be set when VAPID_PRIVATE_KEY is set/],
    [
      { VAPID_PUBLIC_KEY: "abc", VAPID_PRIVATE_KEY: pair.privateKey },
      /VAPID_PUBLIC_KEY must be a VAPID public key: 87 characters/,
    ],
    [
      { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: "a+b/" },
      /VAPID_PRIVATE_KEY must be a VAPID private key: 43 characters/,
    ],
    [
      { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: generateVapidKeys().privateKey },
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a key pair made together/,
    ],
    [{ VAPID_SUBJECT: "owner@tidewell.example" }, /VAPID_SUBJECT must be a mailto: address or an https URL/],
    [{ VAPID_SUBJECT: "http://tidewell.example" }, /VAPID_SUBJECT must be a mailto: address or an https URL/],
  ])("stops on %o with a message naming the setting", (source, message) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(message);
  });

  it("never repeats the private key in its error", () => {
    const other = generateVapidKeys().privateKey;
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: other })).not.toThrow(
      new RegExp(other.replace(/[-]/g, "\\-")),
    );
  });
});
