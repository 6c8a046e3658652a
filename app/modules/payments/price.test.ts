import { describe, expect, it } from "vitest";
import { formatPrice } from "./price.ts";

describe("formatPrice", () => {
  it.each([
    [{ amountMinor: 2700, currency: "EUR" }, "€27"],
    [{ amountMinor: 2750, currency: "EUR" }, "€27.50"],
    [{ amountMinor: 1999, currency: "GBP" }, "£19.99"],
  ])("%o reads %s", (price, text) => {
    expect(formatPrice(price)).toBe(text);
  });
});
