import { createRequire } from "node:module";
import type { Db } from "#app/platform/db.server.ts";
import {
  BUSY_RETRY_AFTER_SECONDS,
  createPdfRenderer,
  type PdfRenderer,
} from "#app/platform/pdf-renderer.server.ts";
import {
  addressKey,
  hitLimits,
  limitKey,
  type LimitCheck,
  type LimitRule,
} from "#app/platform/rate-limit.server.ts";
import type { DatabaseHandle } from "#app/platform/db.server.ts";
import { formatMoney, formatVatRate, linesOf, sellerOf, vatNote } from "./invoice.ts";
import type { InvoicePdfInput } from "./invoice-pdf.server.ts";
import { formatPaidOn, paymentReference } from "./receipt.ts";

/**
 * An invoice or credit note as a PDF, for the buyer (her own only) or the owner: made on request in its worker
 * thread, within limits per account, per address and for the whole server. Any other account is told there is no
 * such document, whether or not it exists.
 */

const INVOICE_PDF_LIMITS = {
  account: { limit: 30, windowSeconds: 10 * 60 },
  address: { limit: 60, windowSeconds: 10 * 60 },
  all: { limit: 600, windowSeconds: 10 * 60 },
} satisfies Record<string, LimitRule>;

const invoicePdfMessages = {
  limited: "That's a lot of invoices in a few minutes. Please wait a little and try again.",
  busy: "We're making a lot of PDFs just now. Please try again in a few seconds.",
  notFound: "There is no invoice here.",
} as const;

/** Who asks: the signed-in member (her own documents), or the owner in the studio (any). */
type InvoiceViewer = { memberId: string } | { owner: true };

export type InvoicePdfAnswer =
  | { kind: "pdf"; pdf: Uint8Array; fileName: string }
  | { kind: "not-found" }
  | { kind: "limited"; retryAfterSeconds: number }
  | { kind: "busy"; retryAfterSeconds: number };

export interface InvoicePdfs {
  answer(
    database: Pick<DatabaseHandle, "db" | "commitTogether">,
    request: { number: string; viewer: InvoiceViewer; accountId: string; clientIp: string | null; now: Date },
  ): Promise<InvoicePdfAnswer>;
  close(): Promise<void>;
}

const INVOICE_PDF_WORKER = createRequire(import.meta.url).resolve("#invoice-pdf-worker");

export function createInvoicePdfs({
  renderer = createPdfRenderer<InvoicePdfInput>({
    workerFile: INVOICE_PDF_WORKER,
    document: "The invoice PDF",
    // Invoices are few and small: a short queue, so they never stand in for the server's other work.
    queue: 4,
  }),
}: { renderer?: PdfRenderer<InvoicePdfInput> } = {}): InvoicePdfs {
  return {
    async answer(database, { number, viewer, accountId, clientIp, now }) {
      const limit = await database.commitTogether((db) =>
        hitLimits(db, invoiceLimitChecks(accountId, clientIp), now.getTime()),
      );
      if (!limit.allowed) return { kind: "limited", retryAfterSeconds: limit.retryAfterSeconds };
      const input = await invoicePdfInput(database.db, number, viewer);
      if (!input) return { kind: "not-found" };
      const rendered = await renderer.render(input);
      if (!rendered.ok) return { kind: "busy", retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS };
      return { kind: "pdf", pdf: rendered.pdf, fileName: `${input.number}.pdf` };
    },
    close: () => renderer.close(),
  };
}

function invoiceLimitChecks(accountId: string, clientIp: string | null): LimitCheck[] {
  return [
    { key: limitKey("invoice-pdf", accountId), rule: INVOICE_PDF_LIMITS.account },
    ...(clientIp ? [{ key: addressKey("invoice-pdf:ip", clientIp), rule: INVOICE_PDF_LIMITS.address }] : []),
    { key: limitKey("invoice-pdf:all", "all"), rule: INVOICE_PDF_LIMITS.all },
  ];
}

const countries = new Intl.DisplayNames(["en-GB"], { type: "region" });

/** Everything the document prints, formatted; null when there is none by that number that this viewer may see. */
async function invoicePdfInput(
  db: Db,
  number: string,
  viewer: InvoiceViewer,
): Promise<InvoicePdfInput | null> {
  let query = db
    .selectFrom("invoices")
    .innerJoin("purchases", "purchases.id", "invoices.purchase_id")
    .leftJoin("user", "user.id", "purchases.user_id")
    .leftJoin("invoices as invoice", "invoice.id", "invoices.invoice_id")
    .select([
      "invoices.kind",
      "invoices.number",
      "invoices.issued_at",
      "invoices.currency",
      "invoices.gross_minor",
      "invoices.net_minor",
      "invoices.vat_minor",
      "invoices.vat_rate_bp",
      "invoices.buyer_country",
      "invoices.seller",
      "invoices.lines",
      "invoice.number as invoiceNumber",
      "purchases.id as purchaseId",
      "purchases.receipt_email",
      "user.name",
      "user.email",
    ])
    .where("invoices.number", "=", number);
  if ("memberId" in viewer) query = query.where("purchases.user_id", "=", viewer.memberId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const credit = row.kind === "credit-note";
  const money = (minor: number) => formatMoney(minor, row.currency, credit);
  const seller = sellerOf(row.seller);
  const rate = row.vat_rate_bp;
  return {
    title: credit ? "Credit note" : "Invoice",
    number: row.number,
    issuedOn: formatPaidOn(row.issued_at),
    credits: credit && row.invoiceNumber ? `Credits invoice ${row.invoiceNumber} in full (refund)` : null,
    seller: [
      seller.name,
      seller.address,
      ...(seller.vatRegistered && seller.vatNumber ? [`VAT number ${seller.vatNumber}`] : []),
    ],
    buyer: [
      row.name ?? "A deleted account",
      ...((row.receipt_email ?? row.email) ? [String(row.receipt_email ?? row.email)] : []),
      ...(row.buyer_country ? [countries.of(row.buyer_country) ?? row.buyer_country] : []),
    ],
    reference: paymentReference(row.purchaseId),
    lines: linesOf(row.lines).map((line) => ({
      description: line.description,
      amount: money(line.amountMinor),
    })),
    totals: [
      ["Net", money(row.net_minor)],
      [rate ? `VAT at ${formatVatRate(rate)}` : "VAT", money(row.vat_minor)],
      [credit ? "Total refunded" : "Total paid", money(row.gross_minor)],
    ],
    vatNote: vatNote(rate),
  };
}

/** What a route answers: the PDF to download, or a short message the browser shows in its place. */
export function invoicePdfResponse(answer: InvoicePdfAnswer): Response {
  if (answer.kind === "pdf") {
    return new Response(new Uint8Array(answer.pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${answer.fileName}"`,
        "Content-Length": String(answer.pdf.byteLength),
        "Cache-Control": "private, no-store",
      },
    });
  }
  const [status, message] =
    answer.kind === "limited"
      ? [429, invoicePdfMessages.limited]
      : answer.kind === "busy"
        ? [503, invoicePdfMessages.busy]
        : [404, invoicePdfMessages.notFound];
  return new Response(`${message}\n`, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...("retryAfterSeconds" in answer ? { "Retry-After": String(answer.retryAfterSeconds) } : {}),
    },
  });
}

/** "2026-0001.pdf" or "CN-2026-0001.pdf" to its number; null for anything else. */
export function invoiceNumberFromFile(file: string | undefined): string | null {
  const match = /^((?:CN-)?\d{4}-\d{4,9})\.pdf$/.exec(file ?? "");
  return match?.[1] ?? null;
}
