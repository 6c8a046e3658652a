import { describe, expect, it } from "vitest";
import { formatDuration, formatPages } from "./format.ts";

describe("formatDuration", () => {
  it.each([
    [1320, "22 mins"],
    [89, "1 min"],
    [60, "1 min"],
    [35.2, "35 secs"],
    [0.8, "1 sec"],
    [150, "3 mins"],
    [null, null],
    [Number.NaN, null],
  ])("%s s reads %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe("formatPages", () => {
  it("counts pages", () => {
    expect(formatPages(8)).toBe("8 pages");
    expect(formatPages(1)).toBe("1 page");
    expect(formatPages(null)).toBeNull();
  });
});
