import { describe, expect, it } from "vitest";
import { nonceSource } from "./security-headers.ts";

describe("nonceSource", () => {
  it("gives 16 random bytes each time, never the same twice, across many refills of its pool", () => {
    const nonce = nonceSource(4);
    const nonces = Array.from({ length: 1000 }, nonce);
    for (const value of nonces) {
      expect(value).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(value, "base64")).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("keeps each source's pool its own", () => {
    const [first, second] = [nonceSource(), nonceSource()];
    const drawn = Array.from({ length: 300 }, () => [first(), second()]).flat();
    expect(new Set(drawn).size).toBe(drawn.length);
  });
});
