import { todayIn } from "#app/modules/calendar/dates.ts";
import { BYTE_ORDER_MARK, csvLine, type CsvAmount } from "./csv.ts";

/**
 * A period's invoices and credit notes as CSV for the accountant, one line each in number order, invoices first:
 * its day on the owner's clock (YYYY-MM-DD), the buyer's country, and the amounts in the currency's units with
 * two decimals; a credit note's are negative, so a column's sum is what the period took. Safe in a spreadsheet
 * as the members' file is (csv.ts); no buyer's name or address, which the invoice itself shows.
 */
export interface CsvInvoice {
  number: string;
  kind: "invoice" | "credit-note";
  issuedAt: string;
  /** A credit note's invoice. */
  invoiceNumber: string | null;
  reference: string;
  buyerCountry: string | null;
  currency: string;
  netMinor: number;
  vatRateBp: number | null;
  vatMinor: number;
  discountMinor: number;
  grossMinor: number;
}

const signed = (invoice: CsvInvoice, minor: number): CsvAmount => ({
  minor: invoice.kind === "credit-note" ? -minor : minor,
});

const COLUMNS: {
  title: string;
  value: (invoice: CsvInvoice, timeZone: string) => string | null | CsvAmount;
}[] = [
  { title: "number", value: (i) => i.number },
  { title: "type", value: (i) => (i.kind === "credit-note" ? "credit note" : "invoice") },
  { title: "date", value: (i, zone) => todayIn(zone, new Date(i.issuedAt)) },
  { title: "credits invoice", value: (i) => i.invoiceNumber },
  { title: "payment reference", value: (i) => i.reference },
  { title: "buyer country", value: (i) => i.buyerCountry },
  { title: "currency", value: (i) => i.currency },
  { title: "net", value: (i) => signed(i, i.netMinor) },
  {
    title: "VAT rate %",
    value: (i) => (i.vatRateBp === null ? "not applicable" : String(i.vatRateBp / 100)),
  },
  { title: "VAT", value: (i) => signed(i, i.vatMinor) },
  { title: "discount", value: (i) => signed(i, i.discountMinor) },
  { title: "total", value: (i) => signed(i, i.grossMinor) },
];

/** The whole file: the byte-order mark, the header line, and a line per document. */
export function invoicesCsv(invoices: readonly CsvInvoice[], timeZone: string): string {
  const header = csvLine(COLUMNS.map((column) => column.title));
  const rows = invoices.map((invoice) => csvLine(COLUMNS.map((column) => column.value(invoice, timeZone))));
  return `${BYTE_ORDER_MARK}${header}${rows.join("")}`;
}
