import crypto from "node:crypto";
import { sql, type ExpressionBuilder } from "kysely";
import type { Database, InvoiceKind } from "../../../db/schema.ts";
import { isPostgres, type Db } from "#app/platform/db.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import {
  formatInvoiceNumber,
  invoiceTotals,
  linesOf,
  vatRateFor,
  type InvoiceLine,
  type Seller,
} from "./invoice.ts";

/**
 * Invoices and credit notes: one invoice for each paid purchase, issued in the transaction that marks it paid,
 * and one credit note for its refund, issued in the refund's. Each kind is numbered from one unbroken sequence
 * per year: the next number comes from the year's counter row, moved on inside the transaction that inserts the
 * document, so a transaction that fails takes its number back with it, and two at once take turns (the row lock
 * on PostgreSQL, SQLite's one writer). `issueMissingInvoices` numbers anything a crash left without its document.
 */

const COURSE_LINE = "The Complete Course (online hypnobirthing course, lifetime access)";

/** The year's next number of a kind, taken inside the caller's transaction. */
async function nextSequence(trx: Db, kind: InvoiceKind, year: number): Promise<number> {
  const row = await trx
    .insertInto("invoice_counters")
    .values({ kind, year, last_number: 1 })
    .onConflict((oc) =>
      oc
        .columns(["kind", "year"])
        .doUpdateSet({ last_number: sql<number>`invoice_counters.last_number + 1` }),
    )
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

interface Issued {
  id: string;
  number: string;
}

interface Paid {
  id: string;
  amount_minor: number;
  currency: string;
  /** The offer whose code made its price, if one did. */
  offer_id?: string | null;
}

/** Who issues it and when, and the course's full price (what an offer's discount is taken from). */
interface Issuing {
  seller: Seller;
  at: Date;
  listPriceMinor: number;
}

/** The course at its full price and, when an offer's code made the price lower, the discount as a line of its own. */
async function invoiceLines(trx: Db, purchase: Paid, listPriceMinor: number): Promise<InvoiceLine[]> {
  const offer = purchase.offer_id
    ? await trx.selectFrom("offers").select("code").where("id", "=", purchase.offer_id).executeTakeFirst()
    : undefined;
  if (!offer || listPriceMinor <= purchase.amount_minor) {
    return [{ kind: "item", description: COURSE_LINE, amountMinor: purchase.amount_minor }];
  }
  return [
    { kind: "item", description: COURSE_LINE, amountMinor: listPriceMinor },
    {
      kind: "discount",
      description: `Offer ${offer.code}`,
      amountMinor: purchase.amount_minor - listPriceMinor,
    },
  ];
}

/**
 * Issues a paid purchase's invoice inside `trx` (the grant's transaction), once: a purchase that has one keeps it.
 * `buyerCountry` is her billing country when the provider gave it; the seller's own otherwise.
 */
export async function issueInvoice(
  trx: Db,
  purchase: Paid,
  { seller, at, listPriceMinor, buyerCountry = null }: Issuing & { buyerCountry?: string | null },
): Promise<Issued> {
  const existing = await documentOf(trx, purchase.id, "invoice");
  if (existing) return existing;
  const lines = await invoiceLines(trx, purchase, listPriceMinor);
  const country = (buyerCountry ?? seller.country).toUpperCase();
  const rateBp = vatRateFor(seller, country);
  return insertDocument(trx, {
    kind: "invoice",
    purchaseId: purchase.id,
    invoiceId: null,
    at,
    currency: purchase.currency,
    lines,
    rateBp,
    buyerCountry: country,
    seller,
  });
}

/**
 * Issues the credit note for a refunded purchase inside `trx` (the refund's transaction), once, mirroring its
 * invoice: the same lines, rate and seller. A paid purchase refunded before its invoice was numbered gets its
 * invoice first.
 */
export async function issueCreditNote(trx: Db, purchase: Paid, issuing: Issuing): Promise<Issued> {
  const existing = await documentOf(trx, purchase.id, "credit-note");
  if (existing) return existing;
  const issued = await issueInvoice(trx, purchase, issuing);
  const invoice = await trx
    .selectFrom("invoices")
    .select(["lines", "vat_rate_bp", "buyer_country", "seller", "currency"])
    .where("id", "=", issued.id)
    .executeTakeFirstOrThrow();
  return insertDocument(trx, {
    kind: "credit-note",
    purchaseId: purchase.id,
    invoiceId: issued.id,
    at: issuing.at,
    currency: invoice.currency,
    lines: linesOf(invoice.lines),
    rateBp: invoice.vat_rate_bp,
    buyerCountry: invoice.buyer_country,
    seller: JSON.parse(invoice.seller) as Seller,
  });
}

async function insertDocument(
  trx: Db,
  doc: {
    kind: InvoiceKind;
    purchaseId: string;
    invoiceId: string | null;
    at: Date;
    currency: string;
    lines: InvoiceLine[];
    rateBp: number | null;
    buyerCountry: string | null;
    seller: Seller;
  },
): Promise<Issued> {
  const year = doc.at.getUTCFullYear();
  const sequence = await nextSequence(trx, doc.kind, year);
  const totals = invoiceTotals(doc.lines, doc.rateBp);
  const issued = { id: crypto.randomUUID(), number: formatInvoiceNumber(doc.kind, year, sequence) };
  await trx
    .insertInto("invoices")
    .values({
      ...issued,
      kind: doc.kind,
      year,
      sequence,
      purchase_id: doc.purchaseId,
      invoice_id: doc.invoiceId,
      issued_at: doc.at.toISOString(),
      currency: doc.currency,
      gross_minor: totals.grossMinor,
      net_minor: totals.netMinor,
      vat_minor: totals.vatMinor,
      discount_minor: totals.discountMinor,
      vat_rate_bp: doc.rateBp,
      buyer_country: doc.buyerCountry,
      seller: JSON.stringify(doc.seller),
      lines: JSON.stringify(doc.lines),
    })
    .execute();
  return issued;
}

async function documentOf(trx: Db, purchaseId: string, kind: InvoiceKind): Promise<Issued | undefined> {
  return trx
    .selectFrom("invoices")
    .select(["id", "number"])
    .where("purchase_id", "=", purchaseId)
    .where("kind", "=", kind)
    .executeTakeFirst();
}

/**
 * The recovery (at start and every few minutes): a paid purchase without its invoice, or a refunded one whose
 * invoice has no credit note, gets it now, with the sequence's next number. Each is issued in a transaction of
 * its own that first takes the purchase's row, so two instances sweeping at once issue it once. Returns how many
 * documents were issued.
 */
export async function issueMissingInvoices(db: Db, issuing: Issuing): Promise<number> {
  const unbilled = await db
    .selectFrom("purchases")
    .select(["id"])
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "succeeded"), eb.not(eb.exists(documentsOfKind(eb, "invoice")))]),
        eb.and([
          eb("status", "=", "refunded"),
          eb.exists(documentsOfKind(eb, "invoice")),
          eb.not(eb.exists(documentsOfKind(eb, "credit-note"))),
        ]),
      ]),
    )
    .orderBy("succeeded_at")
    .limit(500)
    .execute();
  let issued = 0;
  for (const { id } of unbilled) {
    const done = await db.transaction().execute(async (trx) => {
      let lock = trx
        .selectFrom("purchases")
        .select(["id", "status", "amount_minor", "currency", "offer_id"])
        .where("id", "=", id);
      if (isPostgres(trx)) lock = lock.forUpdate();
      const purchase = await lock.executeTakeFirst();
      if (!purchase) return false;
      const hasInvoice = await documentOf(trx, id, "invoice");
      if (purchase.status === "succeeded" && !hasInvoice) {
        await issueInvoice(trx, purchase, issuing);
        return true;
      }
      if (purchase.status === "refunded" && hasInvoice && !(await documentOf(trx, id, "credit-note"))) {
        await issueCreditNote(trx, purchase, issuing);
        return true;
      }
      return false;
    });
    if (done) issued += 1;
  }
  return issued;
}

function documentsOfKind(eb: ExpressionBuilder<Database, "purchases">, kind: InvoiceKind) {
  return eb
    .selectFrom("invoices")
    .select("invoices.id")
    .whereRef("invoices.purchase_id", "=", "purchases.id")
    .where("invoices.kind", "=", kind);
}

/** The seller as configured (SELLER_*). */
export function sellerFromEnv(
  env: Pick<
    Env,
    "SELLER_NAME" | "SELLER_ADDRESS" | "SELLER_COUNTRY" | "SELLER_VAT_REGISTERED" | "SELLER_VAT_NUMBER"
  >,
): Seller {
  return {
    name: env.SELLER_NAME,
    address: env.SELLER_ADDRESS,
    country: env.SELLER_COUNTRY,
    vatRegistered: env.SELLER_VAT_REGISTERED,
    vatNumber: env.SELLER_VAT_NUMBER ?? null,
  };
}
