import { describe, expect, it } from "vitest";
import { paymentsUnlocked } from "./messages.ts";

describe("paymentsUnlocked", () => {
  it.each([
    ["amara@example.com", true],
    ["amara@example", false],
    ["amara.example.com", false],
    ["", false],
    ["a@b.c", true],
  ])("%j → %s", (email, unlocked) => {
    expect(paymentsUnlocked(email)).toBe(unlocked);
  });
});
