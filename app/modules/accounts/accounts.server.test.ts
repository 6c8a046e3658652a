import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "#app/platform/env.server.ts";
import { createLogger } from "#app/platform/log.server.ts";
import { closeServices, createServices, type AppServices } from "#app/services.server.ts";
import { createCookieClient, firstLink, sixDigitCode } from "../../../tests/support/cookie-client.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { AUTH_LIMITS, PUBLIC_AUTH_ENDPOINTS } from "./auth-endpoints.ts";
import { CLIENT_IP_HEADER, MAGIC_LINK_MINUTES, SIGN_IN_CODE_MINUTES } from "./auth.server.ts";
import { COMMON_PASSWORD_MESSAGE } from "./common-passwords.server.ts";
import { FULL_NAME_MAX } from "./forms.ts";
import { exportMemberData } from "#app/modules/profile/data-export.server.ts";
import { deleteMember } from "./own-data.server.ts";
import * as account from "./sign-in.server.ts";
import type { AuthOutcome } from "./sign-in.server.ts";
import { QUICK_PASSWORDS } from "../../../tests/support/quick-passwords.ts";

const BASE_URL = "http://localhost:3999";
const PASSWORD = "quiet-harbour-light";

/**
 * Accounts end to end, in process: the calls our pages make (sign-in.server.ts)
 * and the links in our emails, through Better Auth's real HTTP handler, on a
 * real database, delivering real email to an SMTP server the test reads.
 */
