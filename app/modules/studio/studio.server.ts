import { APIError } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { CLIENT_IP_HEADER, passwordGuessChecks, type Auth } from "#app/modules/accounts/auth.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import { hitLimits, limitKey, resetLimit, tooManyAttemptsMessage } from "#app/platform/rate-limit.server.ts";
import { recordAudit } from "./audit.server.ts";
import { normaliseBackupCode } from "./backup-codes.ts";
import { backupCodeKeys, takeBackupCode } from "./backup-codes.server.ts";
import { studioAccess, type StudioAccess } from "./gate.ts";
import { totpStepOf } from "./totp.server.ts";

/** The owner in the studio: who she is, and this session's second factor. */
export interface StudioOwner {
  id: string;
  email: string;
  name: string;
  sessionId: string;
  checkedAt: Date | null;
  ip: string | null;
}

export interface StudioVisit {
  access: StudioAccess;
  owner: StudioOwner | null;
  /** Whether she has a password (enrolling asks for it then, as Better Auth does). */
  hasPassword: boolean;
}

/** Reads the session and its studio check, and decides as studioAccess does. */
export async function studioVisit(auth: Auth, db: Db, headers: Headers, now: Date): Promise<StudioVisit> {
  const session = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
  if (!session) return { access: "sign-in", owner: null, hasPassword: false };
  const { user } = session;
  const check = await db
    .selectFrom("studio_checks")
    .select("verified_at")
    .where("session_id", "=", session.session.id)
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  const checkedAt = check ? new Date(check.verified_at) : null;
  const role = (user as { role?: string | null }).role ?? "member";
  const twoFactorEnabled = Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled);
  const access = studioAccess({ role, twoFactorEnabled, checkedAt }, now);
  if (access === "refused") return { access, owner: null, hasPassword: false };
  const credential = await db
    .selectFrom("account")
    .select("id")
    .where("userId", "=", user.id)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  return {
    access,
    owner: {
      id: user.id,
      email: user.email,
      name: user.name,
      sessionId: session.session.id,
      checkedAt,
      ip: headers.get(CLIENT_IP_HEADER),
    },
    hasPassword: Boolean(credential),
  };
}

/** Guesses of the second factor: per owner, counted before each check, atomically (five in 15 minutes). */
export const SECOND_FACTOR_ATTEMPTS = 5;
const SECOND_FACTOR_WINDOW_SECONDS = 15 * 60;

export type SecondFactorResult =
  | { ok: true; setCookies: string[] }
  | { ok: false; status: 400 | 429; message: string; retryAfterSeconds?: number };

export type SecondFactorMethod = "totp" | "backup-code" | "passkey";

/**
 * Checks a code from her authenticator (or one of her backup codes) for this
 * session, and records the check. Each attempt is counted first, in one
 * statement, so guesses sent together are counted one by one; past the
 * allowance she waits, right code or not. Each code works once: an
 * authenticator's code takes its time step first (`takeTotpStep`), a backup
 * code is struck off in one compare-and-set (`takeBackupCode`). The first code
 * after enrolling also turns her second factor on (Better Auth then issues a
 * new session, whose cookie is passed on).
 */
export async function completeSecondFactor(
  deps: { auth: Auth; db: Db },
  owner: StudioOwner,
  headers: Headers,
  method: SecondFactorMethod,
  rawCode: string,
  now = new Date(),
): Promise<SecondFactorResult> {
  const refused = await countAttempt(deps.db, owner.id);
  if (refused) return refused;
  if (method === "backup-code") return completeWithBackupCode(deps, owner, rawCode, now);
  // "123 456" as some apps show it.
  const code = rawCode.replace(/\s/g, "");
  if (!/^\d{6}$/.test(code)) return wrong(method);
  const taken = await takeTotpStep(deps, owner.id, code);
  if (taken !== "taken") {
    await recordRefusal(deps.db, owner, method, now);
    return taken === "used" ? USED_CODE : wrong(method);
  }
  try {
    const { headers: answered, response } = await deps.auth.api.verifyTOTP({
      body: { code },
      headers,
      returnHeaders: true,
    });
    // Turning the second factor on replaces her session (a new cookie); otherwise it is the one she holds.
    const token = (await sessionTokenSet(deps.auth, answered)) ?? sessionTokenOf(response);
    const session = await deps.db
      .selectFrom("session")
      .select("id")
      .where("token", "=", token)
      .executeTakeFirstOrThrow();
    await recordPassed(deps.db, owner, session.id, method, now);
    return { ok: true, setCookies: answered.getSetCookie() };
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    await recordRefusal(deps.db, owner, method, now);
    return wrong(method);
  }
}

