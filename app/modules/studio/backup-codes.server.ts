import crypto from "node:crypto";
import { symmetricDecrypt, type SecretConfig } from "better-auth/crypto";
import type { Auth } from "#app/modules/accounts/auth.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import { deriveKey } from "#app/platform/secret.server.ts";
import { newBackupCodes, normaliseBackupCode } from "./backup-codes.ts";

/**
 * Her backup codes as they are kept, in her authenticator's row
 * (`twoFactor.backupCodes`): an HMAC of each code (as it is compared: capitals,
 * no dash), keyed by a key derived from the app's secret, so a copy of the
 * database alone gives no code and cannot be searched through for one.
 *
 * Codes kept before (Better Auth's own, encrypted as a list) still work, with
 * no migration: a list that is not ours is decrypted when a code is checked,
 * read as codes in either case, and the one used is struck off by writing the
 * rest in our form. Nothing else changes her old codes; new ones replace them.
 */
const HASHED = "hmac-sha256:";

/** The keys her codes are checked with: ours, and Better Auth's for a list it kept. */
export interface BackupCodeKeys {
  hmac: Buffer;
  legacy: string | SecretConfig;
}

/** The key codes are hashed with, from the secret Better Auth is given (its own purpose, its own key). */
export function backupCodeHashKey(authSecret: string): Buffer {
  return deriveKey(authSecret, "studio-backup-codes");
}

export async function backupCodeKeys(auth: Auth): Promise<BackupCodeKeys> {
  const context = await auth.$context;
  return { hmac: backupCodeHashKey(context.secret), legacy: context.secretConfig };
}

const hashOf = (key: Buffer, normalised: string) =>
  crypto.createHmac("sha256", key).update(normalised).digest("base64url");

/** A list of codes as the row keeps it. */
export function storedBackupCodes(key: Buffer, codes: readonly string[]): string {
  const hashes = codes.map((code) => {
    const normalised = normaliseBackupCode(code);
    if (!normalised) throw new Error("Not a backup code");
    return hashOf(key, normalised);
  });
  return HASHED + JSON.stringify(hashes);
}

/**
 * How Better Auth's two-factor plugin keeps the codes it makes when she sets up
 * her authenticator: hashed as ours are. It cannot read them back, so its own
 * endpoints that check or show codes (which no browser can reach) find none.
 */
export function backupCodeStorage(key: Buffer) {
  return {
    encrypt: async (json: string) => storedBackupCodes(key, JSON.parse(json) as string[]),
    decrypt: async () => "[]",
  };
}

/** The hashes of the codes a row keeps, in either form. */
async function hashesIn(keys: BackupCodeKeys, stored: string): Promise<string[]> {
  if (stored.startsWith(HASHED)) return JSON.parse(stored.slice(HASHED.length)) as string[];
  try {
    const codes = JSON.parse(await symmetricDecrypt({ key: keys.legacy, data: stored })) as unknown;
    if (!Array.isArray(codes)) return [];
    return codes.flatMap((code) => {
      const normalised = typeof code === "string" ? normaliseBackupCode(code) : null;
      return normalised ? [hashOf(keys.hmac, normalised)] : [];
    });
  } catch {
    return [];
  }
}

const sameHash = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Tries before giving up when her other codes keep changing underneath (another code taken at that moment). */
const TAKE_TRIES = 5;

/**
 * Takes one of her backup codes, once: true when it was one of hers, unused.
 * The code is struck off in one compare-and-set (the row's list as it was
 * read), so the same code sent from two sessions at once opens one; when
 * another code was taken meanwhile, the list is read again.
 */
export async function takeBackupCode(
  db: Db,
  keys: BackupCodeKeys,
  ownerId: string,
  typed: string,
): Promise<boolean> {
  const code = normaliseBackupCode(typed);
  if (!code) return false;
  const hash = hashOf(keys.hmac, code);
  for (let tries = 0; tries < TAKE_TRIES; tries++) {
    const row = await db
      .selectFrom("twoFactor")
      .select("backupCodes")
      .where("userId", "=", ownerId)
      .executeTakeFirst();
    if (!row) return false;
    const hashes = await hashesIn(keys, row.backupCodes);
    const at = hashes.findIndex((kept) => sameHash(kept, hash));
    if (at < 0) return false;
    const left = HASHED + JSON.stringify(hashes.filter((_, index) => index !== at));
    const taken = await db
      .updateTable("twoFactor")
      .set({ backupCodes: left })
      .where("userId", "=", ownerId)
      .where("backupCodes", "=", row.backupCodes)
      .executeTakeFirst();
    if (taken.numUpdatedRows > 0n) return true;
  }
  return false;
}

/** How many of her codes are left unused; null when she has no authenticator. */
export async function backupCodesLeft(db: Db, keys: BackupCodeKeys, ownerId: string): Promise<number | null> {
  const row = await db
    .selectFrom("twoFactor")
    .select("backupCodes")
    .where("userId", "=", ownerId)
    .executeTakeFirst();
  return row ? (await hashesIn(keys, row.backupCodes)).length : null;
}

/**
 * New codes for her, in place of all her others at once (used or not); null
 * when she has no authenticator. The new codes are returned to be shown once:
 * only their hashes are kept.
 */
export async function remakeBackupCodes(
  db: Db,
  keys: BackupCodeKeys,
  ownerId: string,
): Promise<string[] | null> {
  const codes = newBackupCodes();
  const made = await db
    .updateTable("twoFactor")
    .set({ backupCodes: storedBackupCodes(keys.hmac, codes) })
    .where("userId", "=", ownerId)
    .executeTakeFirst();
  return made.numUpdatedRows > 0n ? codes : null;
}
