import { describe, expect, it } from "vitest";
import { totpCodeOf, totpStepAt, totpStepOf } from "./totp.server.ts";

// RFC 6238, appendix B (SHA-1): its eight-digit codes, of which an app shows the last six.
const KEY = "12345678901234567890";
const VECTORS: [seconds: number, code: string][] = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
];

describe("an authenticator's codes", () => {
  it.each(VECTORS)("at %i s the code is %s", (seconds, code) => {
    expect(totpCodeOf(KEY, totpStepAt(seconds * 1000))).toBe(code);
  });

  it("names the step a code is of: now's, or the one before or after, and no other", () => {
    const at = 1234567890_000;
    const now = totpStepAt(at);
    for (const offset of [-1, 0, 1]) {
      expect(totpStepOf(KEY, totpCodeOf(KEY, now + offset), at)).toBe(now + offset);
    }
    expect(totpStepOf(KEY, totpCodeOf(KEY, now + 2), at)).toBeNull();
    expect(totpStepOf(KEY, totpCodeOf(KEY, now - 2), at)).toBeNull();
    expect(totpStepOf(KEY, "12345", at)).toBeNull();
    expect(totpStepOf(KEY, "not a code", at)).toBeNull();
  });
});
