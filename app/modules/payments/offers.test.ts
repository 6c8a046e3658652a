import { describe, expect, it } from "vitest";
import {
  normaliseCode,
  offerMessages,
  offerPrice,
  offerRefusal,
  offerSaving,
  offerTermsText,
  providerMinimum,
  type OfferTerms,
} from "./offers.ts";

const EUR = (amountMinor: number) => ({ amountMinor, currency: "EUR" });

describe("normaliseCode", () => {
  it.each([
    ["  midwife-20 ", "MIDWIFE-20"],
    ["Podcast10", "PODCAST10"],
    ["abc", "ABC"],
    ["A".repeat(32), "A".repeat(32)],
  ])("reads %j as %s", (typed, code) => {
    expect(normaliseCode(typed)).toBe(code);
  });

  it.each(["", "ab", "A".repeat(33), "SPRING 20", "CAFÉ", "20%OFF", "a_b"])("refuses %j", (typed) => {
    expect(normaliseCode(typed)).toBeNull();
  });
});

describe("offerPrice", () => {
  it("rounds a percentage's discount to the nearest cent", () => {
    // 15% of €27.00 is €4.05; 33% of €19.99 is €6.5967, so €6.60 off.
    expect(offerPrice(EUR(2700), { kind: "percent", value: 15 })).toEqual(EUR(2295));
    expect(offerPrice(EUR(1999), { kind: "percent", value: 33 })).toEqual(EUR(1339));
  });

  it("takes an amount off", () => {
    expect(offerPrice(EUR(2700), { kind: "amount", value: 500 })).toEqual(EUR(2200));
  });

  it("never goes below the providers' minimum, however large the offer", () => {
    expect(offerPrice(EUR(2700), { kind: "percent", value: 100 })).toEqual(EUR(50));
    expect(offerPrice(EUR(2700), { kind: "amount", value: 5000 })).toEqual(EUR(50));
    expect(offerPrice(EUR(2700), { kind: "amount", value: 2660 })).toEqual(EUR(50));
    expect(
      offerPrice({ amountMinor: 2700, currency: "GBP" }, { kind: "percent", value: 100 }).amountMinor,
    ).toBe(30);
  });

  it("never raises a price that is already below the minimum, and is never negative", () => {
    expect(offerPrice(EUR(40), { kind: "percent", value: 50 })).toEqual(EUR(40));
    expect(offerPrice(EUR(0), { kind: "amount", value: 100 })).toEqual(EUR(0));
    expect(offerPrice(EUR(2700), { kind: "amount", value: -100 })).toEqual(EUR(2700));
  });

  it("holds an unlisted currency to 50 minor units", () => {
    expect(providerMinimum("eur")).toBe(50);
    expect(providerMinimum("XYZ")).toBe(50);
  });
});

describe("offerRefusal", () => {
  const terms: OfferTerms = {
    kind: "percent",
    value: 20,
    startsAt: new Date("2026-11-01T00:00:00Z"),
    endsAt: new Date("2026-12-01T00:00:00Z"),
    endedAt: null,
    maxUses: 2,
    giftsOnly: false,
  };
  const during = new Date("2026-11-15T12:00:00Z");
  const forSelf = { forGift: false, taken: 0 };

  it("applies between its start and its end while uses remain", () => {
    expect(offerRefusal(terms, during, forSelf)).toBeNull();
    expect(offerRefusal(terms, terms.startsAt, forSelf)).toBeNull();
    expect(offerRefusal(terms, during, { forGift: false, taken: 1 })).toBeNull();
  });

  it("says why it doesn't, in plain words", () => {
    expect(offerRefusal(terms, new Date("2026-10-31T23:59:59Z"), forSelf)).toBe("notYet");
    expect(offerRefusal(terms, terms.endsAt, forSelf)).toBe("ended");
    expect(offerRefusal({ ...terms, endedAt: new Date("2026-11-10T00:00:00Z") }, during, forSelf)).toBe(
      "ended",
    );
    expect(offerRefusal(terms, during, { forGift: false, taken: 2 })).toBe("usedUp");
    expect(offerRefusal({ ...terms, giftsOnly: true }, during, forSelf)).toBe("giftsOnly");
    expect(offerRefusal({ ...terms, giftsOnly: true }, during, { forGift: true, taken: 0 })).toBeNull();
    expect(offerMessages.ended).toBe("That code has ended");
    expect(offerMessages.usedUp).toBe("That code has been used as many times as it can be");
    expect(offerMessages.giftsOnly).toBe("That code is for gifts only");
    expect(offerMessages.unknown).toBe("We don't know that code");
  });
});

describe("what the checkout and the studio say", () => {
  it("says how much a code takes off, and no more", () => {
    expect(offerSaving(EUR(2700), EUR(2295))).toBe("This code gives €4.05 off");
  });

  it("writes an offer's terms", () => {
    expect(offerTermsText({ kind: "percent", value: 20 }, "EUR")).toBe("20% off");
    expect(offerTermsText({ kind: "amount", value: 500 }, "EUR")).toBe("€5 off");
  });
});
