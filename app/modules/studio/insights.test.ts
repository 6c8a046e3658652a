import { describe, expect, it } from "vitest";
import { biggestDrop, extremes, fillWeeks, formatShare, share, weekLabel } from "./insights.ts";

describe("weeks", () => {
  it("puts back the weeks an aggregate has no row for, as zeros, and leaves out weeks outside", () => {
    const filled = fillWeeks(
      ["2026-11-09", "2026-11-16", "2026-11-23"],
      [
        { week: "2026-11-16", count: 3 },
        { week: "2026-11-02", count: 9 },
      ],
      (week) => ({ week, count: 0 }),
    );
    expect(filled).toEqual([
      { week: "2026-11-09", count: 0 },
      { week: "2026-11-16", count: 3 },
      { week: "2026-11-23", count: 0 },
    ]);
  });

  it("names a week by its Monday", () => {
    expect(weekLabel("2026-11-23")).toBe("23 Nov");
    expect(weekLabel("2026-11-23", { long: true })).toBe("23 Nov 2026");
  });
});

describe("shares", () => {
  it("is a fraction, or null with nothing to take it of", () => {
    expect(share(1, 4)).toBe(0.25);
    expect(share(0, 3)).toBe(0);
    expect(share(0, 0)).toBeNull();
  });

  it("reads as a whole percentage", () => {
    expect(formatShare(2 / 3)).toBe("67%");
    expect(formatShare(1)).toBe("100%");
    expect(formatShare(null)).toBe("–");
  });
});

describe("the biggest drop", () => {
  const days = (...shares: (number | null)[]) =>
    shares.map((value, index) => ({ day: index + 1, share: value }));

  it("is the day the share fell most to", () => {
    expect(biggestDrop(days(1, 0.9, 0.5, 0.45, 0.5))).toEqual({ day: 3, from: 0.9, to: 0.5, points: 40 });
  });

  it("is the earliest of equal falls", () => {
    expect(biggestDrop(days(1, 0.75, 0.75, 0.5))?.day).toBe(2);
  });

  it("compares across a day nobody has reached", () => {
    expect(biggestDrop(days(1, null, 0.4))).toEqual({ day: 3, from: 1, to: 0.4, points: 60 });
  });

  it("is none when the share never falls", () => {
    expect(biggestDrop(days(0.5, 0.5, 0.6))).toBeNull();
    expect(biggestDrop(days(null, null))).toBeNull();
    expect(biggestDrop([])).toBeNull();
  });

  it("rounds the points to one decimal", () => {
    expect(biggestDrop(days(1, 2 / 3))?.points).toBe(33.3);
  });
});

describe("extremes", () => {
  it("gives the highest and the lowest, every one of a tie, in order", () => {
    const items = [
      { id: "a", n: 2 },
      { id: "b", n: 0 },
      { id: "c", n: 5 },
      { id: "d", n: 0 },
    ];
    const { most, least } = extremes(items, (item) => item.n);
    expect(most.map((item) => item.id)).toEqual(["c"]);
    expect(least.map((item) => item.id)).toEqual(["b", "d"]);
  });

  it("is empty with nothing", () => {
    expect(extremes([], () => 0)).toEqual({ most: [], least: [] });
  });
});
