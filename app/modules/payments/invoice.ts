import type { InvoiceKind } from "../../../db/schema.ts";

/**
 * An invoice's money and words, in pure code: its number, its VAT and its lines, all in integer minor units
 * (cents). Prices include VAT, so the VAT is taken out of what was paid, never added to it.
 */

/** Who sells: from the environment (SELLER_*), kept on each invoice as it was issued. */
export interface Seller {
  name: string;
  /** One line, as printed ("1 Harbour Lane, Galway, Ireland"). */
  address: string;
  /** ISO 3166 alpha-2, upper case. */
  country: string;
  /** Registered for VAT: prices include VAT by the buyer's country. Not registered: "VAT not applicable". */
  vatRegistered: boolean;
  vatNumber: string | null;
}

/** The seller when none is configured: the demo business, not registered for VAT. */
export const DEMO_SELLER: Seller = {
  name: "Tidewell Hypnobirthing (demo)",
  address: "1 Harbour Lane, Galway, Ireland",
  country: "IE",
  vatRegistered: false,
  vatNumber: null,
};

/** A line of an invoice: the course, and (later) a discount, which is a negative amount. */
export interface InvoiceLine {
  kind: "item" | "discount";
  description: string;
  /** VAT included; negative for a discount. */
  amountMinor: number;
}

/** Standard VAT rates of the EU's member states, in hundredths of a percent (2300 is 23%), as of 2026. */
export const EU_VAT_RATES: Readonly<Record<string, number>> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

export const VAT_NOT_APPLICABLE = "VAT not applicable: the seller is not registered for VAT.";
export const VAT_OUTSIDE_EU = "No VAT charged: the buyer is outside the EU.";

/** "2026-0001" for an invoice, "CN-2026-0001" for a credit note: the year's sequence, four digits or more. */
export function formatInvoiceNumber(kind: InvoiceKind, year: number, sequence: number): string {
  const number = `${year}-${String(sequence).padStart(4, "0")}`;
  return kind === "credit-note" ? `CN-${number}` : number;
}

/**
 * The VAT rate a sale is charged at, in hundredths of a percent: null when the seller is not registered (no VAT
 * at all); else the buyer's country's standard rate (her billing country, or the seller's own when the provider
 * didn't say), and 0 for a buyer outside the EU.
 */
export function vatRateFor(seller: Seller, buyerCountry: string | null): number | null {
  if (!seller.vatRegistered) return null;
  return EU_VAT_RATES[(buyerCountry ?? seller.country).toUpperCase()] ?? 0;
}

export interface InvoiceTotals {
  /** What was paid, VAT included: the sum of the lines. */
  grossMinor: number;
  netMinor: number;
  vatMinor: number;
  /** What the discount lines took off, as a positive amount (0 without one). */
  discountMinor: number;
}

/**
 * The totals of lines whose amounts include VAT at `rateBp`: net is gross / (1 + rate), rounded to the cent, and
 * the VAT is what is left, so net + VAT is always exactly what was paid.
 */
export function invoiceTotals(lines: readonly InvoiceLine[], rateBp: number | null): InvoiceTotals {
  const grossMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  const discountMinor = lines.filter((l) => l.kind === "discount").reduce((sum, l) => sum - l.amountMinor, 0);
  const netMinor = rateBp ? Math.round((grossMinor * 10_000) / (10_000 + rateBp)) : grossMinor;
  return { grossMinor, netMinor, vatMinor: grossMinor - netMinor, discountMinor };
}

/** An invoice's amount: always with cents ("€27.00"), and negative on a credit note ("−€27.00"). */
export function formatMoney(amountMinor: number, currency: string, negative = false): string {
  const amount = new Intl.NumberFormat("en-IE", { style: "currency", currency }).format(amountMinor / 100);
  return negative && amountMinor !== 0 ? `\u2212${amount}` : amount;
}

/** "23%", "25.5%". */
export function formatVatRate(rateBp: number): string {
  return `${rateBp / 100}%`;
}

/** What the invoice says about VAT beneath its totals. */
export function vatNote(rateBp: number | null): string | null {
  if (rateBp === null) return VAT_NOT_APPLICABLE;
  if (rateBp === 0) return VAT_OUTSIDE_EU;
  return null;
}

/** The seller's details as parsed from an invoice's `seller` column (written by the issuing code only). */
export function sellerOf(json: string): Seller {
  return JSON.parse(json) as Seller;
}

export function linesOf(json: string): InvoiceLine[] {
  return JSON.parse(json) as InvoiceLine[];
}
