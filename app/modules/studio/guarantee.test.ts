import { describe, expect, it } from "vitest";
import { guaranteeDaysLeft } from "./guarantee.ts";

describe("the 30-day guarantee", () => {
  const paid = new Date("2026-11-01T10:00:00Z");
  it.each([
    ["the moment she paid", "2026-11-01T10:00:00Z", 30],
    ["an hour later", "2026-11-01T11:00:00Z", 30],
    ["29 days and a minute later", "2026-11-30T10:01:00Z", 1],
    ["30 days later to the minute", "2026-12-01T10:00:00Z", 0],
    ["long after", "2027-02-01T10:00:00Z", 0],
  ])("%s: %i days left", (_, now, days) => {
    expect(guaranteeDaysLeft(paid, new Date(now))).toBe(days);
  });
});
