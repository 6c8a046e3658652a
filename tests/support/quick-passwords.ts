import crypto from "node:crypto";
import { promisify } from "node:util";
import type { PasswordHashing } from "#app/modules/accounts/auth.server.ts";

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: string,
  length: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** A sixteenth of the app's scrypt work factor, and half its block size. */
const QUICK = { N: 1024, r: 8, p: 1 };

/**
 * Passwords kept as the app keeps them (a salted scrypt key, `salt:key`), at a
 * small fraction of the cost: the data-layer tests set and check hundreds of
 * passwords, and the app's own scrypt was some two fifths of their CPU time.
 * The cost itself is the subject of `services.server.test.ts` and of every
 * end-to-end test, whose servers use the app's.
 */
export const QUICK_PASSWORDS: PasswordHashing = {
  async hash(password) {
    const salt = crypto.randomBytes(16).toString("hex");
    return `${salt}:${(await scrypt(password.normalize("NFKC"), salt, 64, QUICK)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(":");
    if (!salt || !key) throw new Error("Invalid password hash");
    const derived = await scrypt(password.normalize("NFKC"), salt, 64, QUICK);
    return crypto.timingSafeEqual(derived, Buffer.from(key, "hex"));
  },
};
