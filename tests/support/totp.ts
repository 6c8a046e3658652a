import crypto from "node:crypto";

/**
 * The code an authenticator app shows for a base32 key (RFC 6238: HMAC-SHA1,
 * 30-second steps, 6 digits), as a test computes it from the key the studio
 * shows for typing in by hand. `stepsAhead` gives a neighbouring step's code.
 */
export function totpCode(base32Key: string, now = Date.now(), stepsAhead = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000) + stepsAhead));
  const mac = crypto.createHmac("sha1", fromBase32(base32Key)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, "0");
}

/** The time step an authenticator app is on. */
const totpStepAt = (now = Date.now()) => Math.floor(now / 30_000);

/**
 * A code the studio has not taken yet: the first step after `lastStep` (the
 * one her last accepted code was of) that counts now, with that step. The app
 * shows now's code; a code of the next step counts too (a phone's clock a
 * little ahead). When both are used, it waits for the app's next code, as
 * she would.
 */
export async function unusedTotpCode(base32Key: string, lastStep = -Infinity) {
  const step = Math.max(lastStep + 1, totpStepAt());
  const counts = (step - 1) * 30_000;
  if (Date.now() < counts) await new Promise((resolve) => setTimeout(resolve, counts - Date.now()));
  return { code: totpCode(base32Key, step * 30_000), step };
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function fromBase32(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`Not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}
