/**
 * An owner's backup codes as she reads, copies, prints and types them. Pure:
 * the randomness is passed in (the browser's and Node's Web Crypto by default).
 *
 * The alphabet leaves out every character another could be read as, in print
 * or in her own handwriting: 0 O Q D (round), 1 I L J (upright), 2 Z, 5 S,
 * 8 B, 6 G, U V. Eighteen are left; ten of them make a code (about 42
 * bits), shown in two groups of five. She may type a code in either case, with or
 * without the dash or spaces: only its letters and digits count.
 */
export const BACKUP_CODE_ALPHABET = "3479ACEFHKMNPRTWXY";
/** How many codes she is given at once. */
export const BACKUP_CODE_COUNT = 10;
/** Characters in a code, shown in groups of GROUP. */
const CODE_LENGTH = 10;
const GROUP = 5;

/** `n` random bytes. */
export type RandomBytes = (n: number) => Uint8Array;

const webCryptoBytes: RandomBytes = (n) => crypto.getRandomValues(new Uint8Array(n));

/**
 * One code, grouped ("7KQMX-4PRTW"). Each character is drawn evenly from the
 * alphabet: a byte past the last whole multiple of its length is drawn again.
 */
export function newBackupCode(random: RandomBytes = webCryptoBytes): string {
  const size = BACKUP_CODE_ALPHABET.length;
  const usable = 256 - (256 % size);
  let code = "";
  while (code.length < CODE_LENGTH) {
    for (const byte of random(CODE_LENGTH * 2)) {
      if (byte >= usable) continue;
      code += BACKUP_CODE_ALPHABET[byte % size];
      if (code.length === CODE_LENGTH) break;
    }
  }
  return groupBackupCode(code);
}

/** A fresh set of codes, no two alike. */
export function newBackupCodes(random: RandomBytes = webCryptoBytes): string[] {
  const codes = new Set<string>();
  while (codes.size < BACKUP_CODE_COUNT) codes.add(newBackupCode(random));
  return [...codes];
}

/** A code's characters in groups, for reading: "7KQMX4PRTW" as "7KQMX-4PRTW". */
export function groupBackupCode(code: string): string {
  const groups: string[] = [];
  for (let at = 0; at < code.length; at += GROUP) groups.push(code.slice(at, at + GROUP));
  return groups.join("-");
}

/**
 * A code as it is compared: its letters and digits only, in capitals; null when
 * what she typed cannot be a code. A code made before this alphabet (letters of
 * either case and every digit) reads the same way, so she may type those in
 * either case too.
 */
export function normaliseBackupCode(typed: string): string | null {
  const code = typed
    .normalize("NFKC")
    .replace(/[\s\-‐‑‒–—_.]/g, "")
    .toUpperCase();
  return /^[A-Z0-9]{10}$/.test(code) ? code : null;
}

/** Codes as a page shows them, once: the codes, whose they are and the day they were made. */
export interface ShownBackupCodes {
  codes: string[];
  account: string;
  madeOn: string;
}

/** The day they were made is hers: on her studio clock, not the server's. */
export function shownBackupCodes(
  codes: string[],
  owner: { email: string },
  now: Date,
  timeZone: string,
): ShownBackupCodes {
  const madeOn = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone }).format(now);
  return { codes, account: owner.email, madeOn };
}

/** The codes as a text file says them: whose they are, when they were made, and how to use them. */
export function backupCodesText(
  codes: readonly string[],
  about: { account: string; madeOn: string },
): string {
  return [
    `Tidewell Studio backup codes for ${about.account}`,
    `Made on ${about.madeOn}. Each code works once, when you can't use your authenticator app.`,
    "Keep them somewhere safe, such as a password manager.",
    "",
    ...codes.map((code, index) => `${String(index + 1).padStart(2, " ")}. ${code}`),
    "",
  ].join("\n");
}
