import { describe, expect, it } from "vitest";
import { authenticatorUri, base32Of, totpCodeOf, totpStepAt, totpStepOf } from "./totp.server.ts";

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

describe("an authenticator's key as her app is given it", () => {
  // RFC 4648, section 10, without the padding apps leave out.
  it.each([
    ["", ""],
    ["f", "MY"],
    ["fo", "MZXQ"],
    ["foo", "MZXW6"],
    ["foob", "MZXW6YQ"],
    ["fooba", "MZXW6YTB"],
    ["foobar", "MZXW6YTBOI"],
  ])("%j in base32 is %j", (key, text) => {
    expect(base32Of(key)).toBe(text);
  });

  it("is an otpauth address naming the studio and her account, with the key in base32", () => {
    expect(authenticatorUri("Tidewell", "owner@example.com", KEY)).toBe(
      "otpauth://totp/Tidewell:owner%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Tidewell&digits=6&period=30",
    );
  });
});
