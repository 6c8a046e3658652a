import crypto from "node:crypto";
import { generateRandomString, symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { z } from "zod";
import type { Auth } from "#app/modules/accounts/auth.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import type { Db } from "#app/platform/db.server.ts";
import type { StudioOwner } from "./studio.server.ts";
import { authenticatorUri, base32Of, totpStepOf } from "./totp.server.ts";

/**
 * Replacing her authenticator from the studio (a new phone, or a lost one):
 * a new key is shown once, as a QR code and as text, and takes the old one's
 * place only when a code from the app that scanned it comes back. Until then
 * nothing is kept: the new key travels in the page's form, encrypted with the
 * server's key and bound to her, this session, the key it replaces and ten
 * minutes, and it is never shown again.
 */
const PENDING_MINUTES = 10;

const Pending = z.object({
  owner: z.string(),
  session: z.string(),
  key: z.string().min(16),
  /** A digest of the key it replaces, as kept: once that changes, this one is stale. */
  replaces: z.string(),
  until: z.number(),
});

export interface NewAuthenticator {
  totpUri: string;
  /** The key as she would type it into an app that can't scan. */
  secret: string;
  /** The new key, sealed, for the form that confirms it. */
  pending: string;
}

const digestOf = (stored: string) => crypto.createHash("sha256").update(stored).digest("base64url");

/** A new key for her authenticator, to scan; null when she has none to replace. */
export async function startNewAuthenticator(
  deps: { auth: Auth; db: Db },
  owner: StudioOwner,
  now: Date,
): Promise<NewAuthenticator | null> {
  const current = await deps.db
    .selectFrom("twoFactor")
    .select("secret")
    .where("userId", "=", owner.id)
    .executeTakeFirst();
  if (!current) return null;
  // A key as Better Auth's plugin makes one (its text is the HMAC key), so either can check its codes.
  const key = generateRandomString(32);
  const { secretConfig } = await deps.auth.$context;
  const pending = await symmetricEncrypt({
    key: secretConfig,
    data: JSON.stringify({
      owner: owner.id,
      session: owner.sessionId,
      key,
      replaces: digestOf(current.secret),
      until: now.getTime() + PENDING_MINUTES * 60_000,
    } satisfies z.infer<typeof Pending>),
  });
  return { totpUri: authenticatorUri(BRAND.name, owner.email, key), secret: base32Of(key), pending };
}

export type NewAuthenticatorResult = "replaced" | "wrong-code" | "stale";

/**
 * Puts the new key in the old one's place, given a code from it: the old key
 * stops working at once, and her other sessions' studio checks end (the lost
 * phone may be one of them), so they ask for the new one. The code is taken, as
 * every code is once. "stale" when the form is not this session's, is older
 * than ten minutes, or the key it replaces has changed since.
 */
export async function confirmNewAuthenticator(
  deps: { auth: Auth; db: Db },
  owner: StudioOwner,
  sealed: string,
  typedCode: string,
  now: Date,
): Promise<NewAuthenticatorResult> {
  const { secretConfig } = await deps.auth.$context;
  let pending: z.infer<typeof Pending>;
  try {
    pending = Pending.parse(JSON.parse(await symmetricDecrypt({ key: secretConfig, data: sealed })));
  } catch {
    return "stale";
  }
  if (pending.owner !== owner.id || pending.session !== owner.sessionId || pending.until < now.getTime())
    return "stale";
  const code = typedCode.replace(/\s/g, "");
  // The app's clock is the real one, as the check's is (takeTotpStep).
  const step = /^\d{6}$/.test(code) ? totpStepOf(pending.key, code, Date.now()) : null;
  if (step === null) return "wrong-code";
  const current = await deps.db
    .selectFrom("twoFactor")
    .select("secret")
    .where("userId", "=", owner.id)
    .executeTakeFirst();
  if (!current || digestOf(current.secret) !== pending.replaces) return "stale";
  const secret = await symmetricEncrypt({ key: secretConfig, data: pending.key });
  return deps.db.transaction().execute(async (tx) => {
    const replaced = await tx
      .updateTable("twoFactor")
      .set({ secret, lastAcceptedStep: step })
      .where("userId", "=", owner.id)
      .where("secret", "=", current.secret)
      .executeTakeFirst();
    if (replaced.numUpdatedRows === 0n) return "stale";
    await tx
      .deleteFrom("studio_checks")
      .where("user_id", "=", owner.id)
      .where("session_id", "!=", owner.sessionId)
      .execute();
    return "replaced";
  });
}

/** The QR code an authenticator app scans, as SVG (the library loads with the first set-up, not with the server). */
export async function authenticatorQrSvg(totpUri: string): Promise<string> {
  const QRCode = await import("qrcode");
  return QRCode.toString(totpUri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}
