import { sql, type Kysely } from "kysely";
import { portableTypes } from "../dialect.ts";

/**
 * Invoices and credit notes (app/modules/payments/invoices.server.ts): one invoice per paid purchase and one
 * credit note per refund of it, each numbered from its own unbroken sequence per year. `invoice_counters` holds
 * each sequence's last number; the transaction that issues a document moves it on (one writer at a time), and
 * the unique constraints make a gap-free sequence a duplicate-free one too. What was sold, to which country and
 * at what VAT, and the seller's details are kept as issued: a document never changes. Nothing here names the
 * buyer: she is the purchase's, and leaves with it when her account is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  await db.schema
    .createTable("invoice_counters")
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('invoice', 'credit-note')`))
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("last_number", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("invoice_counters_pk", ["kind", "year"])
    .execute();
  await db.schema
    .createTable("invoices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('invoice', 'credit-note')`))
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("purchase_id", "text", (c) => c.notNull().references("purchases.id"))
    // A credit note's invoice.
    .addColumn("invoice_id", "text", (c) => c.references("invoices.id"))
    .addColumn("issued_at", t.timestamp, (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("gross_minor", "integer", (c) => c.notNull())
    .addColumn("net_minor", "integer", (c) => c.notNull())
    .addColumn("vat_minor", "integer", (c) => c.notNull())
    .addColumn("discount_minor", "integer", (c) => c.notNull().defaultTo(0))
    // Hundredths of a percent (2300 is 23%); null when VAT does not apply.
    .addColumn("vat_rate_bp", "integer")
    .addColumn("buyer_country", "text")
    // JSON: the seller's details as they were, and the lines (the course, and later a discount).
    .addColumn("seller", "text", (c) => c.notNull())
    .addColumn("lines", "text", (c) => c.notNull())
    .addUniqueConstraint("invoices_sequence_unique", ["kind", "year", "sequence"])
    // One invoice per purchase, and one credit note (a refund is of the whole payment).
    .addUniqueConstraint("invoices_purchase_unique", ["kind", "purchase_id"])
    .execute();
  await db.schema.createIndex("invoices_issued_at").on("invoices").column("issued_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("invoices").execute();
  await db.schema.dropTable("invoice_counters").execute();
}
