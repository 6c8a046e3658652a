import { describe, expect, it } from "vitest";
import { BREATHS, breathAt, breathLengthMs, breathSteps, clampCounts } from "./breathing.ts";

const wave = BREATHS.wave.defaults;

describe("the breaths", () => {
  it("start from the course's counts: in for four, out for eight", () => {
    expect(BREATHS.wave.defaults).toEqual({ inCount: 4, outCount: 8 });
    expect(BREATHS.birthing.defaults).toEqual({ inCount: 4, outCount: 8 });
  });

  it("are an in-breath then an out-breath, a second a count", () => {
    expect(breathSteps({ inCount: 4, outCount: 8 })).toEqual([
      { phase: "in", counts: 4, startsAtMs: 0, ms: 4000 },
      { phase: "out", counts: 8, startsAtMs: 4000, ms: 8000 },
    ]);
    expect(breathLengthMs({ inCount: 3, outCount: 7 })).toBe(10_000);
  });
});

describe("breathAt", () => {
  it.each([
    [0, "in", 1, 0, 0],
    [999, "in", 1, 0.24975, 0],
    [1000, "in", 2, 0.25, 0],
    [3999, "in", 4, 0.99975, 0],
    [4000, "out", 1, 0, 0],
    [11_999, "out", 8, 0.999875, 0],
    [12_000, "in", 1, 0, 1],
    [30_500, "out", 3, 0.3125, 2],
  ])("at %i ms: %s, count %i", (elapsed, phase, count, progress, breathsDone) => {
    expect(breathAt(wave, elapsed)).toEqual({
      phase,
      count,
      progress,
      phaseMs: phase === "in" ? 4000 : 8000,
      breathsDone,
    });
  });

  it("follows changed counts", () => {
    expect(breathAt({ inCount: 6, outCount: 10 }, 6500)).toMatchObject({
      phase: "out",
      count: 1,
      phaseMs: 10_000,
    });
    expect(breathAt({ inCount: 6, outCount: 10 }, 16_000)).toMatchObject({
      phase: "in",
      count: 1,
      breathsDone: 1,
    });
  });

  it("treats a moment before the start as the start", () => {
    expect(breathAt(wave, -50)).toMatchObject({ phase: "in", count: 1, breathsDone: 0 });
  });
});

describe("clampCounts", () => {
  it("keeps counts whole and within their limits", () => {
    expect(clampCounts({ inCount: 5.4, outCount: 9.6 }, wave)).toEqual({ inCount: 5, outCount: 10 });
    expect(clampCounts({ inCount: 0, outCount: 99 }, wave)).toEqual({ inCount: 2, outCount: 16 });
  });

  it("uses the defaults for anything unreadable", () => {
    expect(clampCounts({ inCount: Number.NaN }, wave)).toEqual(wave);
    expect(clampCounts({ inCount: "6" as unknown as number, outCount: 7 }, wave)).toEqual({
      inCount: 4,
      outCount: 7,
    });
  });
});
