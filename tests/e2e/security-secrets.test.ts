import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { findSecrets } from "../../scripts/check-logs.ts";
import {
  CLIENT_DIR,
  clientFingerprint,
  filesUnder,
  TEST_SECRETS_FILE,
  type TestSecrets,
} from "../../scripts/test-build.ts";
import { firstLink, sixDigitCode } from "../support/cookie-client.ts";
import { freePort, startServer, type ServerProcess } from "../support/server-process.ts";
import { PASSWORD, uniqueEmail, withServerDatabase } from "./support/accounts.ts";
import { visitor } from "./support/security.ts";

/**
 * Secrets stay on the server: they are not in the browser's bundle, whatever
 * the environment held when it was built, and not in the server's log, whatever
 * the members did. (scripts/check-logs.ts checks every log of a full run.)
 */
const root = path.resolve(import.meta.dirname, "../..");

/** Recognisable fakes of the secrets a server is started with, for the log checks. */
const FAKE = {
  STRIPE_SECRET_KEY: `sk_test_leakcheck${crypto.randomBytes(8).toString("hex")}`,
  STRIPE_WEBHOOK_SECRET: `whsec_leakcheck${crypto.randomBytes(8).toString("hex")}`,
  PAYPAL_CLIENT_SECRET: `paypal-secret-leakcheck-${crypto.randomBytes(8).toString("hex")}`,
  APP_SECRET: `app-secret-leakcheck-${crypto.randomBytes(16).toString("hex")}`,
  GOOGLE_CLIENT_SECRET: `google-secret-leakcheck-${crypto.randomBytes(8).toString("hex")}`,
  SMTP_PASSWORD: `smtp-pass-leakcheck-${crypto.randomBytes(8).toString("hex")}`,
};

describe("the browser's bundle", () => {
  it("holds no secret, though the build ran with every secret set, and reads no process.env", () => {
    // The suites' one build (scripts/test-build.ts) ran with a fake of every secret in its environment.
    if (!fs.existsSync(TEST_SECRETS_FILE)) {
      throw new Error(
        "No build made with the test secrets: build with `node scripts/test-build.ts` (npm test does).",
      );
    }
    const { secrets, fingerprint } = JSON.parse(fs.readFileSync(TEST_SECRETS_FILE, "utf8")) as TestSecrets;
    expect(clientFingerprint(), "the client was built again without the test secrets since").toBe(
      fingerprint,
    );

    const files = filesUnder(CLIENT_DIR);
    expect(files.filter((file) => file.endsWith(".js")).length).toBeGreaterThan(10);
    const leaks: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, "latin1");
      const name = path.relative(root, file);
      for (const [key, value] of Object.entries(secrets))
        if (text.includes(value)) leaks.push(`${name}: ${key}`);
      if (text.includes("leakcheck")) leaks.push(`${name}: a value from the build's environment`);
      if (/process\.env/.test(text)) leaks.push(`${name}: process.env`);
      const names =
        /\b(STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET|PAYPAL_CLIENT_SECRET|APP_SECRET|S3_SECRET_ACCESS_KEY|GOOGLE_CLIENT_SECRET)\b/.exec(
          text,
        );
      if (names) leaks.push(`${name}: mentions ${names[1]}`);
      if (/\b[sr]k_live_|\bwhsec_|-----BEGIN [A-Z ]*PRIVATE KEY/.test(text))
        leaks.push(`${name}: a key's shape`);
    }
    expect(leaks).toEqual([]);
  });
});

