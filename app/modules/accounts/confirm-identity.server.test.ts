import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "#app/platform/env.server.ts";
import { createLogger } from "#app/platform/log.server.ts";
import { deriveKey } from "#app/platform/secret.server.ts";
import { closeServices, createServices, type AppServices } from "#app/services.server.ts";
import { PASSWORD } from "../../../tests/support/accounts.ts";
import { sixDigitCode } from "../../../tests/support/cookie-client.ts";
import { signedInMember } from "../../../tests/support/members.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { CODE_GUESS_LIMITS, PASSWORD_LIMITS } from "./auth-endpoints.ts";
import { CLIENT_IP_HEADER } from "./auth.server.ts";
import {
  CONFIRMATION_CODE_MINUTES,
  confirmIdentity,
  confirmMessages,
  hasPassword,
  sendDeletionCode,
  type Claimant,
  type ConfirmDeps,
} from "./confirm-identity.server.ts";
import { signInWithPassword } from "./sign-in.server.ts";
import { QUICK_PASSWORDS } from "../../../tests/support/quick-passwords.ts";

/** Fresh proof before deleting an account: the password, or an emailed code, each held to its limits. */
describe.each(testDialects)("confirming a member's identity on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let smtp: TestSmtpServer;
  let services: AppServices;
  let deps: ConfirmDeps;
  let dataDir: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-confirm-"));
    const env = parseEnv({
      BASE_URL: "http://localhost:3997",
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      APP_SECRET: "c".repeat(48),
    });
    services = await createServices(env, createLogger("silent"), { database, passwords: QUICK_PASSWORDS });
    deps = {
      db: services.database.db,
      auth: services.auth,
      mailer: services.mailer,
      codeKey: deriveKey(services.secret, "confirmation-code"),
    };
  });
  afterAll(async () => {
    if (services) await closeServices(services);
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const someone = async (): Promise<Claimant> => {
    const member = await signedInMember(services);
    return {
      id: member.id,
      email: member.email,
      ip: `10.7.${crypto.randomInt(256)}.${crypto.randomInt(256)}`,
    };
  };
  const emailedCode = async (who: Claimant) => {
    expect(await sendDeletionCode(deps, who)).toEqual({ ok: true });
    await services.mailer.settled();
    const mails = smtp.messages.filter((m) => m.to.includes(who.email) && /delete your/.test(m.subject));
    return sixDigitCode(mails.at(-1)!.subject);
  };
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  it("takes her password, and refuses another", async () => {
    const who = await someone();
    expect(await hasPassword(deps.db, who.id)).toBe(true);
    expect(await confirmIdentity(deps, who, { password: PASSWORD })).toEqual({ ok: true });
    expect(await confirmIdentity(deps, who, { password: "not-her-password" })).toEqual({
      ok: false,
      status: 400,
      message: confirmMessages.wrongPassword,
    });
  });

  it("counts password guesses with signing in: a thief gets no second set", async () => {
    const who = await someone();
    const [rule] = PASSWORD_LIMITS.email!;
    // Her own sign-in, in someone(), was the first.
    for (let n = 1; n < rule!.limit; n += 1) {
      expect(await confirmIdentity(deps, who, { password: `guess-${n}` })).toMatchObject({ status: 400 });
    }
    expect(await confirmIdentity(deps, who, { password: PASSWORD })).toMatchObject({
      ok: false,
      status: 429,
    });
    const signIn = await signInWithPassword(services.auth, new Headers({ [CLIENT_IP_HEADER]: "10.7.0.1" }), {
      email: who.email,
      password: PASSWORD,
    });
    expect(signIn).toMatchObject({ ok: false, status: 429 });
  });

  it("caps password guesses at forty a day per account, however they are spread over the day and its addresses", async () => {
    const who = await someone();
    const [quarterHour, day] = PASSWORD_LIMITS.email!;
    // Each guess let through is checked against her password; the rest are refused before it.
    const context = await services.auth.$context;
    const verify = vi.spyOn(context.password, "verify");
    const start = Date.now();
    let checked = 0;
    try {
      for (let window = 0; window < 8; window += 1) {
        vi.useFakeTimers({ toFake: ["Date"], now: start + window * (quarterHour!.windowSeconds + 1) * 1000 });
        const answers = await Promise.all(
          Array.from({ length: quarterHour!.limit }, (_, i) =>
            confirmIdentity(
              deps,
              { ...who, ip: `198.51.${window}.${i + 1}` },
              { password: `guess-${window}-${i}` },
            ),
          ),
        );
        checked += answers.filter((answer) => !answer.ok && answer.status === 400).length;
      }
      // Her own sign-in, in someone(), was the day's first.
      expect(checked).toBe(day!.limit - 1);
      expect(await confirmIdentity(deps, who, { password: PASSWORD })).toMatchObject({ status: 429 });
      expect(verify).toHaveBeenCalledTimes(day!.limit - 1);
    } finally {
      vi.useRealTimers();
      verify.mockRestore();
    }
  });

  it("lets her in on a browser she signed in on once a stranger has spent the account's guesses, and no unknown browser", async () => {
    const who = await someone();
    const deviceCookie = services.devices.issue(who.email).split(";")[0]!;
    const device = services.devices.recognise(deviceCookie, who.email);
    const [quarterHour] = PASSWORD_LIMITS.email!;
    // A stranger's forty guesses at once, each from its own address.
    const stranger = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        confirmIdentity(deps, { ...who, ip: `198.51.100.${i + 1}` }, { password: `guess-${i}` }),
      ),
    );
    // Her own sign-in, in someone(), was the first.
    expect(stranger.filter((answer) => !answer.ok && answer.status === 400)).toHaveLength(
      quarterHour!.limit - 1,
    );
    const signIn = (cookie?: string) =>
      signInWithPassword(
        services.auth,
        new Headers({ [CLIENT_IP_HEADER]: "10.7.0.2", ...(cookie ? { cookie } : {}) }),
        { email: who.email, password: PASSWORD },
      );
    expect(await confirmIdentity(deps, who, { password: PASSWORD })).toMatchObject({ status: 429 });
    expect(await signIn()).toMatchObject({ ok: false, status: 429 });
    expect(await confirmIdentity(deps, { ...who, device }, { password: PASSWORD })).toEqual({ ok: true });
    expect(await signIn(deviceCookie)).toMatchObject({ ok: true });
    // A device cookie of someone else's account counts for that account alone.
    const theirs = services.devices.issue("someone-else@example.com").split(";")[0]!;
    expect(await signIn(theirs)).toMatchObject({ ok: false, status: 429 });
  });

  it("holds a browser she signed in on to its own allowance, guesses sent at once and all", async () => {
    const who = await someone();
    const device = services.devices.recognise(services.devices.issue(who.email).split(";")[0]!, who.email);
    const [quarterHour] = PASSWORD_LIMITS.device!;
    const guesses = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        confirmIdentity(deps, { ...who, device, ip: `203.0.113.${i + 1}` }, { password: `guess-${i}` }),
      ),
    );
    expect(guesses.filter((answer) => !answer.ok && answer.status === 400)).toHaveLength(quarterHour!.limit);
    expect(await confirmIdentity(deps, { ...who, device }, { password: PASSWORD })).toMatchObject({
      status: 429,
    });
    // Its guesses were its own: the account's allowance is untouched.
    expect(await confirmIdentity(deps, who, { password: PASSWORD })).toEqual({ ok: true });
  });

  it("takes the code it emailed, once", async () => {
    const who = await someone();
    const code = await emailedCode(who);
    expect(await confirmIdentity(deps, who, { code: wrong(code) })).toMatchObject({
      message: confirmMessages.wrongCode,
    });
    expect(await confirmIdentity(deps, who, { code })).toEqual({ ok: true });
    expect(await confirmIdentity(deps, who, { code })).toMatchObject({ message: confirmMessages.noCode });
  });

  it("burns the code after three wrong tries, even fifty sent at once", async () => {
    const who = await someone();
    const code = await emailedCode(who);
    const tries = await Promise.all(
      Array.from({ length: 50 }, () => confirmIdentity(deps, who, { code: wrong(code) })),
    );
    expect(tries.filter((t) => !t.ok && t.message === confirmMessages.wrongCode).length).toBeLessThanOrEqual(
      3,
    );
    expect(tries.every((t) => !t.ok)).toBe(true);
    expect((await confirmIdentity(deps, who, { code })).ok).toBe(false);
  });

  it("gives a new code three tries afresh", async () => {
    const who = await someone();
    const first = await emailedCode(who);
    for (let n = 0; n < 3; n += 1) await confirmIdentity(deps, who, { code: wrong(first) });
    expect(await confirmIdentity(deps, who, { code: await emailedCode(who) })).toEqual({ ok: true });
  });

  it("bounds a stolen session's guesses however many codes it asks for, from however many addresses at once", async () => {
    const who = await someone();
    const [quarterHour] = CODE_GUESS_LIMITS.email!;
    let guessesChecked = 0;
    let codesSent = 0;
    for (let round = 0; round < 3; round += 1) {
      // Twenty new codes asked for at once, each from its own address.
      const asked = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          sendDeletionCode(deps, { ...who, ip: `198.51.${round}.${i + 1}` }),
        ),
      );
      codesSent += asked.filter((answer) => answer.ok).length;
      expect(asked.filter((answer) => !answer.ok)).toEqual(
        Array(20 - asked.filter((answer) => answer.ok).length).fill(expect.objectContaining({ status: 429 })),
      );
      // Then thirty guesses at once, each from its own address.
      const guesses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          confirmIdentity(deps, { ...who, ip: `203.0.${round}.${i + 1}` }, { code: String(100_000 + i) }),
        ),
      );
      guessesChecked += guesses.filter((answer) => answer.ok || answer.status !== 429).length;
    }
    expect(codesSent).toBe(3);
    expect(guessesChecked).toBe(quarterHour!.limit);
    // Even the code she was sent now waits for the quarter of an hour to pass.
    await services.mailer.settled();
    const mails = smtp.messages.filter((m) => m.to.includes(who.email) && /delete your/.test(m.subject));
    const latest = sixDigitCode(mails.at(-1)!.subject);
    expect(await confirmIdentity(deps, who, { code: latest })).toMatchObject({ ok: false, status: 429 });
  });

  it("refuses a code once it has expired", async () => {
    const who = await someone();
    const code = await emailedCode(who);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (CONFIRMATION_CODE_MINUTES * 60 + 5) * 1000 });
    try {
      expect(await confirmIdentity(deps, who, { code })).toMatchObject({
        message: confirmMessages.expiredCode,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps only a keyed hash of the code", async () => {
    const who = await someone();
    const code = await emailedCode(who);
    const row = await deps.db
      .selectFrom("confirmation_codes")
      .selectAll()
      .where("user_id", "=", who.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.code_hash).not.toBe(crypto.createHash("sha256").update(code).digest("hex"));
  });
});
