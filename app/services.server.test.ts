import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { QUICK_PASSWORDS } from "../tests/support/quick-passwords.ts";
import { testDialects, useTestDatabase } from "../tests/support/test-databases.ts";
import { CLIENT_IP_HEADER } from "./modules/accounts/auth.server.ts";
import { signUpWithPassword } from "./modules/accounts/sign-in.server.ts";
import { parseEnv } from "./platform/env.server.ts";
import { createLogger } from "./platform/log.server.ts";
import { closeServices, createServices, tidyUp } from "./services.server.ts";

describe("the app's services", () => {
  const database = useTestDatabase("sqlite");

  it("keep a password as Better Auth's scrypt, which its own check accepts and a quicker one does not", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-services-"));
    const env = parseEnv({
      BASE_URL: "http://localhost:3990",
      APP_SECRET: "s".repeat(48),
      DATA_DIR: dataDir,
    });
    const services = await createServices(env, createLogger("silent"), { database });
    const password = "a tide that comes and goes";
    try {
      const headers = new Headers({ origin: env.BASE_URL, [CLIENT_IP_HEADER]: "10.9.0.1" });
      const input = { name: "Wren", email: "wren@example.com", password, callbackURL: "/portal" };
      expect(await signUpWithPassword(services.auth, headers, input)).toMatchObject({ ok: true });
      const kept = await database.db
        .selectFrom("account")
        .innerJoin("user", "user.id", "account.userId")
        .select("account.password")
        .where("user.email", "=", input.email)
        .executeTakeFirstOrThrow();
      expect(kept.password).not.toContain(password);
      expect(await verifyPassword({ hash: kept.password!, password })).toBe(true);
      expect(await QUICK_PASSWORDS.verify({ hash: kept.password!, password })).toBe(false);
    } finally {
      await closeServices(services);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(testDialects)("housekeeping on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("forgets limit windows that ended a day ago and codes that have expired, and keeps the rest", async () => {
    const now = new Date("2026-11-25T12:00:00Z");
    const hoursAgo = (hours: number) => now.getTime() - hours * 3_600_000;
    await database.db
      .insertInto("rate_limits")
      .values([
        { key: "old", count: 3, window_start: hoursAgo(25) },
        { key: "recent", count: 3, window_start: hoursAgo(2) },
      ])
      .execute();
    await database.db
      .insertInto("user")
      .values({
        id: "u1",
        name: "A",
        email: "a@example.com",
        emailVerified: true,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      })
      .execute();
    await database.db
      .insertInto("confirmation_codes")
      .values({
        user_id: "u1",
        purpose: "delete-account",
        code_hash: "x",
        expires_at: new Date(hoursAgo(1)).toISOString(),
      })
      .execute();
    await tidyUp(database.db, now);
    const keys = await database.db.selectFrom("rate_limits").select("key").execute();
    expect(keys.map((k) => k.key)).toEqual(["recent"]);
    expect(await database.db.selectFrom("confirmation_codes").selectAll().execute()).toEqual([]);
  });
});
