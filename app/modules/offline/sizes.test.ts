import { describe, expect, it } from "vitest";
import { formatBytes, percentOf, revokedDownloads } from "./sizes.ts";

describe("download sizes and progress", () => {
  it("reads sizes in the units a member expects", () => {
    expect(formatBytes(935_611)).toBe("936 KB");
    expect(formatBytes(24_300_000)).toBe("24.3 MB");
    expect(formatBytes(1_250_000_000)).toBe("1.3 GB");
    expect(formatBytes(12)).toBe("1 KB");
  });

  it("counts progress in whole percent, never past 100, and 0 while the size is unknown", () => {
    expect(percentOf(311_870, 935_611)).toBe(33);
    expect(percentOf(935_611, 935_611)).toBe(100);
    expect(percentOf(2_000, 1_000)).toBe(100);
    expect(percentOf(500, null)).toBe(0);
  });

  it("finds the downloads the server no longer lets her keep", () => {
    expect(revokedDownloads(["affirmations-2", "fear-release"], new Set(["affirmations-2"]))).toEqual([
      "fear-release",
    ]);
    expect(revokedDownloads([], new Set())).toEqual([]);
  });
});
