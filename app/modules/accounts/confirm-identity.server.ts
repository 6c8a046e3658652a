import crypto from "node:crypto";
import { sql } from "kysely";
import type { Db } from "#app/platform/db.server.ts";
import { hitLimits, tooManyAttemptsMessage } from "#app/platform/rate-limit.server.ts";
import type { Mailer } from "#app/modules/email/outbox.server.ts";
import { deletionCodeEmail } from "#app/modules/email/templates.ts";
import { CODE_ATTEMPTS, CODE_GUESS_LIMITS, type EndpointLimits } from "./auth-endpoints.ts";
import type { Auth } from "./auth.server.ts";
import { limitChecks, passwordGuessChecks } from "./auth.server.ts";
import { countOf } from "#app/modules/words/plural.ts";

/**
 * Fresh proof that the person at the keyboard is the member, before an
 * action a stolen session must not be enough for (deleting the account):
 * her password, held to the same limits as signing in, or a code emailed to
 * her, which burns after three wrong tries counted in one statement.
 */

export const CONFIRMATION_CODE_MINUTES = 10;
/**
 * New codes asked for, per address and per member. Each new code may be tried
 * three times, so the member's own count is what bounds the guesses a stolen
 * session gets, whatever addresses it comes from (as do the guesses' own
 * limits, below). The recipient's email budget (email/budgets.ts) also holds.
 */
const CODE_REQUESTS: EndpointLimits = {
  ip: [{ limit: 10, windowSeconds: 60 * 60 }],
  email: [
    { limit: 3, windowSeconds: 15 * 60 },
    { limit: 10, windowSeconds: 24 * 60 * 60 },
  ],
};

export interface ConfirmDeps {
  db: Db;
  auth: Auth;
  mailer: Pick<Mailer, "send">;
  /** Keys the stored codes' hashes. */
  codeKey: Buffer;
}

export interface Claimant {
  id: string;
  email: string;
  /** The client's address, for the limits. */
  ip: string;
  /** Her browser's device id when it is one she signed in on with her password (its own allowance of guesses). */
  device?: string | null;
}

export type Proof = { password: string } | { code: string };
export type ProofOutcome =
  | { ok: true }
  | { ok: false; status: 400; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

export const confirmMessages = {
  wrongPassword: "That password isn't right. Please try again, or ask for a code by email instead.",
  noCode: "Please ask for a code first: it goes to your email address.",
  wrongCode: "That code isn't right. Please check it and try again.",
  expiredCode: "That code has expired. Please ask for a new one.",
  usedUp: "That code has been tried too many times. Please ask for a new one.",
  codeSent: (email: string) =>
    `We've emailed a 6-digit code to ${email}. It works for ${countOf(CONFIRMATION_CODE_MINUTES, "minute")}.`,
};

/** Whether the member has a password to confirm with (a social or emailed sign-in has none). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  return Boolean(await passwordHash(db, userId));
}

async function passwordHash(db: Db, userId: string) {
  const row = await db
    .selectFrom("account")
    .select("password")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .where("password", "is not", null)
    .executeTakeFirst();
  return row?.password ?? null;
}

/** Emails a new code for deleting the account; the answer is the same whether or not it went. */
export async function sendDeletionCode(deps: ConfirmDeps, who: Claimant): Promise<ProofOutcome> {
  const limit = await hitLimits(
    deps.db,
    limitChecks("confirm/code-request", CODE_REQUESTS, who.ip, who.email),
  );
  if (!limit.allowed) return tooMany(limit.retryAfterSeconds);
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  const row = {
    user_id: who.id,
    purpose: "delete-account" as const,
    code_hash: hashCode(deps.codeKey, code),
    expires_at: new Date(Date.now() + CONFIRMATION_CODE_MINUTES * 60_000).toISOString(),
    attempts: 0,
  };
  await deps.db
    .insertInto("confirmation_codes")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["user_id", "purpose"]).doUpdateSet({
        code_hash: row.code_hash,
        expires_at: row.expires_at,
        attempts: 0,
      }),
    )
    .execute();
  await deps.mailer.send({
    kind: "deletion-code",
    to: who.email,
    ...deletionCodeEmail({ code, minutes: CONFIRMATION_CODE_MINUTES }),
  });
  return { ok: true };
}

/** Checks the password or the emailed code; a code that matches is used up. */
export async function confirmIdentity(deps: ConfirmDeps, who: Claimant, proof: Proof): Promise<ProofOutcome> {
  return "password" in proof ? checkPassword(deps, who, proof.password) : checkCode(deps, who, proof.code);
}

async function checkPassword(deps: ConfirmDeps, who: Claimant, password: string): Promise<ProofOutcome> {
  const limit = await hitLimits(deps.db, passwordGuessChecks(who.ip, who.email, who.device));
  if (!limit.allowed) return tooMany(limit.retryAfterSeconds);
  const hash = await passwordHash(deps.db, who.id);
  const context = await deps.auth.$context;
  const right = hash !== null && (await context.password.verify({ hash, password }));
  return right ? { ok: true } : { ok: false, status: 400, message: confirmMessages.wrongPassword };
}

async function checkCode(deps: ConfirmDeps, who: Claimant, code: string): Promise<ProofOutcome> {
  const limit = await hitLimits(
    deps.db,
    limitChecks("confirm/code-check", CODE_GUESS_LIMITS, who.ip, who.email),
  );
  if (!limit.allowed) return tooMany(limit.retryAfterSeconds);
  // Counted and read in one statement: tries sent together are counted one by one.
  const row = await deps.db
    .updateTable("confirmation_codes")
    .set({ attempts: sql`attempts + 1` })
    .where("user_id", "=", who.id)
    .where("purpose", "=", "delete-account")
    .returning(["code_hash", "expires_at", "attempts"])
    .executeTakeFirst();
  if (!row) return { ok: false, status: 400, message: confirmMessages.noCode };
  const forget = () =>
    deps.db
      .deleteFrom("confirmation_codes")
      .where("user_id", "=", who.id)
      .where("purpose", "=", "delete-account")
      .execute();
  if (row.attempts > CODE_ATTEMPTS) {
    await forget();
    return { ok: false, status: 400, message: confirmMessages.usedUp };
  }
  if (new Date(row.expires_at).getTime() < Date.now()) {
    await forget();
    return { ok: false, status: 400, message: confirmMessages.expiredCode };
  }
  const given = Buffer.from(hashCode(deps.codeKey, code));
  if (!crypto.timingSafeEqual(given, Buffer.from(row.code_hash))) {
    return { ok: false, status: 400, message: confirmMessages.wrongCode };
  }
  await forget();
  return { ok: true };
}

/** Over a limit: the wait in words, and in seconds for the Retry-After header. */
function tooMany(retryAfterSeconds: number): ProofOutcome {
  return { ok: false, status: 429, message: tooManyAttemptsMessage(retryAfterSeconds), retryAfterSeconds };
}

function hashCode(key: Buffer, code: string) {
  return crypto.createHmac("sha256", key).update(code).digest("hex");
}

/** Codes past their time, removed by the server's hourly tidy-up. */
export async function pruneExpiredCodes(db: Db, now = new Date()) {
  await db.deleteFrom("confirmation_codes").where("expires_at", "<", now.toISOString()).execute();
}
