import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { aMember, aPurchase } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import {
  grantPurchase,
  recordPendingPurchase,
  revokePurchase,
  type GrantContext,
} from "./fulfilment.server.ts";
import { DEMO_SELLER } from "./invoice.ts";
import { issueInvoice, issueMissingInvoices } from "./invoices.server.ts";
import { createOffer } from "./offers.server.ts";

const price = { amountMinor: 2700, currency: "EUR" };

describe.each(testDialects)("invoices on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  // Each test numbers its own year, so the sequences it checks start at 1.
  const inYear = (year: number): GrantContext => ({
    price,
    baseUrl: "http://localhost:3000",
    supportEmail: "hello@tidewell.example",
    seller: DEMO_SELLER,
    now: new Date(`${year}-06-01T10:00:00Z`),
  });

  async function pendingPurchase() {
    const member = await aMember(database.db);
    const ref = { provider: "stripe" as const, providerPaymentId: `pi_${crypto.randomUUID()}` };
    await recordPendingPurchase(database.db, ref, member.id, { price, offerId: null });
    return { member, ref };
  }

  async function numbers(year: number, kind: "invoice" | "credit-note" = "invoice") {
    const rows = await database.db
      .selectFrom("invoices")
      .select(["number", "sequence"])
      .where("year", "=", year)
      .where("kind", "=", kind)
      .orderBy("sequence")
      .execute();
    return rows.map((row) => row.number);
  }

  it("numbers purchases confirmed at once from one sequence, with no gap and no duplicate", async () => {
    const buyers = await Promise.all(Array.from({ length: 12 }, pendingPurchase));
    const ctx = inYear(2031);
    // Each payment's confirmation arrives twice at once (the return page and the webhook), all together.
    const outcomes = await Promise.all(
      buyers.flatMap(({ ref }) => [
        grantPurchase(database.db, { ...ref, ...price }, ctx),
        grantPurchase(database.db, { ...ref, ...price }, ctx),
      ]),
    );
    const granted = outcomes.filter((o) => o.granted);
    expect(granted).toHaveLength(12);
    const expected = Array.from({ length: 12 }, (_, i) => `2031-${String(i + 1).padStart(4, "0")}`);
    expect(await numbers(2031)).toEqual(expected);
    expect(granted.map((o) => (o.granted ? o.invoiceNumber : "")).sort()).toEqual(expected);
  });

  it("numbers a paid purchase that a crash left without its invoice, once, with the next number", async () => {
    const first = await pendingPurchase();
    await grantPurchase(database.db, { ...first.ref, ...price }, inYear(2032));
    // The crash: the purchase is paid, but its invoice was never written.
    const member = await aMember(database.db);
    const orphan = await aPurchase(database.db, member.id, { succeeded_at: "2032-06-01T10:05:00Z" });
    // Two instances sweep at once.
    const at = new Date("2032-06-01T10:10:00Z");
    const swept = await Promise.all([
      issueMissingInvoices(database.db, { seller: DEMO_SELLER, at, listPriceMinor: 2700 }),
      issueMissingInvoices(database.db, { seller: DEMO_SELLER, at, listPriceMinor: 2700 }),
    ]);
    expect(swept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await numbers(2032)).toEqual(["2032-0001", "2032-0002"]);
    const invoice = await database.db
      .selectFrom("invoices")
      .select(["number", "gross_minor", "vat_minor", "vat_rate_bp"])
      .where("purchase_id", "=", orphan.id)
      .executeTakeFirstOrThrow();
    expect(invoice).toEqual({ number: "2032-0002", gross_minor: 2700, vat_minor: 0, vat_rate_bp: null });
    // The next sale carries on from there.
    const next = await pendingPurchase();
    expect(await grantPurchase(database.db, { ...next.ref, ...price }, inYear(2032))).toMatchObject({
      invoiceNumber: "2032-0003",
    });
    expect(await issueMissingInvoices(database.db, { seller: DEMO_SELLER, at, listPriceMinor: 2700 })).toBe(
      0,
    );
  });

  it("gives back the number of an invoice whose transaction failed, so no gap is left", async () => {
    const member = await aMember(database.db);
    const purchase = await aPurchase(database.db, member.id);
    const seller = DEMO_SELLER;
    const at = new Date("2033-02-01T09:00:00Z");
    await expect(
      database.db.transaction().execute(async (trx) => {
        await issueInvoice(trx, purchase, { seller, at, listPriceMinor: 2700 });
        throw new Error("the server stopped");
      }),
    ).rejects.toThrow("the server stopped");
    expect(await numbers(2033)).toEqual([]);
    await issueMissingInvoices(database.db, { seller, at, listPriceMinor: 2700 });
    expect(await numbers(2033)).toEqual(["2033-0001"]);
  });

  it("issues a credit note for a refund, from its own sequence, naming the invoice", async () => {
    const { ref } = await pendingPurchase();
    const ctx = inYear(2034);
    await grantPurchase(database.db, { ...ref, ...price }, ctx);
    expect(await revokePurchase(database.db, ref, ctx, new Date("2034-06-10T12:00:00Z"))).toBe("revoked");
    // A second refund event changes nothing.
    expect(await revokePurchase(database.db, ref, ctx, new Date("2034-06-10T12:01:00Z"))).toBe("already");
    expect(await numbers(2034, "credit-note")).toEqual(["CN-2034-0001"]);
    const note = await database.db
      .selectFrom("invoices as note")
      .innerJoin("invoices as invoice", "invoice.id", "note.invoice_id")
      .select(["note.gross_minor", "invoice.number as invoiceNumber"])
      .where("note.number", "=", "CN-2034-0001")
      .executeTakeFirstOrThrow();
    expect(note).toEqual({ gross_minor: 2700, invoiceNumber: "2034-0001" });
  });

  it("takes VAT out at the buyer's country's rate when the seller is registered", async () => {
    const { ref } = await pendingPurchase();
    const seller = { ...DEMO_SELLER, vatRegistered: true, vatNumber: "IE1234567T" };
    await grantPurchase(database.db, { ...ref, ...price, billingCountry: "DE" }, { ...inYear(2035), seller });
    const invoice = await database.db
      .selectFrom("invoices")
      .select(["net_minor", "vat_minor", "vat_rate_bp", "buyer_country"])
      .where("year", "=", 2035)
      .executeTakeFirstOrThrow();
    expect(invoice).toEqual({ net_minor: 2269, vat_minor: 431, vat_rate_bp: 1900, buyer_country: "DE" });
  });

  it("shows an offer's discount as a line of its own, from the full price to what she paid", async () => {
    const offer = await createOffer(database.db, {
      code: `MIDWIFE-${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
      kind: "percent",
      value: 20,
      startsAt: new Date("2036-01-01T00:00:00Z"),
      endsAt: new Date("2036-12-31T00:00:00Z"),
      maxUses: 5,
      giftsOnly: false,
    });
    const member = await aMember(database.db);
    const ref = { provider: "stripe" as const, providerPaymentId: `pi_${crypto.randomUUID()}` };
    const paid = { amountMinor: 2160, currency: "EUR" };
    await recordPendingPurchase(database.db, ref, member.id, { price: paid, offerId: offer!.id });
    await grantPurchase(database.db, { ...ref, ...paid }, inYear(2036));
    const invoice = await database.db
      .selectFrom("invoices")
      .select(["gross_minor", "discount_minor", "lines"])
      .where("year", "=", 2036)
      .executeTakeFirstOrThrow();
    expect(invoice.gross_minor).toBe(2160);
    expect(invoice.discount_minor).toBe(540);
    expect(JSON.parse(invoice.lines)).toEqual([
      expect.objectContaining({ kind: "item", amountMinor: 2700 }),
      { kind: "discount", description: expect.stringMatching(/^Offer MIDWIFE-/), amountMinor: -540 },
    ]);
  });
});