/** A backup code, as she typed it (either case, with or without its dash): the check is this session's. */
async function completeWithBackupCode(
  deps: { auth: Auth; db: Db },
  owner: StudioOwner,
  typed: string,
  now: Date,
): Promise<SecondFactorResult> {
  if (!normaliseBackupCode(typed)) return wrong("backup-code");
  if (!(await takeBackupCode(deps.db, await backupCodeKeys(deps.auth), owner.id, typed))) {
    await recordRefusal(deps.db, owner, "backup-code", now);
    return wrong("backup-code");
  }
  await recordPassed(deps.db, owner, owner.sessionId, "backup-code", now);
  return { ok: true, setCookies: [] };
}

/** The check recorded on the session, her attempts started afresh, and the entry in the log. */
async function recordPassed(
  db: Db,
  owner: StudioOwner,
  sessionId: string,
  method: SecondFactorMethod,
  now: Date,
) {
  await recordCheck(db, { sessionId, userId: owner.id, method }, now);
  await clearAttempts(db, owner.id);
  await recordAudit(
    db,
    {
      actorId: owner.id,
      action: "studio.second-factor",
      subjectId: owner.id,
      detail: { method },
      ip: owner.ip,
    },
    now,
  );
}

async function recordRefusal(db: Db, owner: StudioOwner, method: SecondFactorMethod, now: Date) {
  await recordAudit(
    db,
    {
      actorId: owner.id,
      action: "studio.second-factor-failed",
      subjectId: owner.id,
      detail: { method },
      ip: owner.ip,
    },
    now,
  );
}

/**
 * Takes an authenticator's code for its owner once. The code names its time
 * step; the step is taken only if it is newer than the last one she used, in
 * one conditional update, so the same code sent from two sessions at once, or
 * sent again for the ten-minute re-check, finds its step taken. Better Auth's
 * plugin then checks the code against the real clock, so the step is read from
 * that clock too.
 */
async function takeTotpStep(
  deps: { auth: Auth; db: Db },
  ownerId: string,
  code: string,
): Promise<"taken" | "used" | "wrong"> {
  const authenticator = await deps.db
    .selectFrom("twoFactor")
    .select("secret")
    .where("userId", "=", ownerId)
    .executeTakeFirst();
  if (!authenticator) return "wrong";
  const key = await symmetricDecrypt({
    key: (await deps.auth.$context).secretConfig,
    data: authenticator.secret,
  });
  const step = totpStepOf(key, code, Date.now());
  if (step === null) return "wrong";
  const taken = await deps.db
    .updateTable("twoFactor")
    .set({ lastAcceptedStep: step })
    .where("userId", "=", ownerId)
    .where((eb) => eb.or([eb("lastAcceptedStep", "is", null), eb("lastAcceptedStep", "<", step)]))
    .executeTakeFirst();
  return taken.numUpdatedRows > 0n ? "taken" : "used";
}

/** The session token in a Set-Cookie Better Auth sent, if it sent one ("token.signature", URL-encoded). */
export async function sessionTokenSet(auth: Auth, headers: Headers): Promise<string | null> {
  const { name } = (await auth.$context).authCookies.sessionToken;
  for (const cookie of headers.getSetCookie()) {
    const [pair = ""] = cookie.split(";");
    const at = pair.indexOf("=");
    if (pair.slice(0, at) !== name) continue;
    const value = decodeURIComponent(pair.slice(at + 1));
    if (value) return value.slice(0, value.lastIndexOf("."));
  }
  return null;
}

