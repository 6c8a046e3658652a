import { studioTimeZone } from "./settings.server.ts";
import type { Auth } from "#app/modules/accounts/auth.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import {
  hitLimits,
  limitKey,
  tooManyAttemptsMessage,
  type LimitRule,
} from "#app/platform/rate-limit.server.ts";
import { recordAudit } from "./audit.server.ts";
import {
  authenticatorQrSvg,
  confirmNewAuthenticator,
  startNewAuthenticator,
} from "./authenticator.server.ts";
import { shownBackupCodes, type ShownBackupCodes } from "./backup-codes.ts";
import { backupCodeKeys, remakeBackupCodes } from "./backup-codes.server.ts";
import type { SecurityForm } from "./forms.ts";
import { removePasskey } from "./passkeys.server.ts";
import { requireFreshStudioCheck, requireRecentStudioCheck } from "./recent-check.server.ts";
import type { StudioOwner } from "./studio.server.ts";

const HERE = "/studio/security";

/** What the security page's forms get back. */
export type SecurityAnswer =
  /** Done: on to the page, with its message. */
  | { kind: "done"; next: string; message: string }
  /** Refused, and why; with the new key's form again when its code was wrong. */
  | { kind: "refused"; status: number; message: string; retryAfterSeconds?: number; pending?: string }
  /** Her new backup codes, shown once: the old ones no longer work. */
  | { kind: "backup-codes"; backupCodes: ShownBackupCodes }
  /** A new key for her authenticator app, shown once, and the form that confirms it. */
  | { kind: "new-authenticator"; qrSvg: string; secret: string; pending: string };

/** How often each may be asked for, per owner. */
const LIMITS = {
  "new-backup-codes": { limit: 5, windowSeconds: 60 * 60 },
  "new-authenticator": { limit: 5, windowSeconds: 60 * 60 },
  "new-authenticator-code": { limit: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

type Refusal = Extract<SecurityAnswer, { kind: "refused" }>;

async function overLimit(db: Db, what: keyof typeof LIMITS, ownerId: string): Promise<Refusal | null> {
  const hit = await hitLimits(db, [{ key: limitKey(`studio-${what}`, ownerId), rule: LIMITS[what] }]);
  if (hit.allowed) return null;
  const { retryAfterSeconds } = hit;
  return {
    kind: "refused",
    status: 429,
    message: tooManyAttemptsMessage(retryAfterSeconds),
    retryAfterSeconds,
  };
}

const NO_AUTHENTICATOR: SecurityAnswer = {
  kind: "refused",
  status: 409,
  message: "There is no authenticator set up on your account.",
};

/**
 * Does what the security page's forms ask. Removing a passkey needs the second
 * factor given minutes ago, as every sensitive change does; new backup codes or
 * a new authenticator need it given just now (requireFreshStudioCheck). The new
 * key's code comes back within the ten minutes its form holds it, in this
 * session (authenticator.server.ts): that form is the fresh check carried on.
 */
export async function answerSecurityForm(
  deps: { auth: Auth; db: Db },
  owner: StudioOwner,
  headers: Headers,
  form: SecurityForm,
  now: Date,
): Promise<SecurityAnswer> {
  const { db } = deps;
  switch (form.intent) {
    case "remove-passkey": {
      requireRecentStudioCheck(owner, now, HERE);
      const removed = await removePasskey(deps, owner, headers, form.id, now);
      return removed.ok
        ? { kind: "done", next: HERE, message: removed.message }
        : { kind: "refused", ...removed };
    }
    case "new-backup-codes": {
      requireFreshStudioCheck(owner, now, HERE);
      const refused = await overLimit(db, "new-backup-codes", owner.id);
      if (refused) return refused;
      const codes = await remakeBackupCodes(db, await backupCodeKeys(deps.auth), owner.id);
      if (!codes) return NO_AUTHENTICATOR;
      await recordAudit(
        db,
        { actorId: owner.id, action: "owner.backup-codes-remade", subjectId: owner.id, ip: owner.ip },
        now,
      );
      return {
        kind: "backup-codes",
        backupCodes: shownBackupCodes(codes, owner, now, await studioTimeZone(db, owner.id)),
      };
    }
    case "backup-codes-saved":
      return { kind: "done", next: HERE, message: "Your new backup codes are ready. Each one works once." };
    case "new-authenticator": {
      requireFreshStudioCheck(owner, now, HERE);
      const refused = await overLimit(db, "new-authenticator", owner.id);
      if (refused) return refused;
      const started = await startNewAuthenticator(deps, owner, now);
      if (!started) return NO_AUTHENTICATOR;
      const { totpUri, secret, pending } = started;
      return { kind: "new-authenticator", qrSvg: await authenticatorQrSvg(totpUri), secret, pending };
    }
    case "confirm-authenticator": {
      const refused = await overLimit(db, "new-authenticator-code", owner.id);
      if (refused) return { ...refused, pending: form.pending };
      const result = await confirmNewAuthenticator(deps, owner, form.pending, form.code, now);
      if (result === "wrong-code")
        return {
          kind: "refused",
          status: 400,
          message: "That code didn't match. Enter the code your new authenticator app shows now.",
          pending: form.pending,
        };
      if (result === "stale")
        return {
          kind: "refused",
          status: 409,
          message: "That set-up has run out of time. Please start replacing your authenticator again.",
        };
      await recordAudit(
        db,
        { actorId: owner.id, action: "owner.authenticator-replaced", subjectId: owner.id, ip: owner.ip },
        now,
      );
      return {
        kind: "done",
        next: HERE,
        message: "Your new authenticator is set up. Codes from the old one no longer work.",
      };
    }
  }
}
