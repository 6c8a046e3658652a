import { describe, expect, it } from "vitest";
import {
  AVATAR_GRADIENTS,
  AVATAR_SIZES,
  avatarGradient,
  displayName,
  FIRST_NAME_MAX,
  firstName,
  initials,
} from "./display.ts";

describe("displayName", () => {
  it.each([
    [{ name: "Amara Okafor", email: "amara@example.com" }, "Amara Okafor"],
    [{ name: "  ", email: "sam.rivers@example.com" }, "sam.rivers"],
    [{ name: null, email: "jo@example.com" }, "jo"],
    [{ name: "", email: "" }, "User"],
    [{}, "User"],
  ])("%o is shown as %s", (user, expected) => {
    expect(displayName(user)).toBe(expected);
  });
});

describe("firstName", () => {
  it.each([
    ["Amara Okafor", "Amara"],
    ["  Jo  ", "Jo"],
    ["", "Friend"],
    [null, "Friend"],
    // Real names keep what makes them theirs.
    ["Anne-Marie Dubois", "Anne-Marie"],
    ["O'Neill", "O'Neill"],
    ["D\u2019Angelo", "D\u2019Angelo"],
    ["Élodie Ångström", "Élodie"],
    ["E\u0301lodie", "Élodie"],
    ["Nguyễn Thị", "Nguyễn"],
    ["李小龍", "李小龍"],
    ["Zoë", "Zoë"],
    ["अनन्या", "अनन्या"],
    ["sam.rivers", "sam"],
    ["Dr. Amara", "Dr"],
    ["'Amara'", "Amara"],
    ["Anne--Marie", "Anne"],
    ["Ｓａｍ", "Sam"],
    // Blanks that are not whitespace part words, as a space does.
    ["Security\u2800alert: your payment failed. Update card at https://evil.example", "Security"],
    ["Security\u3164alert", "Security"],
    ["Security\u115Falert", "Security"],
    ["Security\u1160alert", "Security"],
    ["Security\uFFA0alert", "Security"],
    ["Security\u00A0alert", "Security"],
    ["Security\u200Balert", "Security"],
    ["Security\u2060alert", "Security"],
    ["Security\uFE0Falert", "Security"],
    ["Security\u034Falert", "Security"],
    ["\u2800\u3164Amara", "Amara"],
    // Controls and bidi overrides never reach the name.
    ["\u202Eevil\u202C", "evil"],
    ["Ama\u0007ra", "Ama"],
    ["\u2066Amara\u2069", "Amara"],
    // Nothing but symbols, digits, marks or blanks: the fallback.
    ["\u2800\u3164\u115F\u1160\uFFA0", "Friend"],
    ["\u0301\u0302\u0303", "Friend"],
    ["12345", "Friend"],
    ["://", "Friend"],
    ["https://evil.example/card", "https"],
    ["🙂", "Friend"],
    // Short, however long the word.
    ["A".repeat(3000), "A".repeat(FIRST_NAME_MAX)],
    [`${"a".repeat(FIRST_NAME_MAX - 1)}-b`, "a".repeat(FIRST_NAME_MAX - 1)],
    // A letter takes at most three marks.
    [`Z${"\u0336".repeat(20)}algo`, `Z${"\u0336".repeat(3)}`],
  ])("%j greets as %j", (name, expected) => {
    expect(firstName(name)).toBe(expected);
  });

  it("falls back to the phrase its caller gives", () => {
    expect(firstName("\u2800", "A Tidewell member")).toBe("A Tidewell member");
    expect(firstName(undefined, "")).toBe("");
  });
});

describe("initials", () => {
  it.each([
    ["Amara Okafor", "AO"],
    ["amara grace okafor", "AG"],
    ["Sam", "SA"],
    ["j", "J"],
    ["sam.rivers", "SA"],
    ["Élodie Ångström", "ÉÅ"],
    ["", ""],
  ])("%s → %s", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe("avatarGradient", () => {
  it("picks one of six gradients from the id's first character", () => {
    expect(AVATAR_GRADIENTS).toHaveLength(6);
    expect(avatarGradient("a123")).toBe(AVATAR_GRADIENTS["a".charCodeAt(0) % 6]);
    expect(avatarGradient("a999")).toBe(avatarGradient("a000"));
    const used = new Set("abcdef".split("").map((c) => avatarGradient(c)));
    expect(used.size).toBe(6);
  });
});

describe("avatar sizes", () => {
  it("are sm, md, lg and xl", () => {
    expect(Object.keys(AVATAR_SIZES)).toEqual(["sm", "md", "lg", "xl"]);
  });
});
