import { describe, expect, it } from "vitest";
import { normalizeEmail } from "./email-address.ts";

describe("normalizeEmail", () => {
  it.each([
    ["ana@example.com", "ana@example.com"],
    ["  Ana.Rivers@Example.COM \n", "ana.rivers@example.com"],
    ["ÉLODIE@exemple.fr", "élodie@exemple.fr"],
    ["", ""],
  ])("%j is stored as %j", (address, normalized) => {
    expect(normalizeEmail(address)).toBe(normalized);
  });

  it("changes nothing the second time", () => {
    const once = normalizeEmail(" Sam@Example.com");
    expect(normalizeEmail(once)).toBe(once);
  });
});