describe.each(testDialects)("accounts on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let smtp: TestSmtpServer;
  let services: AppServices;
  let dataDir: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-accounts-"));
    const env = parseEnv({ BASE_URL, DATA_DIR: dataDir, SMTP_URL: smtp.url, APP_SECRET: "a".repeat(48) });
    services = await createServices(env, createLogger(process.env.TEST_LOG ?? "silent"), {
      database,
      passwords: QUICK_PASSWORDS,
    });
  });
  afterAll(async () => {
    if (services) await closeServices(services);
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  let ipCounter = 0;
  /** A browser on its own IP address, so tests don't share abuse limits. */
  const browser = (ip = `10.0.${dialect === "sqlite" ? 1 : 2}.${++ipCounter}`) => {
    const client = createCookieClient(BASE_URL, (request) => {
      request.headers.set(CLIENT_IP_HEADER, ip);
      return services.auth.handler(request);
    });
    /** The headers a page's action passes on: the browser's cookies and address. */
    const headers = () => {
      const all = new Headers({ origin: BASE_URL, [CLIENT_IP_HEADER]: ip });
      if (client.cookies.size > 0) all.set("cookie", client.cookieHeader());
      return all;
    };
    /** Runs what a form does on the server, keeping the cookies it sets. */
    const act = async <T>(call: (headers: Headers) => Promise<AuthOutcome<T>>) => {
      const outcome = await call(headers());
      if (outcome.ok) client.keep(outcome.cookies);
      return outcome;
    };
    return Object.assign(client, { ip, headers, act });
  };
  type Browser = ReturnType<typeof browser>;

  const newEmail = () => `member-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const session = async (client: Browser) =>
    services.auth.api.getSession({ headers: client.headers() }) as Promise<{
      user: { id: string; email: string };
    } | null>;
  const mailTo = (email: string, subject: RegExp) =>
    smtp.waitFor((m) => m.to.includes(email) && subject.test(m.subject));
  const mailCount = (email: string, subject: RegExp) =>
    smtp.messages.filter((m) => m.to.includes(email) && subject.test(m.subject)).length;

  const signUp = (client: Browser, email: string, password = PASSWORD) =>
    client.act((headers) =>
      account.signUpWithPassword(services.auth, headers, {
        name: "Amara Okafor",
        email,
        password,
        callbackURL: "/auth?tier=free&welcome=1",
      }),
    );

  /** A member who has signed up and opened the link in the email: signed in on `client`. */
  async function confirmedMember(client: Browser = browser(), email = newEmail()) {
    expect((await signUp(client, email)).ok).toBe(true);
    const link = firstLink((await mailTo(email, /Confirm your email/)).text);
    const opened = await client.request(link);
    expect(opened.status).toBe(302);
    return { client, email };
  }

  const signIn = (client: Browser, email: string, password = PASSWORD) =>
    client.act((headers) => account.signInWithPassword(services.auth, headers, { email, password }));

  it("starts a password account with an emailed link that confirms the address and signs in", async () => {
    const client = browser();
    const email = newEmail();
    const started = await signUp(client, email);
    expect(started.ok).toBe(true);
    // Nothing is signed in until the link is opened.
    expect(started.ok && started.cookies).toEqual([]);
    expect(await session(client)).toBeNull();

    const mail = await mailTo(email, /Confirm your email/);
    expect(mail.text).toContain("Welcome, Amara.");
    const link = firstLink(mail.text);
    expect(link.startsWith(`${BASE_URL}/api/auth/verify-email?token=`)).toBe(true);
    const opened = await client.request(link);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/auth?tier=free&welcome=1");
    const me = await session(client);
    expect(me?.user.email).toBe(email);

    const cookie = opened.headers.getSetCookie().find((c) => c.startsWith("tidewell.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // http://localhost is not https, so the cookie can't be Secure here (it is on an https BASE_URL).
    expect(cookie).not.toMatch(/Secure/i);

    await services.database.db
      .selectFrom("profiles")
      .selectAll()
      .where("id", "=", me!.user.id)
      .executeTakeFirstOrThrow();
    // Free, with no course access: no access row yet.
    const access = await services.database.db
      .selectFrom("member_access")
      .selectAll()
      .where("user_id", "=", me!.user.id)
      .executeTakeFirst();
    expect(access).toBeUndefined();
    // The confirmation is the welcome: no second email at sign-up.
    expect(mailCount(email, /Welcome to Tidewell/)).toBe(0);
  });

  it("answers a sign-up with a registered address exactly as a new one, and tells the address's owner", async () => {
    const { email } = await confirmedMember();
    const intruder = browser();
    const again = await signUp(intruder, email, "another-calm-harbour");
    const freshEmail = newEmail();
    const fresh = await signUp(browser(), freshEmail, "another-calm-harbour");
    // Only the new id, the times and the address itself differ.
    const shape = (outcome: typeof fresh, address: string) =>
      JSON.stringify(outcome)
        .replaceAll(address, "<email>")
        .replace(/"id":"\w+"/g, '"id":"<id>"')
        .replace(/"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '"<time>"');
    expect(shape(again, email)).toBe(shape(fresh, freshEmail));
    expect(again).toMatchObject({ ok: true, cookies: [] });
    expect(await session(intruder)).toBeNull();
    const notice = await mailTo(email, /You already have a Tidewell account/);
    expect(notice.text).toContain(`${BASE_URL}/auth?tier=signin`);
    // The password of the existing account is untouched.
    expect((await signIn(browser(), email)).ok).toBe(true);
  });

  it("refuses one of the most common passwords, and creates nothing", async () => {
    const email = newEmail();
    const outcome = await signUp(browser(), email, "password123");
    expect(outcome).toMatchObject({ ok: false, status: 400, message: COMMON_PASSWORD_MESSAGE });
    const user = await services.database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it("refuses passwords shorter than 8 or longer than 128 characters", async () => {
    expect(await signUp(browser(), newEmail(), "seven77")).toMatchObject({ ok: false, status: 400 });
    expect(await signUp(browser(), newEmail(), "x".repeat(129))).toMatchObject({ ok: false, status: 400 });
  });

  it("asks for the confirmation before the password works, and sends a fresh link", async () => {
    const email = newEmail();
    await signUp(browser(), email);
    await mailTo(email, /Confirm your email/);
    const early = await signIn(browser(), email);
    expect(early).toMatchObject({ ok: false, code: "EMAIL_NOT_VERIFIED" });
    expect(early.ok ? "" : early.message).toMatch(/confirm your email address first/);
    await vi.waitFor(() => expect(mailCount(email, /Confirm your email/)).toBe(2));
  });

  it("signs out, and signs back in with the password; a wrong password or unknown email reads the same", async () => {
    const { client, email } = await confirmedMember();
    expect((await client.act((headers) => account.signOut(services.auth, headers))).ok).toBe(true);
    expect(await session(client)).toBeNull();

    const wrong = await signIn(client, email, "not-the-password");
    const unknown = await signIn(client, newEmail(), "not-the-password");
    expect(wrong).toMatchObject({ ok: false, status: 401 });
    expect(unknown).toEqual(wrong);

    expect((await signIn(client, email)).ok).toBe(true);
    expect((await session(client))?.user.email).toBe(email);
  });

  it("signs in with a magic link from the email, which works once and lands on /portal", async () => {
    const { email } = await confirmedMember();
    const requester = browser();
    expect((await requester.act((h) => account.sendMagicLink(services.auth, h, email))).ok).toBe(true);
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

  it("keeps a name by the sign-up form's rule however an account is made or changed", async () => {
    const email = newEmail();
    // Better Auth's own sign-up by link takes a name, which no form of ours has checked.
    const hostile = `Noor Haddad\u202E evil\u0007${"a".repeat(2985)}`;
    await services.auth.api.signInMagicLink({ body: { email, name: hostile }, headers: browser().headers() });
    const link = firstLink((await mailTo(email, /sign-in link/)).text);
    expect((await browser().request(link)).status).toBe(302);
    const stored = () =>
      services.database.db
        .selectFrom("user")
        .select(["id", "name"])
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
    const { id, name } = await stored();
    expect(name).toBe(`Noor Haddad evil ${"a".repeat(FULL_NAME_MAX - 17)}`);

    // A change made through the library's own adapter, as its endpoints and plugins make them.
    const auth = await services.auth.$context;
    await auth.internalAdapter.updateUser(id, { name: "\u202EAmara\u0000 " });
    expect((await stored()).name).toBe("Amara");
  });

  it("refuses a magic link once it has expired", async () => {
    const { email } = await confirmedMember();
    await browser().act((h) => account.sendMagicLink(services.auth, h, email));
    const link = firstLink((await mailTo(email, /sign-in link/)).text);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (MAGIC_LINK_MINUTES * 60 + 5) * 1000 });
    const late = browser();
    const response = await late.request(link);
    const refusedAt = new URL(response.headers.get("location")!, BASE_URL);
    expect(refusedAt.pathname).toBe("/auth");
    expect(refusedAt.searchParams.get("error")).toBeTruthy();
    expect(await session(late)).toBeNull();
  });

  /** Sends a sign-in code to `email` and reads it from the email. */
  async function codeFor(email: string) {
    const seen = mailCount(email, /sign-in code/);
    expect((await browser().act((h) => account.sendSignInCode(services.auth, h, email))).ok).toBe(true);
    await vi.waitFor(() => expect(mailCount(email, /sign-in code/)).toBe(seen + 1));
    const mails = smtp.messages.filter((m) => m.to.includes(email) && /sign-in code/.test(m.subject));
    return sixDigitCode(mails.at(-1)!.subject);
  }
  const tryCode = (client: Browser, email: string, code: string) =>
    client.act((h) => account.signInWithCode(services.auth, h, { email, code }));
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  it("signs in with a 6-digit email code, which works once", async () => {
    const { email } = await confirmedMember();
    const code = await codeFor(email);
    const client = browser();
    expect((await tryCode(client, email, code)).ok).toBe(true);
    expect((await session(client))?.user.email).toBe(email);

    const other = browser();
    expect((await tryCode(other, email, code)).ok).toBe(false);
    expect(await session(other)).toBeNull();
  });

  it("refuses an email code once it has expired", async () => {
    const { email } = await confirmedMember();
    const code = await codeFor(email);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (SIGN_IN_CODE_MINUTES * 60 + 5) * 1000 });
    const client = browser();
    expect((await tryCode(client, email, code)).ok).toBe(false);
    expect(await session(client)).toBeNull();
  });

  it("burns a code after three wrong guesses, even fifty sent at once from fifty addresses", async () => {
    const { email } = await confirmedMember();
    const code = await codeFor(email);
    const guesses = await Promise.all(
      Array.from({ length: 50 }, () => tryCode(browser(), email, wrongCode(code))),
    );
    expect(guesses.every((guess) => !guess.ok)).toBe(true);
    // At most three of them were ever compared with the code.
    const compared = guesses.filter((guess) => !guess.ok && guess.code === "INVALID_OTP");
    expect(compared.length).toBeLessThanOrEqual(3);
    // Even once the address's limit has passed, the right code no longer works.
    await services.database.db
      .deleteFrom("rate_limits")
      .where("key", "like", "auth/sign-in/email-otp:%")
      .execute();
    const thief = browser();
    expect(await tryCode(thief, email, code)).toMatchObject({ ok: false, code: "TOO_MANY_ATTEMPTS" });
    expect(await session(thief)).toBeNull();
    // A new code may be tried afresh.
    const next = await codeFor(email);
    expect((await tryCode(browser(), email, next)).ok).toBe(true);
  });

  it("answers wrong codes alike whether or not the address has an account", async () => {
    const { email: member } = await confirmedMember();
    const stranger = newEmail();
    const memberCode = await codeFor(member);
    const strangerCode = await codeFor(stranger);
    const answers = async (email: string, code: string) => {
      const seen = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const outcome = await tryCode(browser(), email, wrongCode(code));
        seen.push(outcome.ok ? "ok" : `${outcome.status} ${outcome.code} ${outcome.message}`);
      }
      return seen;
    };
    expect(await answers(member, memberCode)).toEqual(await answers(stranger, strangerCode));
  });

  it("resets a forgotten password by email: the link works once, the old password stops working, other sessions end", async () => {
    const { client: laptop, email } = await confirmedMember();
    const forgetful = browser();
    expect((await forgetful.act((h) => account.requestPasswordReset(services.auth, h, email))).ok).toBe(true);
    const link = firstLink((await mailTo(email, /Reset your Tidewell password/)).text);
    const opened = await forgetful.request(link);
    expect(opened.status).toBe(302);
    const target = new URL(opened.headers.get("location")!, BASE_URL);
    expect(target.pathname).toBe("/auth/reset-password");
    const token = target.searchParams.get("token")!;

    const reset = (password: string) =>
      browser().act((h) => account.resetPassword(services.auth, h, { token, password }));
    expect((await reset("a-brand-new-tide")).ok).toBe(true);
    expect(await session(laptop)).toBeNull();
    expect(await signIn(forgetful, email)).toMatchObject({ ok: false, status: 401 });
    expect((await signIn(forgetful, email, "a-brand-new-tide")).ok).toBe(true);
    expect(await reset("yet-another-tide")).toMatchObject({ ok: false, status: 400 });
  });

  it("does not reveal whether an email has an account when a reset is asked for", async () => {
    const { email: known } = await confirmedMember();
    const a = await browser().act((h) => account.requestPasswordReset(services.auth, h, known));
    const b = await browser().act((h) => account.requestPasswordReset(services.auth, h, newEmail()));
    expect(a).toEqual(b);
  });

  it("exports everything about the member and nothing secret", async () => {
    const { client, email } = await confirmedMember();
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
    const { client, email } = await confirmedMember();
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
    expect(await signIn(browser(), email)).toMatchObject({ ok: false, status: 401 });
  });

  it("answers 429 with a clear message once an email's sign-in attempts pass the limit; a link still lets the owner in", async () => {
    const { email } = await confirmedMember();
    const [rule] = AUTH_LIMITS["/sign-in/email"]!.email!;
    const guesser = browser();
    for (let attempt = 1; attempt <= rule!.limit; attempt += 1) {
      expect(await signIn(guesser, email, "wrong-password"), `attempt ${attempt}`).toMatchObject({
        status: 401,
      });
    }
    const owner = browser();
    const blocked = await signIn(owner, email);
    expect(blocked).toMatchObject({ ok: false, status: 429 });
    expect(blocked.ok ? "" : blocked.message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes and try again\.$/,
    );
    // The owner's way in while the password waits.
    await owner.act((h) => account.sendMagicLink(services.auth, h, email));
    const used = await owner.request(firstLink((await mailTo(email, /sign-in link/)).text));
    expect(used.status).toBe(302);
    expect((await session(owner))?.user.email).toBe(email);
  });

  it("sends an address at most three sign-in emails of a kind in a quarter of an hour, answering every request alike", async () => {
    const email = newEmail();
    // Five at once from five browsers: the budget holds however the requests arrive.
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => browser().act((h) => account.sendMagicLink(services.auth, h, email))),
    );
    // The two over the budget answer like the rest: the limit tells an outsider nothing.
    expect(new Set(outcomes.map((outcome) => JSON.stringify(outcome))).size).toBe(1);
    await services.mailer.settled();
    expect(mailCount(email, /sign-in link/)).toBe(3);
  });

  it("answers 429 to one address flooding the sign-in emails, whatever the addresses it names", async () => {
    const flooder = browser();
    const [rule] = AUTH_LIMITS["/sign-in/magic-link"]!.ip;
    // All at once: the counter lets exactly the limit through, however the requests interleave.
    const outcomes = await Promise.all(
      Array.from({ length: rule!.limit + 2 }, () =>
        flooder.act((h) => account.sendMagicLink(services.auth, h, newEmail())),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(rule!.limit);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
      expect.objectContaining({ ok: false, status: 429 }),
      expect.objectContaining({ ok: false, status: 429 }),
    ]);
  });

  it("answers over HTTP only at the links in our emails and the providers' returns", async () => {
    const visitor = browser();
    const endpoints = Object.values(services.auth.api).flatMap((endpoint) => {
      const { path: route, options } = endpoint as {
        path?: string;
        options?: { method?: string | string[] };
      };
      if (!route) return [];
      const methods = [options?.method ?? "GET"].flat().filter((m) => m !== "*");
      return methods.map((method) => ({ method, path: route }));
    });
    expect(endpoints.length).toBeGreaterThan(30);
    const open: string[] = [];
    for (const { method, path: route } of endpoints) {
      const url = `/api/auth${route.replace(/:\w+/g, "x")}`;
      const response = await visitor.request(url, method === "GET" ? {} : { method, json: {} });
      if (response.status !== 404) open.push(`${method} ${route}`);
    }
    expect(open.sort()).toEqual(PUBLIC_AUTH_ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort());
  });
});
