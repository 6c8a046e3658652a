import { describe, expect, it } from "vitest";
import {
  authTab,
  deleteAccountSchema,
  FULL_NAME_MAX,
  fullName,
  providedName,
  resetPasswordSchema,
  signInMode,
  signUpSchema,
  verifyCodeSchema,
  withProvidedName,
} from "./forms.ts";

describe("authTab", () => {
  it.each([
    ["free", "free"],
    ["premium", "premium"],
    ["signin", "signin"],
    ["gold", "signin"],
    [null, "signin"],
  ] as const)("tier=%s opens %s", (tier, tab) => {
    expect(authTab(tier)).toBe(tab);
  });
});

describe("signInMode", () => {
  it("defaults to password", () => {
    expect(signInMode(null)).toBe("password");
    expect(signInMode("magic")).toBe("magic");
    expect(signInMode("nonsense")).toBe("password");
  });
});

describe("sign-up rules", () => {
  const valid = {
    intent: "sign-up",
    name: "Amara Okafor",
    email: "amara@example.com",
    password: "calm-waters-rise",
  };

  it("accepts a good sign-up and normalises the email", () => {
    const parsed = signUpSchema.parse({ ...valid, email: "  Amara@Example.com " });
    expect(parsed.email).toBe("amara@example.com");
    expect(parsed.tier).toBe("free");
  });

  it.each([
    [{ password: "short" }, "Your password needs at least 8 characters"],
    [{ password: "x".repeat(129) }, "Your password can have at most 128 characters"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ email: "" }, "Please enter your email address"],
    [{ name: "   " }, "Please enter your name"],
    [{ name: "a".repeat(101) }, "Please keep your name under 100 characters"],
  ])("refuses %o with a clear message", (change, message) => {
    const result = signUpSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });

  it("accepts 8 and 128 characters exactly", () => {
    expect(signUpSchema.safeParse({ ...valid, password: "x".repeat(8) }).success).toBe(true);
    expect(signUpSchema.safeParse({ ...valid, password: "x".repeat(128) }).success).toBe(true);
  });
});

describe("fullName", () => {
  it("keeps markup as plain text but refuses control characters", () => {
    expect(fullName.parse("<b>Sam</b>")).toBe("<b>Sam</b>");
    expect(fullName.safeParse("Sam\u0000").success).toBe(false);
  });
});

describe("providedName", () => {
  const long = `Noor Haddad\u202E evil\u0007${"a".repeat(2985)}`;
  it.each([
    ["Noor Haddad", "Noor Haddad"],
    ["  Noor   Haddad  ", "Noor Haddad"],
    ["<b>Sam</b>", "<b>Sam</b>"],
    ["Zoë O'Brien-Łukasz", "Zoë O'Brien-Łukasz"],
    // What hides or reorders text goes; a control character or line break parts words as a space.
    ["Sam\u202Egnp.exe", "Samgnp.exe"],
    ["\u2066Noor\u2069", "Noor"],
    ["Noor\u0007Haddad", "Noor Haddad"],
    ["Noor\r\nBcc: x@example.com", "Noor Bcc: x@example.com"],
    ["Noor\uD800", "Noor"],
    // Cut to the form's length, never inside a character.
    [long, `Noor Haddad evil ${"a".repeat(FULL_NAME_MAX - 17)}`],
    [`${"a".repeat(FULL_NAME_MAX - 1)}👶🏽`, "a".repeat(FULL_NAME_MAX - 1)],
    // Nothing left, or no name at all: no name.
    ["\u202E\u0000 \u0007", ""],
    ["", ""],
    [undefined, ""],
    [null, ""],
    [42, ""],
  ])("keeps %j as %j", (raw, stored) => {
    expect(providedName(raw)).toBe(stored);
    if (stored) expect(fullName.parse(stored)).toBe(stored);
  });
});

describe("withProvidedName", () => {
  it("cleans the name in what the auth library creates or changes, and leaves data without one alone", () => {
    const created = { email: "noor@example.com", name: `Noor\u202E${"x".repeat(3000)}`, emailVerified: true };
    expect(withProvidedName(created)).toEqual({
      email: "noor@example.com",
      name: `Noor${"x".repeat(FULL_NAME_MAX - 4)}`,
      emailVerified: true,
    });
    const update = { emailVerified: true, updatedAt: new Date(0) };
    expect(withProvidedName(update)).toBe(update);
    expect(withProvidedName({ name: "\u0007" })).toEqual({ name: "" });
  });
});

describe("codes, resets and deletion", () => {
  it("wants exactly six digits", () => {
    expect(
      verifyCodeSchema.safeParse({ intent: "verify-code", email: "a@b.co", code: "123456" }).success,
    ).toBe(true);
    expect(
      verifyCodeSchema.safeParse({ intent: "verify-code", email: "a@b.co", code: "12345" }).success,
    ).toBe(false);
    expect(
      verifyCodeSchema.safeParse({ intent: "verify-code", email: "a@b.co", code: "12345a" }).success,
    ).toBe(false);
  });

  it("wants the new password twice", () => {
    const result = resetPasswordSchema.safeParse({
      token: "t",
      password: "a-new-password",
      confirm: "another",
    });
    expect(result.error?.issues[0]?.message).toBe("The two passwords don't match");
  });

  it("deletes only when DELETE is typed and a password or a code comes with it", () => {
    const parse = (fields: Record<string, string>) =>
      deleteAccountSchema.safeParse({ intent: "delete-account", ...fields }).success;
    expect(parse({ confirm: "DELETE", password: "calm-waters-rise" })).toBe(true);
    expect(parse({ confirm: "DELETE", code: " 123456 " })).toBe(true);
    expect(parse({ confirm: "delete", password: "calm-waters-rise" })).toBe(false);
    expect(parse({ confirm: "DELETE" })).toBe(false);
    expect(parse({ confirm: "DELETE", password: "" })).toBe(false);
    expect(parse({ confirm: "DELETE", code: "12345" })).toBe(false);
  });
});
