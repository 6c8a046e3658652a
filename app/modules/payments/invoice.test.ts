import { describe, expect, it } from "vitest";
import {
  DEMO_SELLER,
  EU_VAT_RATES,
  formatInvoiceNumber,
  formatVatRate,
  invoiceTotals,
  vatNote,
  vatRateFor,
  VAT_NOT_APPLICABLE,
  VAT_OUTSIDE_EU,
  type InvoiceLine,
} from "./invoice.ts";

const course: InvoiceLine = { kind: "item", description: "The Complete Course", amountMinor: 2700 };
const registered = { ...DEMO_SELLER, vatRegistered: true, vatNumber: "IE1234567T" };

describe("invoice numbers", () => {
  it("numbers each year's invoices and credit notes from 0001, on past 9999", () => {
    expect(formatInvoiceNumber("invoice", 2026, 1)).toBe("2026-0001");
    expect(formatInvoiceNumber("invoice", 2026, 42)).toBe("2026-0042");
    expect(formatInvoiceNumber("credit-note", 2027, 7)).toBe("CN-2027-0007");
    expect(formatInvoiceNumber("invoice", 2026, 12345)).toBe("2026-12345");
  });
});

describe("VAT", () => {
  it("charges none when the seller is not registered, and says so", () => {
    expect(vatRateFor(DEMO_SELLER, "DE")).toBeNull();
    expect(invoiceTotals([course], null)).toEqual({
      grossMinor: 2700,
      netMinor: 2700,
      vatMinor: 0,
      discountMinor: 0,
    });
    expect(vatNote(null)).toBe(VAT_NOT_APPLICABLE);
  });

  it("takes the buyer's country's rate, or the seller's when her country is unknown", () => {
    expect(vatRateFor(registered, "DE")).toBe(1900);
    expect(vatRateFor(registered, "fi")).toBe(2550);
    expect(vatRateFor(registered, null)).toBe(2300);
    expect(formatVatRate(2550)).toBe("25.5%");
    expect(vatNote(2300)).toBeNull();
  });

  it("charges none to a buyer outside the EU", () => {
    expect(vatRateFor(registered, "US")).toBe(0);
    expect(invoiceTotals([course], 0)).toMatchObject({ netMinor: 2700, vatMinor: 0 });
    expect(vatNote(0)).toBe(VAT_OUTSIDE_EU);
  });

  it("takes the VAT out of a price that includes it, to the cent, with net + VAT exactly what was paid", () => {
    // 27.00 / 1.23 = 21.951… → 21.95; VAT 5.05.
    expect(invoiceTotals([course], 2300)).toEqual({
      grossMinor: 2700,
      netMinor: 2195,
      vatMinor: 505,
      discountMinor: 0,
    });
    // 27.00 / 1.19 = 22.689… → 22.69; VAT 4.31.
    expect(invoiceTotals([course], 1900)).toMatchObject({ netMinor: 2269, vatMinor: 431 });
    for (const rate of Object.values(EU_VAT_RATES)) {
      for (const gross of [50, 99, 2700, 4999, 123_457]) {
        const totals = invoiceTotals([{ ...course, amountMinor: gross }], rate);
        expect(totals.netMinor + totals.vatMinor).toBe(gross);
        expect(Number.isInteger(totals.netMinor)).toBe(true);
        expect(Math.abs(totals.netMinor * (1 + rate / 10_000) - gross)).toBeLessThanOrEqual(1);
      }
    }
  });

  it("counts a discount line off the total and shows it on its own", () => {
    const discount: InvoiceLine = { kind: "discount", description: "Code SPRING", amountMinor: -700 };
    expect(invoiceTotals([course, discount], 2300)).toEqual({
      grossMinor: 2000,
      netMinor: 1626,
      vatMinor: 374,
      discountMinor: 700,
    });
  });
});
