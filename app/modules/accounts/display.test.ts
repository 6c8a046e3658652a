import { describe, expect, it } from "vitest";
import {
  AVATAR_GRADIENTS,
  AVATAR_SIZES,
  avatarGradient,
  displayName,
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
  ])("%s greets as %s", (name, expected) => {
    expect(firstName(name)).toBe(expected);
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