describe("the server's log", () => {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  /** The text of the newest email to `to` of this kind, from the server's outbox. */
  async function emailTo(server: ServerProcess, to: string, kind: string) {
    const read = () =>
      withServerDatabase(
        (db) =>
          db
            .selectFrom("email_outbox")
            .select("text_body")
            .where("to_address", "=", to)
            .where("kind", "=", kind)
            .orderBy("created_at", "desc")
            .executeTakeFirst(),
        server,
      );
    await expect.poll(read).toBeTruthy();
    return (await read())!.text_body!;
  }

  it("keeps no password, token, code, cookie or key through sign-up, sign-in, magic link, code, reset and a demo purchase", async () => {
    // SMTP points at a closed port: every delivery fails and is logged, with the password in the URL.
    const server = await startServer({
      TRUST_PROXY: "1",
      APP_SECRET: FAKE.APP_SECRET,
      SMTP_URL: `smtp://tidewell:${FAKE.SMTP_PASSWORD}@127.0.0.1:${await freePort()}`,
      GOOGLE_CLIENT_ID: "google-client-leakcheck",
      GOOGLE_CLIENT_SECRET: FAKE.GOOGLE_CLIENT_SECRET,
      LOG_LEVEL: "debug",
    });
    servers.push(server);
    const mustNotAppear: Record<string, string> = {
      "the app secret": FAKE.APP_SECRET,
      "the SMTP password": FAKE.SMTP_PASSWORD,
      "the Google secret": FAKE.GOOGLE_CLIENT_SECRET,
      "the password": PASSWORD,
    };
    const sessions = (client: ReturnType<typeof visitor>) => {
      for (const [name, value] of client.cookies) mustNotAppear[`cookie ${name}`] = value;
    };

    // Sign up with the form, confirm with the emailed link, and sign in.
    const email = uniqueEmail("secrets");
    const member = visitor(server.baseUrl);
    const signUp = await member.request("/auth", {
      method: "POST",
      form: { intent: "sign-up", tier: "free", name: "Sasha Secret", email, password: PASSWORD },
    });
    expect(signUp.status).toBe(200);
    const confirmLink = firstLink(await emailTo(server, email, "confirm-email"));
    mustNotAppear["the confirmation token"] = new URL(confirmLink).searchParams.get("token")!;
    expect((await member.request(confirmLink)).status).toBe(302);
    sessions(member);
    const again = visitor(server.baseUrl);
    expect(
      (
        await again.request("/auth", {
          method: "POST",
          form: { intent: "sign-in", email, password: PASSWORD },
        })
      ).status,
    ).toBe(302);
    sessions(again);
    // A partner link, made and opened.
    const share = await again.request("/portal/profile", {
      method: "POST",
      form: { intent: "create-share-link" },
    });
    const shareToken = /\/shared\/([A-Za-z0-9_-]{43})/.exec(await share.text())![1]!;
    mustNotAppear["the partner link"] = shareToken;
    expect((await fetch(`${server.baseUrl}/shared/${shareToken}`)).status).toBe(200);
    // A wrong password is logged as a failure, without the password.
    await visitor(server.baseUrl).request("/auth", {
      method: "POST",
      form: { intent: "sign-in", email, password: "wrong-password-leakcheck" },
    });
    mustNotAppear["a wrong password"] = "wrong-password-leakcheck";

    // A magic link, followed.
    const linkVisitor = visitor(server.baseUrl);
    await linkVisitor.request("/auth", { method: "POST", form: { intent: "magic-link", email } });
    const magicLink = firstLink(await emailTo(server, email, "magic-link"));
    mustNotAppear["the magic-link token"] = new URL(magicLink).searchParams.get("token")!;
    expect((await linkVisitor.request(magicLink)).status).toBe(302);
    sessions(linkVisitor);

    // A sign-in code, used.
    const codeVisitor = visitor(server.baseUrl);
    await codeVisitor.request("/auth", { method: "POST", form: { intent: "send-code", email } });
    const code = sixDigitCode(await emailTo(server, email, "sign-in-code"));
    mustNotAppear["the sign-in code"] = `"${code}"`;
    const verified = await codeVisitor.request("/auth", {
      method: "POST",
      form: { intent: "verify-code", email, code },
    });
    expect(verified.status).toBe(302);
    sessions(codeVisitor);

    // A password reset, from the email's link to the new password.
    const resetVisitor = visitor(server.baseUrl);
    await resetVisitor.request("/auth", { method: "POST", form: { intent: "request-reset", email } });
    const resetLink = firstLink(await emailTo(server, email, "password-reset"));
    const resetToken = new URL(resetLink).pathname.split("/").pop()!;
    mustNotAppear["the reset token"] = resetToken;
    const toForm = await resetVisitor.request(resetLink);
    expect(toForm.headers.get("location")).toContain(`token=${resetToken}`);
    const newPassword = "new-tide-leakcheck-2026";
    mustNotAppear["the new password"] = newPassword;
    const reset = await resetVisitor.request("/auth/reset-password", {
      method: "POST",
      form: { token: resetToken, password: newPassword, confirm: newPassword },
    });
    expect(reset.status).toBe(302);

    // The demo checkout: an intent (its client secret), the card, and the fake's signed webhook.
    const buyer = visitor(server.baseUrl);
    await buyer.request("/auth", {
      method: "POST",
      form: { intent: "sign-in", email, password: newPassword },
    });
    sessions(buyer);
    const intent = (await (
      await buyer.request("/api/create-payment-intent", { method: "POST", json: {} })
    ).json()) as {
      clientSecret: string;
      paymentIntentId: string;
    };
    mustNotAppear["the payment's client secret"] = intent.clientSecret;
    const card = await buyer.request("/api/demo/confirm-card", {
      method: "POST",
      json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" },
    });
    expect(card.status).toBe(200);
    await expect
      .poll(() =>
        withServerDatabase((db) => db.selectFrom("payment_events").select("type").execute(), server),
      )
      .toEqual([{ type: "payment_intent.succeeded" }]);
    // And an unsigned webhook, refused.
    await fetch(`${server.baseUrl}/api/webhooks/stripe`, { method: "POST", body: "{}" });
    // The emails' failed deliveries have been logged.
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain("email delivery failed");

    await server.stop();
    const log = server.output();
    expect(log).toContain("/api/webhooks/stripe");
    expect(log).toContain("/api/auth/magic-link/verify");
    const found = Object.entries(mustNotAppear)
      .filter(([, value]) => value && log.includes(value))
      .map(([what]) => what);
    expect(found).toEqual([]);
    expect(findSecrets("server log", log, Object.values(mustNotAppear))).toEqual([]);
  });

  it("keeps no payment key or webhook secret when live keys verify a webhook", async () => {
    const server = await startServer({
      BASE_URL: "https://tidewell.example",
      APP_SECRET: FAKE.APP_SECRET,
      STRIPE_SECRET_KEY: FAKE.STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: "pk_test_leakcheck",
      STRIPE_WEBHOOK_SECRET: FAKE.STRIPE_WEBHOOK_SECRET,
      PAYPAL_CLIENT_ID: "paypal-client-leakcheck",
      PAYPAL_CLIENT_SECRET: FAKE.PAYPAL_CLIENT_SECRET,
      PAYPAL_WEBHOOK_ID: "WH-leakcheck",
      LOG_LEVEL: "debug",
    });
    servers.push(server);
    const payload = JSON.stringify({
      id: "evt_leakcheck",
      object: "event",
      type: "payment_intent.succeeded",
      data: {
        object: { id: "pi_leakcheck", object: "payment_intent", amount_received: 2700, currency: "eur" },
      },
    });
    const signature = new Stripe(FAKE.STRIPE_SECRET_KEY).webhooks.generateTestHeaderString({
      payload,
      secret: FAKE.STRIPE_WEBHOOK_SECRET,
    });
    const post = (headers: Record<string, string>) =>
      fetch(`http://localhost:${server.port}/api/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: payload,
      });
    expect((await post({ "stripe-signature": signature })).status).toBe(200);
    // One hex digit of the signature changed (to another digit, whatever it was).
    const tampered = signature.replace(
      /v1=(\w)/,
      (_match, digit: string) => `v1=${digit === "0" ? "1" : "0"}`,
    );
    expect((await post({ "stripe-signature": tampered })).status).toBe(400);
    expect((await post({})).status).toBe(400);

    await server.stop();
    const log = server.output();
    expect(log).toContain("/api/webhooks/stripe");
    for (const [name, value] of Object.entries(FAKE)) expect(log.includes(value), name).toBe(false);
    expect(log).not.toContain(signature);
    expect(findSecrets("server log", log, Object.values(FAKE))).toEqual([]);
  });
});
