import { describe, expect, it } from "vitest";
import { pageVersion } from "./page-cache.ts";

const options = {
  paths: new Set(["/", "/auth"]),
  variants: { "/auth": { tier: ["free", "premium", "signin"], mode: ["password", "magic"] } },
};

describe("pageVersion", () => {
  it("keys a public page by its path, and a known version by its parameters in a fixed order", () => {
    expect(pageVersion("/", undefined, options)).toBe("/");
    expect(pageVersion("/auth", undefined, options)).toBe("/auth");
    expect(pageVersion("/auth", "tier=free", options)).toBe("/auth?tier=free");
    expect(pageVersion("/auth", "tier=signin&mode=magic", options)).toBe("/auth?mode=magic&tier=signin");
    expect(pageVersion("/auth", "mode=magic&tier=signin", options)).toBe("/auth?mode=magic&tier=signin");
  });

  it("sends anything else to the app: other pages, parameters, values, repeats or an empty query", () => {
    expect(pageVersion("/portal", undefined, options)).toBeNull();
    expect(pageVersion("/", "utm_source=mail", options)).toBeNull();
    expect(pageVersion("/auth", "tier=free&error=access_denied", options)).toBeNull();
    expect(pageVersion("/auth", "tier=gold", options)).toBeNull();
    expect(pageVersion("/auth", "tier=free&tier=premium", options)).toBeNull();
    expect(pageVersion("/auth", "social=1&tier=premium", options)).toBeNull();
    expect(pageVersion("/auth", "", options)).toBeNull();
    expect(pageVersion("/auth", "constructor=x", options)).toBeNull();
  });
});
