import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";

/**
 * Signed, expiring media URLs. The signature is an HMAC-SHA256 over the key
 * id, the path, the expiry and the member's id, so a URL works only for the
 * member it was made for, only until it expires, and only for that file.
 * The key id lets keys be rotated: new URLs use the first key, and URLs made
 * with an older key still in the ring keep working until they expire.
 * Every Range request of a playing track is checked, so this is node:crypto,
 * synchronous, with each key imported once, and compared in constant time.
 */

export interface SigningKey {
  id: string;
  secret: Uint8Array;
}

export interface SignedParams {
  /** Unix seconds. */
  exp: number;
  kid: string;
  sig: string;
}

export const SIGNED_URL_LIFETIME_SECONDS = 3600;

const imported = new WeakMap<SigningKey, KeyObject>();

function mac(key: SigningKey, path: string, exp: number, userId: string): Buffer {
  let keyObject = imported.get(key);
  if (!keyObject) imported.set(key, (keyObject = createSecretKey(key.secret)));
  return createHmac("sha256", keyObject).update(`${key.id}\n${path}\n${exp}\n${userId}`).digest();
}

function fromBase64Url(value: string): Buffer | null {
  // 32 bytes in 43 characters leave the last one two spare bits; only the canonical spelling
  // (spare bits zero) is accepted, so no two URLs carry the same signature.
  if (!/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/.test(value)) return null;
  return Buffer.from(value, "base64url");
}

export function signMediaPath(
  path: string,
  userId: string,
  keys: readonly SigningKey[],
  nowSeconds: number,
  lifetimeSeconds = SIGNED_URL_LIFETIME_SECONDS,
): SignedParams {
  const key = keys[0];
  if (!key) throw new Error("no signing key");
  const exp = nowSeconds + lifetimeSeconds;
  return { exp, kid: key.id, sig: mac(key, path, exp, userId).toString("base64url") };
}

export type Verdict = "valid" | "expired" | "invalid";

/** Checks a signature; anything malformed is simply invalid, never an error. */
export function verifyMediaPath(
  path: string,
  userId: string,
  params: { exp?: string | null; kid?: string | null; sig?: string | null },
  keys: readonly SigningKey[],
  nowSeconds: number,
): Verdict {
  const { exp, kid, sig } = params;
  if (!exp || !kid || !sig || !/^\d{1,12}$/.test(exp)) return "invalid";
  const key = keys.find((k) => k.id === kid);
  const signature = fromBase64Url(sig);
  if (!key || !signature) return "invalid";
  if (!timingSafeEqual(signature, mac(key, path, Number(exp), userId))) return "invalid";
  return Number(exp) <= nowSeconds ? "expired" : "valid";
}

/** The query string for a signed path. */
export function signedQuery({ exp, kid, sig }: SignedParams): string {
  return new URLSearchParams({ exp: String(exp), kid, sig }).toString();
}
