import { describe, expect, inject, it } from "vitest";
import type { Download } from "playwright-core";
import { localOutbox } from "../support/mailbox.ts";
import { pdfText } from "../support/pdf-text.ts";
import { payByDemoCard, signedInPage } from "./support/accounts.ts";
import { expectAccessible, useBrowser, waitForHydration } from "./support/browser.ts";
import { enrolledOwner } from "./support/studio.ts";

const bytesOf = async (download: Download) =>
  Buffer.concat(await (await download.createReadStream()).toArray());

/**
 * A purchase's invoice, from the buyer's side and the owner's: the demo card pays, the receipt page and email
 * link the invoice, the PDF carries its number, and nobody else can have it; the owner exports the period.
 */
describe("invoices", () => {
  const browser = useBrowser();

  it("gives the buyer her invoice as a PDF from her receipt, to her alone, and the owner the period's CSV", async () => {
    const { page, email } = await signedInPage(browser, { name: "Aoife Murphy" });
    await payByDemoCard(page);

    await page.goto("/portal/receipt");
    await waitForHydration(page);
    const link = page.getByRole("link", { name: /^Invoice \d{4}-\d{4,} \(PDF\)$/ });
    const number = /\d{4}-\d{4,}/.exec((await link.textContent()) ?? "")![0];
    await expectAccessible(page);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const pdf = await pdfText(await bytesOf(download));
    expect(pdf.text).toContain(`Invoice ${number}`);
    expect(pdf.text).toContain("Aoife Murphy");
    expect(pdf.text).toContain("€27.00");
    expect(pdf.text).toContain("VAT not applicable");
    expect(pdf.tagged).toBe(true);

    // The receipt email links the same invoice.
    const receipt = await localOutbox(inject("dataDir")).latest(email, /receipt/);
    expect(receipt.text).toContain(`/portal/invoices/${number}.pdf`);

    // Another member asking for it is told there is no such invoice, as for a number never issued.
    const { page: stranger } = await signedInPage(browser, { name: "Nora Byrne" });
    const refused = await stranger.request.get(`/portal/invoices/${number}.pdf`);
    expect(refused.status()).toBe(404);
    expect(await refused.text()).not.toContain("Aoife");
    expect((await stranger.request.get("/portal/invoices/9999-9999.pdf")).status()).toBe(404);

    // The owner: the PDF from her studio, and the month's invoices as CSV.
    const { page: owner } = await enrolledOwner(browser);
    const ownerPdf = await owner.request.get(`/studio/invoices/${number}.pdf`);
    expect(ownerPdf.status()).toBe(200);
    expect((await pdfText(await ownerPdf.body())).text).toContain(`Invoice ${number}`);
    await owner.goto("/studio/purchases");
    await waitForHydration(owner);
    await owner.getByRole("heading", { name: "Invoices for your accountant" }).waitFor();
    await expectAccessible(owner);
    const [csvDownload] = await Promise.all([
      owner.waitForEvent("download"),
      owner.getByRole("button", { name: "Export invoices as CSV" }).click(),
    ]);
    expect(csvDownload.suggestedFilename()).toMatch(
      /^tidewell-invoices-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = (await bytesOf(csvDownload)).toString("utf8");
    expect(csv.startsWith('\uFEFF"number","type","date"')).toBe(true);
    // The buyer's country is her card's: the demo card is Stripe's 4242 test card, an American one.
    expect(csv).toMatch(
      new RegExp(`"${number}","invoice","\\d{4}-\\d{2}-\\d{2}","","[0-9A-F]{8}","US","EUR","27.00"`),
    );
    expect(csv).not.toContain("Aoife");
  });
});
