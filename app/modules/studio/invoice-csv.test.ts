import { describe, expect, it } from "vitest";
import { invoicesCsv, type CsvInvoice } from "./invoice-csv.ts";

const invoice: CsvInvoice = {
  number: "2026-0001",
  kind: "invoice",
  // Past midnight in Dublin's summer, still the 30th in UTC.
  issuedAt: "2026-06-30T23:30:00.000Z",
  invoiceNumber: null,
  reference: "AB12CD34",
  buyerCountry: "DE",
  currency: "EUR",
  netMinor: 2269,
  vatRateBp: 1900,
  vatMinor: 431,
  discountMinor: 0,
  grossMinor: 2700,
};
const creditNote: CsvInvoice = {
  ...invoice,
  number: "CN-2026-0001",
  kind: "credit-note",
  issuedAt: "2026-07-02T09:00:00.000Z",
  invoiceNumber: "2026-0001",
};

describe("the invoices CSV", () => {
  it("starts with a byte-order mark and a header, and gives each document a line in the owner's days", () => {
    const csv = invoicesCsv([invoice, creditNote], "Europe/Dublin");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      '"number","type","date","credits invoice","payment reference","buyer country","currency","net","VAT rate %","VAT","discount","total"',
    );
    expect(lines[1]).toBe(
      '"2026-0001","invoice","2026-07-01","","AB12CD34","DE","EUR","22.69","19","4.31","0.00","27.00"',
    );
    // A credit note's amounts are negative, so a column adds up to what the period took; they stay numbers.
    expect(lines[2]).toBe(
      '"CN-2026-0001","credit note","2026-07-02","2026-0001","AB12CD34","DE","EUR","-22.69","19","-4.31","0.00","-27.00"',
    );
    expect(lines[3]).toBe("");
  });

  it("says when VAT is not applicable", () => {
    const csv = invoicesCsv([{ ...invoice, vatRateBp: null, netMinor: 2700, vatMinor: 0 }], "UTC");
    expect(csv).toContain('"EUR","27.00","not applicable","0.00","0.00","27.00"');
  });

  it("keeps a text cell from starting a formula", () => {
    const csv = invoicesCsv([{ ...invoice, buyerCountry: "=1+1", reference: "@SUM(A1)" }], "UTC");
    expect(csv).toContain(`"'@SUM(A1)","'=1+1"`);
  });
});