/** The session's token in Better Auth's answer to a code (as a token, or in the session). */
function sessionTokenOf(response: unknown): string {
  const answer = response as { token?: string; session?: { token?: string } };
  const token = answer.token ?? answer.session?.token;
  if (!token) throw new Error("The second factor's answer named no session");
  return token;
}

/**
 * Counts one attempt at the second factor (any kind), before it is checked, in one statement: a
 * refusal once the owner's five in 15 minutes are spent, else null.
 */
export async function countAttempt(db: Db, ownerId: string): Promise<SecondFactorResult | null> {
  const attempt = await hitLimits(db, [
    {
      key: limitKey("studio-second-factor", ownerId),
      rule: { limit: SECOND_FACTOR_ATTEMPTS, windowSeconds: SECOND_FACTOR_WINDOW_SECONDS },
    },
  ]);
  if (attempt.allowed) return null;
  return {
    ok: false,
    status: 429,
    message: tooManyAttemptsMessage(attempt.retryAfterSeconds),
    retryAfterSeconds: attempt.retryAfterSeconds,
  };
}

/** Her attempts start afresh once she has given the second factor. */
export async function clearAttempts(db: Db, ownerId: string) {
  await resetLimit(db, limitKey("studio-second-factor", ownerId));
}

const USED_CODE: SecondFactorResult = {
  ok: false,
  status: 400,
  message:
    "That code has been used already. Wait for your authenticator app to show a new one, then enter it.",
};

function wrong(method: SecondFactorMethod): SecondFactorResult {
  return {
    ok: false,
    status: 400,
    message:
      method === "totp"
        ? "That code didn't match. Check your authenticator app and enter the code it shows now."
        : "That backup code didn't match, or it has been used already.",
  };
}

export async function recordCheck(
  db: Db,
  check: { sessionId: string; userId: string; method: SecondFactorMethod },
  now: Date,
) {
  await db
    .insertInto("studio_checks")
    .values({
      session_id: check.sessionId,
      user_id: check.userId,
      method: check.method,
      verified_at: now.toISOString(),
    })
    .onConflict((oc) =>
      oc.column("session_id").doUpdateSet({ method: check.method, verified_at: now.toISOString() }),
    )
    .execute();
}

interface Enrolment {
  totpUri: string;
  /** The secret as she would type it into an app that can't scan. */
  secret: string;
  backupCodes: string[];
}

export type EnrolmentResult =
  { ok: true; enrolment: Enrolment } | { ok: false; status: 400 | 429; message: string };

/**
 * Starts setting up her authenticator: a new secret and backup codes, on until her first code.
 * Her password, when she has one, is held to the sign-in's counters: someone holding her session
 * before she has set it up gets no fresh set of guesses here.
 */
export async function startEnrolment(
  deps: { auth: Auth; db: Db },
  owner: { email: string; ip: string | null; device?: string | null },
  headers: Headers,
  password: string | undefined,
): Promise<EnrolmentResult> {
  if (password !== undefined) {
    const limit = await hitLimits(
      deps.db,
      passwordGuessChecks(owner.ip ?? "unknown", owner.email, owner.device),
    );
    if (!limit.allowed)
      return { ok: false, status: 429, message: tooManyAttemptsMessage(limit.retryAfterSeconds) };
  }
  const { auth } = deps;
  try {
    const result = await auth.api.enableTwoFactor({
      body: { ...(password ? { password } : {}) },
      headers,
    });
    if (!("totpURI" in result) || !result.totpURI)
      return { ok: false, status: 400, message: "Could not start setting up." };
    const secret = new URL(result.totpURI).searchParams.get("secret") ?? "";
    return {
      ok: true,
      enrolment: { totpUri: result.totpURI, secret, backupCodes: result.backupCodes ?? [] },
    };
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    if (error.status === "TOO_MANY_REQUESTS")
      return { ok: false, status: 429, message: error.body?.message ?? tooManyAttemptsMessage(60) };
    return {
      ok: false,
      status: 400,
      message:
        error.body?.code === "INVALID_PASSWORD"
          ? "That password didn't match. Enter the password you sign in with."
          : "Your authenticator is already set up.",
    };
  }
}
