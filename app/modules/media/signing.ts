/**
 * Signed, expiring media URLs. The signature is an HMAC-SHA256 over the key
 * id, the path, the expiry and the member's id, so a URL works only for the
 * member it was made for, only until it expires, and only for that file.
 * The key id lets keys be rotated: new URLs use the first key, and URLs made
 * with an older key still in the ring keep working until they expire.
 * Web Crypto only: the same code runs anywhere, and verification is
 * constant-time (crypto.subtle.verify).
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

const encoder = new TextEncoder();

function message(keyId: string, path: string, exp: number, userId: string) {
  return encoder.encode(`${keyId}\n${path}\n${exp}\n${userId}`);
}

function importKey(secret: Uint8Array, usage: "sign" | "verify") {
  return crypto.subtle.importKey("raw", secret as BufferSource, { name: "HMAC", hash: "SHA-256" }, false, [
    usage,
  ]);
}

function toBase64Url(bytes: ArrayBuffer) {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(value: string): Uint8Array | null {
  // 32 bytes in 43 characters leave the last one two spare bits; only the canonical spelling
  // (spare bits zero) is accepted, so no two URLs carry the same signature.
  if (!/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/.test(value)) return null;
  const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export async function signMediaPath(
  path: string,
  userId: string,
  keys: readonly SigningKey[],
  nowSeconds: number,
  lifetimeSeconds = SIGNED_URL_LIFETIME_SECONDS,
): Promise<SignedParams> {
  const key = keys[0];
  if (!key) throw new Error("no signing key");
  const exp = nowSeconds + lifetimeSeconds;
  const mac = await crypto.subtle.sign(
    "HMAC",
    await importKey(key.secret, "sign"),
    message(key.id, path, exp, userId),
  );
  return { exp, kid: key.id, sig: toBase64Url(mac) };
}

export type Verdict = "valid" | "expired" | "invalid";

/** Checks a signature; anything malformed is simply invalid, never an error. */
export async function verifyMediaPath(
  path: string,
  userId: string,
  params: { exp?: string | null; kid?: string | null; sig?: string | null },
  keys: readonly SigningKey[],
  nowSeconds: number,
): Promise<Verdict> {
  const { exp, kid, sig } = params;
  if (!exp || !kid || !sig || !/^\d{1,12}$/.test(exp)) return "invalid";
  const key = keys.find((k) => k.id === kid);
  const signature = fromBase64Url(sig);
  if (!key || !signature) return "invalid";
  const ok = await crypto.subtle.verify(
    "HMAC",
    await importKey(key.secret, "verify"),
    signature as BufferSource,
    message(kid, path, Number(exp), userId),
  );
  if (!ok) return "invalid";
  return Number(exp) <= nowSeconds ? "expired" : "valid";
}

/** The query string for a signed path. */
export function signedQuery({ exp, kid, sig }: SignedParams): string {
  return new URLSearchParams({ exp: String(exp), kid, sig }).toString();
}
