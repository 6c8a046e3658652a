import crypto from "node:crypto";

/**
 * An authenticator app's codes (RFC 6238, as Better Auth's two-factor plugin
 * makes them): HMAC-SHA1 of the 30-second time step, six digits. A code of
 * the step before or after now also counts, as the plugin allows, for a
 * phone whose clock is a little off.
 */
const TOTP_STEP_MS = 30_000;
const WINDOW = 1;

/** The time step at `atMs`. */
export const totpStepAt = (atMs: number) => Math.floor(atMs / TOTP_STEP_MS);

/** The six-digit code of one time step, for a key (the plugin's key is text, used as its UTF-8 bytes). */
export function totpCodeOf(key: string | Uint8Array, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = crypto.createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** The step whose code `code` is, among those that count at `atMs`; null when none. */
export function totpStepOf(key: string | Uint8Array, code: string, atMs: number): number | null {
  const given = Buffer.from(code);
  const now = totpStepAt(atMs);
  for (let step = now - WINDOW; step <= now + WINDOW; step++) {
    const expected = Buffer.from(totpCodeOf(key, step));
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) return step;
  }
  return null;
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** A key as an authenticator app is given it: its bytes in base32 (RFC 4648), without padding. */
export function base32Of(key: string | Uint8Array): string {
  const bytes = typeof key === "string" ? Buffer.from(key, "utf8") : key;
  let text = "";
  let value = 0;
  let bits = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) text += BASE32[(value << (5 - bits)) & 31];
  return text;
}

/** The otpauth:// address a QR code gives an authenticator app (as Better Auth's plugin writes it). */
export function authenticatorUri(issuer: string, account: string, key: string | Uint8Array): string {
  const params = new URLSearchParams({ secret: base32Of(key), issuer, digits: "6", period: "30" });
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?${params}`;
}
