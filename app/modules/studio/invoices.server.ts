import type { Db } from "#app/platform/db.server.ts";
import { addDays, isCalendarDate, type CalendarDate } from "#app/modules/calendar/dates.ts";
import { paymentReference } from "#app/modules/payments/receipt.ts";
import type { CsvInvoice } from "./invoice-csv.ts";
import { startOfDayIn } from "./studio-time.ts";

/** The longest period one export covers: a few years' books, well within one response. */
const MAX_DAYS = 366 * 3;

export type InvoicePeriod =
  { ok: true; from: CalendarDate; to: CalendarDate } | { ok: false; message: string };

/** The form's "from" and "to" days, both included: checked, or why not. */
export function parseInvoicePeriod(form: { from?: unknown; to?: unknown }): InvoicePeriod {
  const { from, to } = form;
  if (typeof from !== "string" || !isCalendarDate(from) || typeof to !== "string" || !isCalendarDate(to)) {
    return { ok: false, message: "Choose the first and the last day of the period, as dates." };
  }
  if (from > to) return { ok: false, message: "The period's first day comes after its last day." };
  if (Date.parse(to) - Date.parse(from) > MAX_DAYS * 86_400_000) {
    return { ok: false, message: "Export at most three years at a time." };
  }
  return { ok: true, from, to };
}

/** Invoices and credit notes issued from the start of `from` to the end of `to` on her clock, in number order. */
export async function invoicesIssued(
  db: Db,
  period: { from: CalendarDate; to: CalendarDate },
  timeZone: string,
): Promise<CsvInvoice[]> {
  const rows = await db
    .selectFrom("invoices")
    .leftJoin("invoices as invoice", "invoice.id", "invoices.invoice_id")
    .select([
      "invoices.number",
      "invoices.kind",
      "invoices.issued_at",
      "invoice.number as invoiceNumber",
      "invoices.purchase_id",
      "invoices.buyer_country",
      "invoices.currency",
      "invoices.net_minor",
      "invoices.vat_rate_bp",
      "invoices.vat_minor",
      "invoices.discount_minor",
      "invoices.gross_minor",
    ])
    .where("invoices.issued_at", ">=", startOfDayIn(period.from, timeZone).toISOString())
    .where("invoices.issued_at", "<", startOfDayIn(addDays(period.to, 1), timeZone).toISOString())
    .orderBy("invoices.kind", "desc")
    .orderBy("invoices.year")
    .orderBy("invoices.sequence")
    .execute();
  return rows.map((row) => ({
    number: row.number,
    kind: row.kind,
    issuedAt: new Date(row.issued_at).toISOString(),
    invoiceNumber: row.invoiceNumber,
    reference: paymentReference(row.purchase_id),
    buyerCountry: row.buyer_country,
    currency: row.currency,
    netMinor: row.net_minor,
    vatRateBp: row.vat_rate_bp,
    vatMinor: row.vat_minor,
    discountMinor: row.discount_minor,
    grossMinor: row.gross_minor,
  }));
}
