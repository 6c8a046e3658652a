import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, isLoopbackOrigin, isSecureOrigin, parseEnv } from "./env.server.ts";

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

  it("treats only https as a secure origin", () => {
    expect(isSecureOrigin("https://tidewell.example")).toBe(true);
    expect(isSecureOrigin("http://localhost:3000")).toBe(false);
  });
});
