import { describe, expect, it } from "vitest";
import { paragraphAt } from "./follow.ts";

describe("following a transcript", () => {
  const paragraphs = [{ start: 3 }, { start: 20.5 }, { start: 41 }];

  it("is on no paragraph before the first word", () => {
    expect(paragraphAt(paragraphs, 0)).toBe(-1);
    expect(paragraphAt(paragraphs, 2.5)).toBe(-1);
    expect(paragraphAt([], 10)).toBe(-1);
  });

  it("keeps a paragraph current through the pause after it, and the last one to the end", () => {
    expect([3, 10, 20.4, 20.5, 40, 41, 500].map((seconds) => paragraphAt(paragraphs, seconds))).toEqual([
      0, 0, 1, 1, 1, 2, 2,
    ]);
  });

  it("counts a seek that lands a frame early as the paragraph asked for", () => {
    expect(paragraphAt(paragraphs, 20.49)).toBe(1);
    expect(paragraphAt(paragraphs, 2.9)).toBe(0);
  });
});
