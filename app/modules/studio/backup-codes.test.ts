import { describe, expect, it } from "vitest";
import {
  BACKUP_CODE_ALPHABET,
  BACKUP_CODE_COUNT,
  backupCodesText,
  groupBackupCode,
  newBackupCode,
  newBackupCodes,
  normaliseBackupCode,
  shownBackupCodes,
  type RandomBytes,
} from "./backup-codes.ts";

/** Bytes given in turn from a list, again and again. */
const bytesFrom =
  (list: number[]): RandomBytes =>
  (n) => {
    const bytes = new Uint8Array(n);
    for (let i = 0; i < n; i++) bytes[i] = list.shift() ?? 0;
    return bytes;
  };

describe("backup codes' alphabet", () => {
  it("has no character another could be read as", () => {
    for (const lookAlike of "0OQD1ILJ2Z5S8B6GUV") expect(BACKUP_CODE_ALPHABET).not.toContain(lookAlike);
    expect(new Set(BACKUP_CODE_ALPHABET).size).toBe(BACKUP_CODE_ALPHABET.length);
    expect(BACKUP_CODE_ALPHABET).toMatch(/^[A-Z0-9]+$/);
  });

  it("makes codes of ten of its characters, in two groups of five", () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(BACKUP_CODE_COUNT);
    expect(new Set(codes).size).toBe(BACKUP_CODE_COUNT);
    const allowed = new RegExp(`^[${BACKUP_CODE_ALPHABET}]{5}-[${BACKUP_CODE_ALPHABET}]{5}$`);
    for (const code of codes) expect(code).toMatch(allowed);
  });

  it("draws each character evenly: a byte past the alphabet's last whole round is drawn again", () => {
    const size = BACKUP_CODE_ALPHABET.length;
    const last = 256 - (256 % size);
    // The first byte of all is past the last round; the next ten pick the alphabet's first, second, ... characters.
    const code = newBackupCode(bytesFrom([last, 0, 1, 2, 3, 4, size + 5, 6, 7, 8, 9]));
    expect(code).toBe(groupBackupCode(BACKUP_CODE_ALPHABET.slice(0, 10)));
    // Only bytes past the round for a while: it keeps drawing until it has ten.
    const late = newBackupCode(bytesFrom([...Array<number>(25).fill(255), ...Array<number>(10).fill(1)]));
    expect(late).toBe(groupBackupCode(BACKUP_CODE_ALPHABET[1]!.repeat(10)));
  });

  it("makes no two codes of a set alike, even when the randomness repeats itself", () => {
    let calls = 0;
    const repeating: RandomBytes = (n) => {
      calls++;
      // The same code twice, then different ones.
      const first = calls <= 2 ? 0 : calls;
      return Uint8Array.from({ length: n }, (_, i) => (first + i) % BACKUP_CODE_ALPHABET.length);
    };
    expect(new Set(newBackupCodes(repeating)).size).toBe(BACKUP_CODE_COUNT);
  });
});

describe("a typed backup code", () => {
  it.each([
    ["7KQMX-4PRTW", "7KQMX4PRTW"],
    ["7kqmx-4prtw", "7KQMX4PRTW"],
    ["  7KQMX 4PRTW ", "7KQMX4PRTW"],
    ["7KQ MX–4PR TW", "7KQMX4PRTW"],
    ["7KQMX4PRTW", "7KQMX4PRTW"],
    // Full-width characters, as some phone keyboards type them.
    ["７ＫＱＭＸ－４ＰＲＴＷ", "7KQMX4PRTW"],
    // A code made before this alphabet: any letter, any digit, in either case.
    ["aB3dE-fG7h0", "AB3DEFG7H0"],
  ])("%j is compared as %j", (typed, compared) => {
    expect(normaliseBackupCode(typed)).toBe(compared);
  });

  it.each(["", "7KQMX-4PRT", "7KQMX-4PRTWA", "7KQMX-4PR!W", "123456", "ÄKQMX-4PRTW"])(
    "%j cannot be a code",
    (typed) => {
      expect(normaliseBackupCode(typed)).toBeNull();
    },
  );
});

describe("the backup codes' text file", () => {
  it("says whose they are, when they were made and how they work, then the codes, numbered", () => {
    const text = backupCodesText(["7KQMX-4PRTW", "AC3EF-HK9MN"], {
      account: "owner@example.com",
      madeOn: "3 December 2026",
    });
    expect(text.split("\n")).toEqual([
      "Tidewell Studio backup codes for owner@example.com",
      "Made on 3 December 2026. Each code works once, when you can't use your authenticator app.",
      "Keep them somewhere safe, such as a password manager.",
      "",
      " 1. 7KQMX-4PRTW",
      " 2. AC3EF-HK9MN",
      "",
    ]);
  });
});

describe("the day backup codes were made", () => {
  it("is the owner's own day, on her studio clock, not the server's", () => {
    // 23:30 in UTC on 2 December is already 3 December in Auckland and still 2 December in Dublin.
    const now = new Date("2026-12-02T23:30:00Z");
    const owner = { email: "owner@example.com" };
    expect(shownBackupCodes(["7KQMX-4PRTW"], owner, now, "Pacific/Auckland").madeOn).toBe("3 December 2026");
    expect(shownBackupCodes(["7KQMX-4PRTW"], owner, now, "Europe/Dublin").madeOn).toBe("2 December 2026");
  });
});
