import { describe, expect, it } from "vitest";
import { createPdfCache } from "./pdf-cache.ts";

const pdf = (bytes: number, fill = 1) => new Uint8Array(bytes).fill(fill);

describe("the PDF cache", () => {
  it("gives back her plan's PDF only under the stamp it was kept with", () => {
    const cache = createPdfCache(1000);
    const kept = pdf(100);
    cache.set("amara", "plan-1 26 November", kept);
    expect(cache.get("amara", "plan-1 26 November")).toBe(kept);
    // Another day, another version of her plan, or another member: a miss.
    expect(cache.get("amara", "plan-1 27 November")).toBeUndefined();
    expect(cache.get("amara", "plan-2 26 November")).toBeUndefined();
    expect(cache.get("sam", "plan-1 26 November")).toBeUndefined();
  });

  it("keeps one PDF per member: a new plan's replaces the old one", () => {
    const cache = createPdfCache(1000);
    cache.set("amara", "v1", pdf(100));
    cache.set("amara", "v2", pdf(150));
    expect(cache.get("amara", "v1")).toBeUndefined();
    expect(cache.get("amara", "v2")).toBeDefined();
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(150);
  });

  it("never holds more bytes than it may, letting the least recently asked for go first", () => {
    const cache = createPdfCache(300);
    cache.set("a", "s", pdf(100));
    cache.set("b", "s", pdf(100));
    cache.set("c", "s", pdf(100));
    // Asking for a's makes b's the oldest.
    expect(cache.get("a", "s")).toBeDefined();
    cache.set("d", "s", pdf(100));
    expect(cache.bytes).toBe(300);
    expect(cache.get("b", "s")).toBeUndefined();
    for (const member of ["a", "c", "d"]) expect(cache.get(member, "s")).toBeDefined();

    // A large one pushes out as many as it needs.
    cache.set("e", "s", pdf(250));
    expect(cache.bytes).toBeLessThanOrEqual(300);
    expect(cache.size).toBe(1);
    expect(cache.get("e", "s")).toBeDefined();
  });

  it("doesn't keep a PDF larger than the whole cache, nor lose the others for it", () => {
    const cache = createPdfCache(300);
    cache.set("a", "s", pdf(100));
    cache.set("b", "s", pdf(301));
    expect(cache.get("b", "s")).toBeUndefined();
    expect(cache.get("a", "s")).toBeDefined();
    expect(cache.bytes).toBe(100);
  });

  it("stays within its bound however many members print", () => {
    const cache = createPdfCache(10_000);
    for (let i = 0; i < 5_000; i++) cache.set(`member-${i}`, `v${i % 7}`, pdf(90 + (i % 40)));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeLessThanOrEqual(10_000 / 90);
    // The latest are the ones kept.
    expect(cache.get("member-4999", "v1")).toBeDefined();
    expect(cache.get("member-0", "v0")).toBeUndefined();
  });
});
