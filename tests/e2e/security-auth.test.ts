import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_AUTH_LIMITS,
  PASSWORD_LIMITS,
  PUBLIC_AUTH_ENDPOINTS,
} from "#app/modules/accounts/auth-endpoints.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { createLogger } from "#app/platform/log.server.ts";
import { closeServices, createServices } from "#app/services.server.ts";
import { createCookieClient, sixDigitCode } from "../support/cookie-client.ts";
import { localOutbox } from "../support/mailbox.ts";
import { createTestDatabase } from "../support/test-databases.ts";
import { PASSWORD, sharedServer, uniqueEmail, withServerDatabase } from "./support/accounts.ts";
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
  // Every client sends from an address of its own, and every member is new: the run's shared
  // server's counters for them start at nothing.
  const server = sharedServer();
  const outbox = () => localOutbox(server.dataDir);

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
  /** Messages queued for `to` not yet delivered (the requests that queue them have all been answered). */
  const undelivered = (to: string) =>
    withServerDatabase(
      (db) =>
        db
          .selectFrom("email_outbox")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("to_address", "=", to)
          .where("status", "in", ["pending", "sending"])
          .executeTakeFirstOrThrow(),
      server,
    ).then((row) => Number(row.count));
  /** Once every message queued for `to` has been delivered, the count of those whose subject matches. */
  const expectMailCount = async (to: string, subject: RegExp, expected: number) => {
    await expect.poll(() => undelivered(to)).toBe(0);
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

  it("answers 429 to a burst at each sign-in form, per address or per email, with the wait in words and in Retry-After", async () => {
    const member = await signUpMember(server, { label: "burst" });
    const bursts: [string, () => Record<string, string>, string?][] = [
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
      [
        "reset-password",
        () => ({ token: "not-a-real-token", password: "a-new-calm-tide-4", confirm: "a-new-calm-tide-4" }),
        "/auth/reset-password",
      ],
    ];
    for (const [intent, fields, page = "/auth?tier=signin"] of bursts) {
      const attacker = from();
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => attacker.request(page, form(fields()))),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses, intent).toContain(429);
      expect(
        statuses.every((s) => s < 500),
        intent,
      ).toBe(true);
      for (const refused of answers.filter((a) => a.status === 429)) {
        expect(Number(refused.headers.get("retry-after")), intent).toBeGreaterThan(0);
        expect(await refused.text(), intent).toMatch(
          /Too many attempts\. Please wait (a minute|\d+ minutes) and try again\./,
        );
      }
    }
  });

  it("keeps the password open to her on her own browser while a stranger's forty guesses at once lock it for every other", async () => {
    const member = await signUpMember(server, { label: "device" });
    const signIn = (client: ReturnType<typeof from>, password: string) =>
      client.request("/auth?tier=signin", form({ intent: "sign-in", email: member.email, password }));
    // She signs in with her password on her own browser, which keeps the cookie that says so, then signs out.
    const hers = from("203.0.113.50");
    const first = await signIn(hers, PASSWORD);
    expect(first.status).toBe(302);
    expect(first.headers.getSetCookie()).toContainEqual(
      expect.stringMatching(/^tidewell-device=[0-9a-f]{32}\.[\w-]{43}; .*HttpOnly/),
    );
    expect((await hers.request("/auth/sign-out", { method: "POST", form: {} })).status).toBe(302);
    expect(hers.sessionToken()).toBeUndefined();

    const guesses = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(from(), `wrong-${i}`)));
    const statuses = guesses.map((g) => g.status);
    // Her own sign-in was the quarter-hour's first of eight on the account.
    expect(
      statuses.filter((s) => s === 401),
      String(statuses),
    ).toHaveLength(PASSWORD_LIMITS.email![0]!.limit - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - (PASSWORD_LIMITS.email![0]!.limit - 1));

    // An unknown browser, even with the right password, waits: told so, and how long.
    const stranger = await signIn(from(), PASSWORD);
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await stranger.text()).toContain("You can still sign in now with a link or a code we email you.");
    expect(stranger.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);

    // She, on her own browser, is in.
    const again = await signIn(hers, PASSWORD);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/portal");
    expect(hers.sessionToken()).toBeTruthy();

    // Her browser's allowance is its own, and limited too: guesses sent with its cookie at once run it out.
    const withHerCookie = () => {
      const thief = from();
      for (const [name, value] of hers.cookies)
        if (name.endsWith("tidewell-device")) thief.cookies.set(name, value);
      return thief;
    };
    const onHerBrowser = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(withHerCookie(), `wrong-again-${i}`)),
    );
    expect(onHerBrowser.filter((g) => g.status === 401)).toHaveLength(PASSWORD_LIMITS.device![0]!.limit);
    expect((await signIn(withHerCookie(), PASSWORD)).status).toBe(429);
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
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
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
    for (const refused of tries.filter((t) => t.status === 429)) {
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const still = await withServerDatabase(
      (db) => db.selectFrom("user").select("id").where("id", "=", member.id).execute(),
      server,
    );
    expect(still).toHaveLength(1);
  });
});
