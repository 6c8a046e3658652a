import { describe, expect, it } from "vitest";
import { courseStructuredData, structuredOffer } from "./course-structured-data.ts";

describe("structuredOffer", () => {
  it("writes the price in major units with two decimals", () => {
    expect(structuredOffer({ amountMinor: 2700, currency: "EUR" })).toEqual({
      amount: "27.00",
      currency: "EUR",
    });
    expect(structuredOffer({ amountMinor: 1999, currency: "GBP" })).toEqual({
      amount: "19.99",
      currency: "GBP",
    });
  });
});

describe("courseStructuredData", () => {
  it("describes the course as offered free and paid, by the site it is on", () => {
    const data = courseStructuredData(
      "https://tidewell.example",
      { amount: "27.00", currency: "EUR" },
      "Guided audio and a two-week programme.",
    );
    expect(data["@type"]).toBe("Course");
    expect(data.name).toBe("Tidewell Complete Hypnobirthing Course");
    expect(data.description).toBe("Guided audio and a two-week programme.");
    expect(data.provider).toEqual({
      "@type": "Organization",
      name: "Tidewell",
      url: "https://tidewell.example",
    });
    expect(data.offers).toEqual([
      { "@type": "Offer", price: "0", priceCurrency: "EUR", category: "Free", name: "Foundation Course" },
      { "@type": "Offer", price: "27.00", priceCurrency: "EUR", category: "Paid", name: "Complete Course" },
    ]);
  });
});
