import { describe, expect, it } from "vitest";
import { parseRange } from "./range.ts";

describe("parseRange", () => {
  const size = 1000;
  it.each([
    [null, { kind: "whole" }],
    ["bytes=0-0", { kind: "partial", start: 0, end: 0 }],
    ["bytes=0-", { kind: "partial", start: 0, end: 999 }],
    ["bytes=100-199", { kind: "partial", start: 100, end: 199 }],
    ["bytes=900-5000", { kind: "partial", start: 900, end: 999 }],
    ["bytes=-100", { kind: "partial", start: 900, end: 999 }],
    ["bytes=-5000", { kind: "partial", start: 0, end: 999 }],
    ["bytes=1000-", { kind: "unsatisfiable" }],
    ["bytes=5000-6000", { kind: "unsatisfiable" }],
    ["bytes=-0", { kind: "unsatisfiable" }],
    ["bytes=0-10,20-30", { kind: "whole" }],
    ["bytes=0-10, 5-20", { kind: "whole" }],
    ["bytes=200-100", { kind: "whole" }],
    ["items=0-10", { kind: "whole" }],
    ["bytes=abc", { kind: "whole" }],
  ] as const)("%s → %o", (header, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});
