import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/platform/env.server.ts";
import { createLogger } from "~/platform/log.server.ts";
import { closeServices, createServices, type AppServices } from "~/services.server.ts";
import {
  createCookieClient,
  firstLink,
  sixDigitCode,
  type CookieClient,
} from "../../../tests/support/cookie-client.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp.ts";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/support/test-databases.ts";
import { AUTH_LIMITS, CLIENT_IP_HEADER, MAGIC_LINK_MINUTES, SIGN_IN_CODE_MINUTES } from "./auth.server.ts";
import { COMMON_PASSWORD_MESSAGE } from "./common-passwords.server.ts";
import { deleteMember, exportMemberData } from "./own-data.server.ts";

const BASE_URL = "http://localhost:3999";

/**
 * Accounts end to end, in process: Better Auth's real HTTP handler on a real
 * database, delivering real email to an SMTP server the test reads.
 */
describe.each(testDialects)("accounts on %s", (dialect) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let services: AppServices;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    smtp = await startSmtpServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-accounts-"));
    const env = parseEnv({ BASE_URL, DATA_DIR: dataDir, SMTP_URL: smtp.url, APP_SECRET: "a".repeat(48) });
    services = await createServices(env, createLogger("silent"), { database });
  });
  afterAll(async () => {
    if (services) await closeServices(services);
    await database?.destroy();
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  let ipCounter = 0;
  /** A browser on its own IP address, so tests don't share abuse limits. */
  const browser = (): CookieClient => {
    const ip = `10.0.${dialect === "sqlite" ? 1 : 2}.${++ipCounter}`;
    const client = createCookieClient(BASE_URL, (request) => {
      request.headers.set(CLIENT_IP_HEADER, ip);
      return services.auth.handler(request);
    });
    return client;
  };
  const newEmail = () => `member-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const session = async (client: CookieClient) => {
    const response = await client.request("/api/auth/get-session");
    return (await response.json()) as { user: { id: string; email: string } } | null;
  };
  const mailTo = (email: string, subject: RegExp) =>
    smtp.waitFor((m) => m.to.includes(email) && subject.test(m.subject));

  async function signUp(client: CookieClient, email: string, password = "quiet-harbour-light") {
    return client.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { name: "Amara Okafor", email, password },
    });
  }

  it("signs up with a password, creates a free profile and sends a welcome email", async () => {
    const client = browser();
    const email = newEmail();
    expect((await signUp(client, email)).status).toBe(200);
    const me = await session(client);
    expect(me?.user.email).toBe(email);
    const profile = await services.database.db
      .selectFrom("profiles")
      .selectAll()
      .where("id", "=", me!.user.id)
      .executeTakeFirstOrThrow();
    expect(profile.subscription_tier).toBe("free");
    expect(Boolean(profile.course_access)).toBe(false);
    const welcome = await mailTo(email, /Welcome to Tidewell/);
    expect(welcome.text).toContain("Welcome, Amara Okafor.");
  });

  it("sets an httpOnly, SameSite=Lax session cookie", async () => {
    const client = browser();
    const response = await signUp(client, newEmail());
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("tidewell.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // http://localhost is not https, so the cookie can't be Secure here (it is on an https BASE_URL).
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("refuses one of the most common passwords, and creates nothing", async () => {
    const client = browser();
    const email = newEmail();
    const response = await signUp(client, email, "password123");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(COMMON_PASSWORD_MESSAGE);
    const user = await services.database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it("refuses passwords shorter than 8 or longer than 128 characters", async () => {
    expect((await signUp(browser(), newEmail(), "seven77")).status).toBe(400);
    expect((await signUp(browser(), newEmail(), "x".repeat(129))).status).toBe(400);
  });

  it("signs out, and signs back in with the password; a wrong password or unknown email reads the same", async () => {
    const client = browser();
    const email = newEmail();
    await signUp(client, email);
    expect((await client.request("/api/auth/sign-out", { method: "POST", json: {} })).status).toBe(200);
    expect(await session(client)).toBeNull();

    const wrong = await client.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email, password: "not-the-password" },
    });
    const unknown = await client.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: newEmail(), password: "not-the-password" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(((await unknown.json()) as { message: string }).message).toBe(
      ((await wrong.json()) as { message: string }).message,
    );

    const right = await client.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email, password: "quiet-harbour-light" },
    });
    expect(right.status).toBe(200);
    expect((await session(client))?.user.email).toBe(email);
  });

  it("signs in with a magic link from the email, which works once and lands on /portal", async () => {
    const email = newEmail();
    await signUp(browser(), email);
    const requester = browser();
    const sent = await requester.request("/api/auth/sign-in/magic-link", {
      method: "POST",
      json: { email, callbackURL: "/portal", errorCallbackURL: "/auth?mode=magic" },
    });
    expect(sent.status).toBe(200);
    const link = firstLink((await mailTo(email, /sign-in link/)).text);
    expect(link.startsWith(`${BASE_URL}/api/auth/magic-link/verify?token=`)).toBe(true);

    const phone = browser();
    const used = await phone.request(link);
    expect(used.status).toBe(302);
    expect(new URL(used.headers.get("location")!, BASE_URL).pathname).toBe("/portal");
    expect((await session(phone))?.user.email).toBe(email);

    const again = browser();
    const reused = await again.request(link);
    const refusedAt = new URL(reused.headers.get("location")!, BASE_URL);
    expect(refusedAt.pathname).toBe("/auth");
    expect(refusedAt.searchParams.get("error")).toBeTruthy();
    expect(await session(again)).toBeNull();
  });

  it("refuses a magic link once it has expired", async () => {
    const email = newEmail();
    await signUp(browser(), email);
    smtp.messages.length = 0;
    await browser().request("/api/auth/sign-in/magic-link", {
      method: "POST",
      json: { email, callbackURL: "/portal", errorCallbackURL: "/auth?mode=magic" },
    });
    const link = firstLink((await mailTo(email, /sign-in link/)).text);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (MAGIC_LINK_MINUTES * 60 + 5) * 1000 });
    const late = browser();
    const response = await late.request(link);
    const refusedAt = new URL(response.headers.get("location")!, BASE_URL);
    expect(refusedAt.pathname).toBe("/auth");
    expect(refusedAt.searchParams.get("error")).toBeTruthy();
    expect(await session(late)).toBeNull();
  });

  it("signs in with a 6-digit email code, which works once", async () => {
    const email = newEmail();
    await signUp(browser(), email);
    const client = browser();
    const sent = await client.request("/api/auth/email-otp/send-verification-otp", {
      method: "POST",
      json: { email, type: "sign-in" },
    });
    expect(sent.status).toBe(200);
    const mail = await mailTo(email, /sign-in code/);
    const code = sixDigitCode(mail.subject);
    expect(mail.text).toContain(code);

    const signedIn = await client.request("/api/auth/sign-in/email-otp", {
      method: "POST",
      json: { email, otp: code },
    });
    expect(signedIn.status).toBe(200);
    expect((await session(client))?.user.email).toBe(email);

    const other = browser();
    const reused = await other.request("/api/auth/sign-in/email-otp", {
      method: "POST",
      json: { email, otp: code },
    });
    expect(reused.status).toBeGreaterThanOrEqual(400);
    expect(await session(other)).toBeNull();
  });

  it("refuses an email code once it has expired", async () => {
    const email = newEmail();
    await signUp(browser(), email);
    smtp.messages.length = 0;
    const client = browser();
    await client.request("/api/auth/email-otp/send-verification-otp", {
      method: "POST",
      json: { email, type: "sign-in" },
    });
    const code = sixDigitCode((await mailTo(email, /sign-in code/)).subject);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (SIGN_IN_CODE_MINUTES * 60 + 5) * 1000 });
    const response = await client.request("/api/auth/sign-in/email-otp", {
      method: "POST",
      json: { email, otp: code },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await session(client)).toBeNull();
  });

  it("resets a forgotten password by email: the link works once, the old password stops working, other sessions end", async () => {
    const email = newEmail();
    const laptop = browser();
    await signUp(laptop, email);
    const forgetful = browser();
    const asked = await forgetful.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email, redirectTo: "/auth/reset-password" },
    });
    expect(asked.status).toBe(200);
    const link = firstLink((await mailTo(email, /Reset your Tidewell password/)).text);
    const opened = await forgetful.request(link);
    expect(opened.status).toBe(302);
    const target = new URL(opened.headers.get("location")!, BASE_URL);
    expect(target.pathname).toBe("/auth/reset-password");
    const token = target.searchParams.get("token")!;

    const reset = await forgetful.request("/api/auth/reset-password", {
      method: "POST",
      json: { token, newPassword: "a-brand-new-tide" },
    });
    expect(reset.status).toBe(200);
    expect(await session(laptop)).toBeNull();

    const old = await forgetful.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email, password: "quiet-harbour-light" },
    });
    expect(old.status).toBe(401);
    const fresh = await forgetful.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email, password: "a-brand-new-tide" },
    });
    expect(fresh.status).toBe(200);

    const reuse = await browser().request("/api/auth/reset-password", {
      method: "POST",
      json: { token, newPassword: "yet-another-tide" },
    });
    expect(reuse.status).toBe(400);
  });

  it("does not reveal whether an email has an account when a reset is asked for", async () => {
    const known = newEmail();
    await signUp(browser(), known);
    const a = await browser().request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email: known, redirectTo: "/auth/reset-password" },
    });
    const b = await browser().request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email: newEmail(), redirectTo: "/auth/reset-password" },
    });
    expect(a.status).toBe(b.status);
    expect(await a.json()).toEqual(await b.json());
  });

  it("exports everything about the member and nothing secret", async () => {
    const client = browser();
    const email = newEmail();
    await signUp(client, email);
    const me = await session(client);
    const data = await exportMemberData(services.database.db, me!.user.id);
    expect(data.account.email).toBe(email);
    expect(data.account.signInMethods).toEqual([{ provider: "credential", linkedAt: expect.any(String) }]);
    expect(data.profile?.subscriptionTier).toBe("free");
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/password|scrypt|token/i);
    const hash = await services.database.db
      .selectFrom("account")
      .select("password")
      .where("userId", "=", me!.user.id)
      .executeTakeFirstOrThrow();
    expect(text).not.toContain(hash.password!.slice(0, 20));
  });

  it("deletes the account and everything in it; the session stops working", async () => {
    const client = browser();
    const email = newEmail();
    await signUp(client, email);
    const me = await session(client);
    await services.database.db
      .insertInto("contact_messages")
      .values({ id: crypto.randomUUID(), name: "A", email, phone: null, message: "Hi" })
      .execute();
    const purchaseId = crypto.randomUUID();
    await services.database.db
      .insertInto("purchases")
      .values({
        id: purchaseId,
        user_id: me!.user.id,
        provider: "stripe",
        provider_payment_id: `pi_${purchaseId}`,
        amount_minor: 2700,
        currency: "EUR",
        status: "succeeded",
        receipt_email: `books-${email}`,
      })
      .execute();
    await services.database.db
      .insertInto("email_outbox")
      .values({ id: crypto.randomUUID(), kind: "receipt", to_address: `books-${email}`, subject: "Receipt" })
      .execute();
    expect((await exportMemberData(services.database.db, me!.user.id)).purchases).toEqual([
      expect.objectContaining({ status: "succeeded", receiptEmail: `books-${email}` }),
    ]);
    await deleteMember({ database: services.database, dataDir }, me!.user.id);
    expect(await session(client)).toBeNull();
    // The sale stays for the accounts, but nothing in it points at the person any more.
    expect(
      await services.database.db
        .selectFrom("purchases")
        .select(["user_id", "receipt_email", "amount_minor"])
        .where("id", "=", purchaseId)
        .executeTakeFirst(),
    ).toEqual({ user_id: null, receipt_email: null, amount_minor: 2700 });
    for (const [table, column, value] of [
      ["user", "id", me!.user.id],
      ["profiles", "id", me!.user.id],
      ["account", "userId", me!.user.id],
      ["session", "userId", me!.user.id],
      ["contact_messages", "email", email],
      ["email_outbox", "to_address", email],
      ["email_outbox", "to_address", `books-${email}`],
    ] as const) {
      const rows = await services.database.db
        .selectFrom(table)
        .selectAll()
        .where(column, "=", value)
        .execute();
      expect(rows, table).toHaveLength(0);
    }
    const again = await client.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email, password: "quiet-harbour-light" },
    });
    expect(again.status).toBe(401);
  });

  it("answers 429 with a clear message once an email's sign-in attempts pass the limit", async () => {
    const email = newEmail();
    await signUp(browser(), email);
    const limit = AUTH_LIMITS["/sign-in/email"]!.email!.limit;
    const client = browser();
    for (let attempt = 1; attempt <= limit; attempt += 1) {
      const response = await client.request("/api/auth/sign-in/email", {
        method: "POST",
        json: { email, password: "wrong-password" },
      });
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await client.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email, password: "quiet-harbour-light" },
    });
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { message: string }).message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes and try again\.$/,
    );
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("limits magic links per email address, whatever the IP", async () => {
    const email = newEmail();
    const limit = AUTH_LIMITS["/sign-in/magic-link"]!.email!.limit;
    for (let n = 0; n < limit; n += 1) {
      const ok = await browser().request("/api/auth/sign-in/magic-link", {
        method: "POST",
        json: { email, callbackURL: "/portal" },
      });
      expect(ok.status).toBe(200);
    }
    const blocked = await browser().request("/api/auth/sign-in/magic-link", {
      method: "POST",
      json: { email, callbackURL: "/portal" },
    });
    expect(blocked.status).toBe(429);
  });
});
