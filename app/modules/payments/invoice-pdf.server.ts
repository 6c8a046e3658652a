/**
 * An invoice or credit note as a PDF (pdfkit, A4, one page), made in its worker thread
 * (invoice-pdf-worker.server.ts). Real fonts (selectable text, so an accountant's tools can read it), tagged for
 * screen readers. Everything it prints arrives formatted (invoices.server.ts, `invoicePdfInput`): this file only
 * lays it out.
 */
import { printable, printFontData, type PrintFontName } from "#app/platform/print-fonts.server.ts";

export interface InvoicePdfInput {
  /** "Invoice" or "Credit note". */
  title: string;
  number: string;
  issuedOn: string;
  /** On a credit note: "Credits invoice 2026-0001". */
  credits: string | null;
  seller: string[];
  buyer: string[];
  reference: string;
  lines: { description: string; amount: string }[];
  /** Label and amount: net, VAT (with its rate), total. */
  totals: [label: string, amount: string][];
  /** "VAT not applicable: …", or null when the totals say it all. */
  vatNote: string | null;
}

const FONTS = ["sans-400", "sans-600", "serif-600"] as const satisfies readonly PrintFontName[];
type Font = (typeof FONTS)[number];

const INK = "#2b2238";
const SOFT = "#5a4f66";
const LINE = "#c9bde3";
const PAGE_WIDTH = 595.28;
const MARGIN = 56;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const AMOUNT_WIDTH = 120;

export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    tagged: true,
    lang: "en-GB",
    displayTitle: true,
    pdfVersion: "1.7",
    info: {
      Title: `${input.title} ${input.number}`,
      Author: printable(input.seller[0] ?? ""),
      Creator: "Tidewell",
    },
  });
  for (const name of FONTS) doc.registerFont(name, printFontData(name));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const root = doc.struct("Document");
  doc.addStructure(root);
  const say = (
    type: string,
    value: string,
    font: Font,
    size: number,
    x: number,
    y: number,
    width: number,
    align: "left" | "right" = "left",
  ) =>
    root.add(
      doc.struct(type, {}, () => {
        doc
          .font(font)
          .fontSize(size)
          .fillColor(font === "sans-400" ? SOFT : INK);
        doc.text(printable(value), x, y, { width, align });
      }),
    );
  const rule = (y: number) => {
    doc.markContent("Artifact", { type: "Layout" });
    doc
      .moveTo(MARGIN, y)
      .lineTo(PAGE_WIDTH - MARGIN, y)
      .lineWidth(0.75)
      .strokeColor(LINE)
      .stroke();
    doc.endMarkedContent();
  };

  let y = MARGIN;
  say("H1", `${input.title} ${input.number}`, "serif-600", 22, MARGIN, y, WIDTH);
  y += 32;
  say(
    "P",
    `Issued ${input.issuedOn} · Payment reference ${input.reference}`,
    "sans-400",
    10,
    MARGIN,
    y,
    WIDTH,
  );
  y += 16;
  if (input.credits) {
    say("P", input.credits, "sans-600", 10, MARGIN, y, WIDTH);
    y += 16;
  }
  y += 12;
  const half = (WIDTH - 24) / 2;
  say("H2", "From", "sans-600", 10, MARGIN, y, half);
  say("H2", "To", "sans-600", 10, MARGIN + half + 24, y, half);
  y += 16;
  say("P", input.seller.join("\n"), "sans-400", 10, MARGIN, y, half);
  say("P", input.buyer.join("\n"), "sans-400", 10, MARGIN + half + 24, y, half);
  y += Math.max(input.seller.length, input.buyer.length) * 14 + 24;

  rule(y);
  y += 10;
  for (const line of input.lines) {
    say("P", line.description, "sans-400", 10.5, MARGIN, y, WIDTH - AMOUNT_WIDTH - 12);
    say("P", line.amount, "sans-400", 10.5, PAGE_WIDTH - MARGIN - AMOUNT_WIDTH, y, AMOUNT_WIDTH, "right");
    y +=
      Math.max(doc.heightOfString(printable(line.description), { width: WIDTH - AMOUNT_WIDTH - 12 }), 14) + 8;
  }
  rule(y);
  y += 10;
  for (const [label, amount] of input.totals) {
    const last = label === input.totals.at(-1)?.[0];
    const font: Font = last ? "sans-600" : "sans-400";
    say("P", label, font, 10.5, MARGIN, y, WIDTH - AMOUNT_WIDTH - 12, "right");
    say("P", amount, font, 10.5, PAGE_WIDTH - MARGIN - AMOUNT_WIDTH, y, AMOUNT_WIDTH, "right");
    y += 18;
  }
  if (input.vatNote) say("P", input.vatNote, "sans-400", 9.5, MARGIN, y + 12, WIDTH);
  root.end();
  doc.end();
  return done;
}
