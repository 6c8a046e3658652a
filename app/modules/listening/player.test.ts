import { describe, expect, it } from "vitest";
import {
  formatClock,
  needsFreshUrl,
  neighbours,
  resumeFrom,
  sliderSeekTarget,
  spokenClock,
  volumeAfterUnmute,
} from "./player.ts";

describe("neighbours", () => {
  it.each([
    ["affirmations-purpose", null, "affirmations-2"],
    ["affirmations-2", "affirmations-purpose", null],
    ["pregnancy-relaxation", null, "prepare-for-birth"],
    ["fear-release", "prepare-for-birth", "breathing-bonding"],
    ["adjusting-to-parenthood", "positive-caesarean", null],
    ["no-such-track", null, null],
  ])("%s: previous %s, next %s (never across groups)", (id, previous, next) => {
    const found = neighbours(id);
    expect(found.previous?.id ?? null).toBe(previous);
    expect(found.next?.id ?? null).toBe(next);
  });

  it("follows the owner's order, and skips a session she marked coming soon", () => {
    const hers = ["pregnancy-relaxation", "breathing-bonding", "prepare-for-birth", "positive-caesarean"];
    expect(neighbours("breathing-bonding", hers)).toMatchObject({
      previous: { id: "pregnancy-relaxation" },
      next: { id: "prepare-for-birth" },
    });
    // Fear Release is not in her order: nothing leads to it, and playing it leads nowhere.
    expect(neighbours("prepare-for-birth", hers).next?.id).toBe("positive-caesarean");
    expect(neighbours("fear-release", hers)).toEqual({ previous: null, next: null });
  });
});

describe("volumeAfterUnmute", () => {
  it("restores the previous volume, or 0.5 after silence", () => {
    expect(volumeAfterUnmute(0.8)).toBe(0.8);
    expect(volumeAfterUnmute(0.01)).toBe(0.01);
    expect(volumeAfterUnmute(0)).toBe(0.5);
  });
});

describe("resumeFrom", () => {
  const at = (seconds: number, savedAt: string) => ({ seconds, savedAt });
  it.each([
    [null, null, undefined, 0],
    [at(42, "2026-11-21T10:00:00Z"), null, undefined, 42],
    [null, at(80, "2026-11-21T10:00:00Z"), undefined, 80],
    [at(42, "2026-11-21T10:00:00Z"), at(80, "2026-11-21T11:00:00Z"), undefined, 80],
    [at(42, "2026-11-21T12:00:00Z"), at(80, "2026-11-21T11:00:00Z"), undefined, 42],
    [at(2, "2026-11-21T12:00:00Z"), null, undefined, 0],
    [at(155, "2026-11-21T12:00:00Z"), null, 160, 0],
    [at(100, "2026-11-21T12:00:00Z"), null, 160, 100],
  ])("device %o, server %o, duration %s → %s", (device, server, duration, expected) => {
    expect(resumeFrom(device, server, duration)).toBe(expected);
  });
});

describe("needsFreshUrl", () => {
  it("asks for a new URL within a minute of expiry", () => {
    const expires = 1_000_000;
    expect(needsFreshUrl(expires, expires - 120_000)).toBe(false);
    expect(needsFreshUrl(expires, expires - 60_000)).toBe(true);
    expect(needsFreshUrl(expires, expires + 1)).toBe(true);
  });
});

describe("formatClock", () => {
  it.each([
    [0, "0:00"],
    [9.9, "0:09"],
    [75, "1:15"],
    [3725, "1:02:05"],
    [Number.NaN, "0:00"],
  ])("%s → %s", (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });
});

describe("spokenClock", () => {
  it.each([
    [0, "0 seconds"],
    [1, "1 second"],
    [75.6, "1 minute 15 seconds"],
    [1320, "22 minutes"],
    [3725, "1 hour 2 minutes 5 seconds"],
    [Number.NaN, "0 seconds"],
  ])("%s → %s", (seconds, text) => {
    expect(spokenClock(seconds)).toBe(text);
  });
});

describe("sliderSeekTarget", () => {
  it.each([
    ["ArrowRight", 100, 110],
    ["ArrowUp", 100, 110],
    ["ArrowLeft", 100, 90],
    ["ArrowDown", 5, 0],
    ["PageUp", 100, 160],
    ["PageDown", 100, 40],
    ["PageUp", 1300, 1320],
    ["Home", 100, 0],
    ["End", 100, 1320],
  ])("%s from %s s → %s s (of 22 minutes)", (key, from, to) => {
    expect(sliderSeekTarget(key, from, 1320)).toBe(to);
  });

  it("leaves other keys to the player", () => {
    expect(sliderSeekTarget("Enter", 100, 1320)).toBeNull();
    expect(sliderSeekTarget(" ", 100, 1320)).toBeNull();
  });
});
