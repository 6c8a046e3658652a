import { APIError } from "better-auth/api";
import type { Auth } from "#app/modules/accounts/auth.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import { recordAudit } from "./audit.server.ts";
import {
  clearAttempts,
  countAttempt,
  recordCheck,
  sessionTokenSet,
  type SecondFactorResult,
  type StudioOwner,
} from "./studio.server.ts";

/**
 * An owner's passkeys (Better Auth's passkey plugin): added in the studio
 * once she is in, then usable instead of the authenticator's code. The
 * WebAuthn ceremony runs in her browser; its challenge travels in a signed
 * cookie Better Auth sets with the options, passed on here both ways.
 */
export interface OwnerPasskey {
  id: string;
  name: string;
  addedAt: string | null;
}

export async function ownerPasskeys(db: Db, ownerId: string): Promise<OwnerPasskey[]> {
  const rows = await db
    .selectFrom("passkey")
    .select(["id", "name", "createdAt"])
    .where("userId", "=", ownerId)
    .orderBy("createdAt")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name || "Passkey",
    addedAt: row.createdAt ? new Date(row.createdAt).toISOString() : null,
  }));
}

export interface CeremonyOptions {
  options: unknown;
  setCookies: string[];
}

/** What her browser needs to make a new passkey for her account. */
export async function registrationOptions(auth: Auth, headers: Headers): Promise<CeremonyOptions> {
  const { headers: answered, response } = await auth.api.generatePasskeyRegistrationOptions({
    headers,
    returnHeaders: true,
  });
  return { options: response, setCookies: answered.getSetCookie() };
}

/** What her browser needs to sign in with one of her passkeys. */
export async function authenticationOptions(auth: Auth, headers: Headers): Promise<CeremonyOptions> {
  const { headers: answered, response } = await auth.api.generatePasskeyAuthenticationOptions({
    headers,
    returnHeaders: true,
  });
  return { options: response, setCookies: answered.getSetCookie() };
}

export type PasskeyResult = { ok: true; message: string } | { ok: false; status: number; message: string };

const NAME_MAX = 60;

/** Keeps the passkey her browser made, under a name she can recognise. */
export async function addPasskey(
  deps: { auth: Auth; db: Db },
  owner: StudioOwner,
  headers: Headers,
  response: unknown,
  rawName: string,
  now = new Date(),
): Promise<PasskeyResult> {
  const name = rawName.trim().slice(0, NAME_MAX) || "Passkey";
  let added: { id: string };
  try {
    added = await deps.auth.api.verifyPasskeyRegistration({
      body: { response: response as never, name },
      headers,
    });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    return { ok: false, status: 400, message: "That passkey couldn't be added. Please try again." };
  }
  // By its id: the name she gave it is words, which the log does not keep.
  await recordAudit(
    deps.db,
    {
      actorId: owner.id,
      action: "owner.passkey-added",
      subjectId: owner.id,
      detail: { passkey: added.id },
      ip: owner.ip,
    },
    now,
  );
  return { ok: true, message: "Passkey added." };
}

/** Removes one of her own passkeys (Better Auth checks it is hers). */
export async function removePasskey(
  deps: { auth: Auth; db: Db },
  owner: StudioOwner,
  headers: Headers,
  id: string,
  now = new Date(),
): Promise<PasskeyResult> {
  try {
    await deps.auth.api.deletePasskey({ body: { id }, headers });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    return { ok: false, status: 404, message: "There is no such passkey of yours." };
  }
  await recordAudit(
    deps.db,
    { actorId: owner.id, action: "owner.passkey-removed", subjectId: owner.id, ip: owner.ip },
    now,
  );
  return { ok: true, message: "Passkey removed." };
}

/**
 * Her passkey as the studio's second factor: counted like a code first, then
 * verified (with her fingerprint, face or PIN). Better Auth answers with a new
 * session, which must be hers; the check is recorded on it.
 */
export async function completePasskeyCheck(
  deps: { auth: Auth; db: Db },
  owner: StudioOwner,
  headers: Headers,
  response: unknown,
  now = new Date(),
): Promise<SecondFactorResult> {
  const refused = await countAttempt(deps.db, owner.id);
  if (refused) return refused;
  const failed: SecondFactorResult = {
    ok: false,
    status: 400,
    message: "That passkey didn't open the studio. Try again, or use your authenticator's code.",
  };
  let answered: Headers;
  let userId: string;
  try {
    const result = await deps.auth.api.verifyPasskeyAuthentication({
      body: { response: response as never },
      headers,
      returnHeaders: true,
    });
    answered = result.headers;
    userId = (result.response as { user: { id: string } }).user.id;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    await recordAudit(
      deps.db,
      {
        actorId: owner.id,
        action: "studio.second-factor-failed",
        subjectId: owner.id,
        detail: { method: "passkey" },
        ip: owner.ip,
      },
      now,
    );
    return failed;
  }
  const token = await sessionTokenSet(deps.auth, answered);
  // Someone else's passkey signs in as someone else: that session is not hers, and goes.
  if (userId !== owner.id || !token) {
    if (token)
      await deps.auth.api.revokeSession({ body: { token }, headers: answeredAs(answered) }).catch(() => {});
    return failed;
  }
  const session = await deps.db
    .selectFrom("session")
    .select("id")
    .where("token", "=", token)
    .executeTakeFirstOrThrow();
  await recordCheck(deps.db, { sessionId: session.id, userId: owner.id, method: "passkey" }, now);
  await clearAttempts(deps.db, owner.id);
  await recordAudit(
    deps.db,
    {
      actorId: owner.id,
      action: "studio.second-factor",
      subjectId: owner.id,
      detail: { method: "passkey" },
      ip: owner.ip,
    },
    now,
  );
  return { ok: true, setCookies: answered.getSetCookie() };
}

/** Request headers carrying the cookies a response set: to act as the session it made. */
function answeredAs(answered: Headers): Headers {
  const cookie = answered
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return new Headers({ cookie });
}
