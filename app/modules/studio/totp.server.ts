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
