import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#app/platform/env.server.ts";
import { createLogger } from "#app/platform/log.server.ts";
import { closeServices, createServices, type AppServices } from "#app/services.server.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-databases.ts";
import { startSocialSignIn } from "./sign-in.server.ts";
import {
  configuredProviders,
  providerReturnOrigins,
  setUpSocialSignIn,
  STAND_IN_CANNOT_LINK,
  standInsOpenOwnAccountsOnly,
} from "./social-sign-in.server.ts";
import { QUICK_PASSWORDS } from "../../../tests/support/quick-passwords.ts";

describe("social providers", () => {
  it("offers only the providers whose credentials are configured", () => {
    expect(configuredProviders(parseEnv({}))).toEqual([]);
    expect(
      configuredProviders(
        parseEnv({
          GOOGLE_CLIENT_ID: "g",
          GOOGLE_CLIENT_SECRET: "s",
          APPLE_CLIENT_ID: "a",
          APPLE_CLIENT_SECRET: "s",
        }),
      ),
    ).toEqual(["google", "apple"]);
  });

  it("trusts Apple's origin for its posted answer alone, so no redirect can lead to a provider", () => {
    const at = (method: string, path: string) => new Request(`https://tidewell.example${path}`, { method });
    expect(providerReturnOrigins(at("POST", "/api/auth/callback/apple"))).toEqual([
      "https://appleid.apple.com",
    ]);
    expect(providerReturnOrigins(at("GET", "/api/auth/callback/apple"))).toEqual([]);
    expect(providerReturnOrigins(at("GET", "/api/auth/magic-link/verify"))).toEqual([]);
    expect(providerReturnOrigins(at("POST", "/api/auth/callback/google"))).toEqual([]);
    expect(providerReturnOrigins(undefined)).toEqual([]);
  });

  it("lets a stand-in make and open its own accounts, but join no account that exists", async () => {
    const demo = await setUpSocialSignIn(
      parseEnv({ GOOGLE_CLIENT_ID: "g", GOOGLE_CLIENT_SECRET: "s" }),
      createLogger("silent"),
    );
    const check = standInsOpenOwnAccountsOnly(demo.standIns);
    const via = (providerId: string, action: "create-user" | "sign-in" | "link-account") =>
      check({ source: { method: "oauth", action, oauth: { providerId } } });
    expect(via("facebook", "create-user")).toBeUndefined();
    expect(via("apple", "sign-in")).toBeUndefined();
    expect(via("facebook", "link-account")).toEqual({
      error: "account_exists",
      errorDescription: STAND_IN_CANNOT_LINK,
    });
    expect(via("apple", "link-account")).toMatchObject({ error: "account_exists" });
    // Google has keys here: the real provider vouches for the address.
    expect(via("google", "link-account")).toBeUndefined();
    await demo.close();
  });

  it("on a demo run backs each provider without keys with the local stand-in, and a deployment offers only those with keys", async () => {
    const log = createLogger("silent");
    const demo = await setUpSocialSignIn(parseEnv({}), log);
    expect(demo.providers).toEqual(["google", "facebook", "apple"]);
    expect(demo.origins).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/)]);
    await demo.close();

    const withFacebook = await setUpSocialSignIn(
      parseEnv({ FACEBOOK_CLIENT_ID: "f", FACEBOOK_CLIENT_SECRET: "s" }),
      log,
    );
    expect(withFacebook.providers).toEqual(["google", "facebook", "apple"]);
    expect(withFacebook.standIns.map((standIn) => standIn.providerId)).toEqual(["google", "apple"]);
    expect(withFacebook.origins[0]).toBe("https://www.facebook.com");
    await withFacebook.close();

    const deployed = {
      NODE_ENV: "production",
      BASE_URL: "https://tidewell.example",
      APP_SECRET: "b".repeat(48),
    };
    const bare = await setUpSocialSignIn(parseEnv(deployed), log);
    expect(bare).toMatchObject({ providers: [], origins: [], standIns: [] });
    const keyed = await setUpSocialSignIn(
      parseEnv({ ...deployed, FACEBOOK_CLIENT_ID: "f", FACEBOOK_CLIENT_SECRET: "s" }),
      log,
    );
    expect(keyed).toMatchObject({
      providers: ["facebook"],
      origins: ["https://www.facebook.com"],
      standIns: [],
    });
  });

  describe("with Google configured", () => {
    let database: TestDatabase;
    let services: AppServices;
    let dataDir: string;
    beforeAll(async () => {
      database = await createTestDatabase("sqlite");
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-social-"));
      const env = parseEnv({
        BASE_URL: "https://tidewell.example",
        DATA_DIR: dataDir,
        GOOGLE_CLIENT_ID: "client-123",
        GOOGLE_CLIENT_SECRET: "secret-456",
        APP_SECRET: "b".repeat(48),
      });
      services = await createServices(env, createLogger("silent"), { database, passwords: QUICK_PASSWORDS });
    });
    afterAll(async () => {
      if (services) await closeServices(services);
      await database?.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("sends the member to Google asking for offline access and consent, coming back to our callback", async () => {
      const headers = new Headers({ origin: "https://tidewell.example" });
      const outcome = await startSocialSignIn(services.auth, headers, "google", "/portal");
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      const url = new URL(outcome.data.url);
      expect(url.origin).toBe("https://accounts.google.com");
      expect(url.searchParams.get("client_id")).toBe("client-123");
      expect(url.searchParams.get("access_type")).toBe("offline");
      expect(url.searchParams.get("prompt")).toBe("consent");
      expect(url.searchParams.get("redirect_uri")).toBe("https://tidewell.example/api/auth/callback/google");
      expect(url.searchParams.get("state")).toBeTruthy();
      // The state cookie ties the callback to this browser; on https it is Secure.
      expect(outcome.cookies.some((c) => /Secure/.test(c))).toBe(true);
    });

    it("refuses a provider that is not configured", async () => {
      const outcome = await startSocialSignIn(
        services.auth,
        new Headers({ origin: "https://tidewell.example" }),
        "facebook",
        "/portal",
      );
      expect(outcome.ok).toBe(false);
    });
  });
});
