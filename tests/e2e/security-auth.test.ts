import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_AUTH_LIMITS, PUBLIC_AUTH_ENDPOINTS } from "~/modules/accounts/auth-endpoints.ts";
import { parseEnv } from "~/platform/env.server.ts";
import { createLogger } from "~/platform/log.server.ts";
import { closeServices, createServices } from "~/services.server.ts";
import { createCookieClient, sixDigitCode } from "../support/cookie-client.ts";
import { localOutbox } from "../support/mailbox.ts";
import { startServer, type ServerProcess } from "../support/server-process.ts";
import { createTestDatabase } from "../support/test-databases.ts";
import { PASSWORD, uniqueEmail, withServerDatabase } from "./support/accounts.ts";
import { signUpMember } from "./support/security.ts";

/** Every endpoint the auth instance has, as its own API lists them: the same instance the server builds. */
async function authEndpoints(): Promise<{ method: string; path: string }[]> {
  const database = await createTestDatabase("sqlite");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-endpoints-"));
  const services = await createServices(parseEnv({ DATA_DIR: dataDir }), createLogger("silent"), {
    database,
  });
  try {
    return Object.values(services.auth.api).flatMap((endpoint) => {
      const { path: route, options } = endpoint as {
        path?: string;
        options?: { method?: string | string[] };
      };
      if (!route) return [];
      return [options?.method ?? "GET"].flat().map((method) => ({ method, path: route }));
    });
  } finally {
    await closeServices(services);
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Guessing and flooding, as an attacker would, against a running server:
 * every auth endpoint is closed or limited, emailed codes can't be guessed
 * by sending guesses together, and no address can be flooded with email.
 */
describe("auth under attack", () => {
  let server: ServerProcess;
  const outbox = () => localOutbox(server.dataDir);

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** A client with an address of its own, behind the trusted proxy. */
  const from = (
    ip = `198.${18 + crypto.randomInt(2)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`,
  ) =>
    createCookieClient(server.baseUrl, (request) => {
      request.headers.set("x-forwarded-for", ip);
      return fetch(request, { redirect: "manual" });
    });
  /** The messages in the server's local outbox to `to` whose subject matches. */
  const mailTo = (to: string, subject: RegExp) =>
    fs
      .readdirSync(path.join(server.dataDir, "outbox"))
      .map((name) => JSON.parse(fs.readFileSync(path.join(server.dataDir, "outbox", name), "utf8")))
      .filter((m: { to: string; subject: string }) => m.to === to && subject.test(m.subject)).length;
  /** Waits for the count to settle at `expected`, and for it to stay there a moment. */
  const expectMailCount = async (to: string, subject: RegExp, expected: number) => {
    await expect.poll(() => mailTo(to, subject)).toBe(expected);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailTo(to, subject)).toBe(expected);
  };
  const form = (fields: Record<string, string>) => ({ method: "POST", form: fields });

  it("closes every endpoint the product doesn't link to, and answers 429 to a burst at each it does", async () => {
    const endpoints = await authEndpoints();
    // The list comes from the instance: a plugin that adds an endpoint adds a line here, closed.
    expect(endpoints.length).toBeGreaterThan(30);
    const isPublic = (e: { method: string; path: string }) =>
      PUBLIC_AUTH_ENDPOINTS.some((p) => p.method === e.method && p.path === e.path);
    const url = (route: string) => `/api/auth${route.replace(/:\w+/g, "probe")}`;
    const failures: string[] = [];
    for (const endpoint of endpoints.filter((e) => !isPublic(e))) {
      for (const method of endpoint.method === "*" ? ["GET", "POST"] : [endpoint.method]) {
        const response = await from().request(
          url(endpoint.path),
          method === "GET" ? {} : { method, json: {} },
        );
        if (response.status !== 404) failures.push(`${method} ${endpoint.path}: ${response.status}`);
      }
    }
    expect(failures).toEqual([]);

    const [rule] = DEFAULT_AUTH_LIMITS.ip;
    for (const endpoint of PUBLIC_AUTH_ENDPOINTS) {
      const attacker = from();
      const send = () =>
        attacker.request(url(endpoint.path), endpoint.method === "GET" ? {} : { method: "POST", form: {} });
      const answers = await Promise.all(Array.from({ length: rule!.limit + 5 }, send));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 429).length, `${endpoint.method} ${endpoint.path}`).toBe(5);
      expect(
        statuses.every((s) => s < 500),
        `${endpoint.method} ${endpoint.path}`,
      ).toBe(true);
    }
  });

  it("answers 429 to a burst at each sign-in form, per address or per email", async () => {
    const member = await signUpMember(server, { label: "burst" });
    const bursts: [string, () => Record<string, string>][] = [
      ["sign-in", () => ({ intent: "sign-in", email: member.email, password: "wrong-guess-1" })],
      [
        "sign-up",
        () => ({ intent: "sign-up", tier: "free", name: "B", email: uniqueEmail("b"), password: PASSWORD }),
      ],
      ["magic-link", () => ({ intent: "magic-link", email: uniqueEmail("b") })],
      ["send-code", () => ({ intent: "send-code", email: uniqueEmail("b") })],
      ["verify-code", () => ({ intent: "verify-code", email: member.email, code: "000000" })],
      ["request-reset", () => ({ intent: "request-reset", email: uniqueEmail("b") })],
      [
        "resend-confirmation",
        () => ({ intent: "resend-confirmation", tier: "free", email: uniqueEmail("b") }),
      ],
    ];
    for (const [intent, fields] of bursts) {
      const attacker = from();
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => attacker.request("/auth?tier=signin", form(fields()))),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses, intent).toContain(429);
      expect(
        statuses.every((s) => s < 500),
        intent,
      ).toBe(true);
    }
  });

  it("burns an emailed code after three guesses, though fifty arrive at once from fifty addresses", async () => {
    const member = await signUpMember(server, { label: "guessed" });
    expect(
      (
        await from().request(
          "/auth?tier=signin&mode=code",
          form({ intent: "send-code", email: member.email }),
        )
      ).status,
    ).toBe(200);
    const code = sixDigitCode((await outbox().latest(member.email, /sign-in code/)).subject);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const guesses = await Promise.all(
      Array.from({ length: 50 }, () =>
        from().request(
          "/auth?tier=signin&mode=code",
          form({ intent: "verify-code", email: member.email, code: wrong }),
        ),
      ),
    );
    expect(guesses.every((g) => g.status === 400 || g.status === 403 || g.status === 429)).toBe(true);
    // Even once the address's limit has passed, the right code opens nothing.
    await withServerDatabase(
      (db) => db.deleteFrom("rate_limits").where("key", "like", "auth/%").execute(),
      server,
    );
    const thief = await from().request(
      "/auth?tier=signin&mode=code",
      form({ intent: "verify-code", email: member.email, code }),
    );
    expect(thief.status).not.toBe(302);
    expect(thief.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);
    expect(await thief.text()).toContain("tried too many times");
  });

  it("sends one address at most three sign-in links however many are asked for at once", async () => {
    const target = uniqueEmail("flooded");
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        from().request("/auth?tier=signin&mode=magic", form({ intent: "magic-link", email: target })),
      ),
    );
    // Each asker got the same answer: nothing tells them the address's budget is spent.
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    await expectMailCount(target, /sign-in link/, 3);
  });

  it("sends a member at most three account-deletion codes however many are asked for at once", async () => {
    const member = await signUpMember(server, { label: "codes" });
    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        member.client.request("/portal/profile", form({ intent: "send-deletion-code" })),
      ),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    await expectMailCount(member.email, /delete your/, 3);
  });

  it("lets no stolen session delete an account: a wrong password or code, sent together, burn out", async () => {
    const member = await signUpMember(server, { label: "stolen" });
    const tries = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        member.client.request(
          "/portal/profile",
          form({ intent: "delete-account", confirm: "DELETE", password: `guess-${n}` }),
        ),
      ),
    );
    expect(tries.every((t) => t.status === 400 || t.status === 429)).toBe(true);
    expect(tries.map((t) => t.status)).toContain(429);
    const still = await withServerDatabase(
      (db) => db.selectFrom("user").select("id").where("id", "=", member.id).execute(),
      server,
    );
    expect(still).toHaveLength(1);
  });
});
