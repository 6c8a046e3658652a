import { describe, expect, it } from "vitest";
import { checkedJustNow, isOwner, recentlyChecked, studioAccess, studioReturnPath } from "./gate.ts";

const now = new Date("2026-11-26T12:00:00Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

describe("studioAccess", () => {
  it.each([
    ["no one signed in", { role: null, twoFactorEnabled: false, checkedAt: null }, "sign-in"],
    ["a member", { role: "member", twoFactorEnabled: true, checkedAt: now }, "refused"],
    [
      "a member whose role merely contains the word",
      { role: "owners", twoFactorEnabled: true, checkedAt: now },
      "refused",
    ],
    [
      "an owner without an authenticator",
      { role: "owner", twoFactorEnabled: false, checkedAt: null },
      "enrol",
    ],
    [
      "an owner never checked in this session",
      { role: "owner", twoFactorEnabled: true, checkedAt: null },
      "check",
    ],
    [
      "an owner checked 11 hours ago",
      { role: "owner", twoFactorEnabled: true, checkedAt: hoursAgo(11) },
      "open",
    ],
    [
      "an owner checked 13 hours ago",
      { role: "owner", twoFactorEnabled: true, checkedAt: hoursAgo(13) },
      "check",
    ],
    [
      "an owner checked in the future",
      { role: "owner", twoFactorEnabled: true, checkedAt: hoursAgo(-1) },
      "check",
    ],
    ["an owner among roles", { role: "member,owner", twoFactorEnabled: true, checkedAt: now }, "open"],
  ] as const)("%s: %s", (_, visitor, expected) => {
    expect(studioAccess(visitor, now)).toBe(expected);
  });
});

describe("recentlyChecked", () => {
  it("allows a sensitive action within ten minutes of the check, not after", () => {
    expect(recentlyChecked(minutesAgo(9), now)).toBe(true);
    expect(recentlyChecked(minutesAgo(11), now)).toBe(false);
    expect(recentlyChecked(null, now)).toBe(false);
  });
});

describe("checkedJustNow", () => {
  it("allows a change to her second factor within two minutes of the check, not after", () => {
    expect(checkedJustNow(minutesAgo(2), now)).toBe(true);
    expect(checkedJustNow(minutesAgo(3), now)).toBe(false);
    expect(checkedJustNow(null, now)).toBe(false);
  });
});

describe("isOwner", () => {
  it("reads Better Auth's comma-separated roles", () => {
    expect(isOwner("owner")).toBe(true);
    expect(isOwner("member, owner")).toBe(true);
    expect(isOwner("member")).toBe(false);
    expect(isOwner(null)).toBe(false);
  });
});

describe("studioReturnPath", () => {
  it.each([
    ["/studio/members?q=ann", "/studio/members?q=ann"],
    ["/studio", "/studio"],
    ["https://elsewhere.example/studio", "/studio"],
    ["//elsewhere.example", "/studio"],
    ["/portal", "/studio"],
    ["/studio/../portal", "/studio"],
    [null, "/studio"],
  ])("%s → %s", (value, expected) => {
    expect(studioReturnPath(value)).toBe(expected);
  });
});
