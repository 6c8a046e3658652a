import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDFS_DIR, buildGuide, listGuideIds, readGuide } from "./build-guides.ts";

/** The guides, their titles and the page counts they are written to (content/README.md), cover included. */
const SPEC: Record<string, { title: string; pages: number }> = {
  "introduction-to-hypnobirthing": { title: "Introduction to Hypnobirthing", pages: 8 },
  "book-summary": { title: "The Tidewell Method: Book Summary", pages: 12 },
  "facts-and-myths": { title: "Hypnobirthing Facts and Myths", pages: 6 },
  "birth-facts": { title: "Birth Facts Every Mother Should Know", pages: 10 },
  "hospital-bag-checklist": { title: "Hospital Bag Checklist", pages: 4 },
  "birth-affirmations-and-scripts": { title: "Birth Affirmations and Scripts", pages: 15 },
};
const IDS = Object.keys(SPEC).sort();
const STALE = "is out of date: run `npm run content:build` and commit the PDFs";

async function loadPdf(file: string): Promise<PDFDocument> {
  return PDFDocument.load(readFileSync(file), { updateMetadata: false });
}

/** The build stores a sha256 of the Markdown source in the PDF's info dictionary. */
function sourceDigestOf(pdf: PDFDocument): string | undefined {
  const info = pdf.context.lookup(pdf.context.trailerInfo.Info, PDFDict);
  const value = info.lookup(PDFName.of("SourceDigest"));
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;
}

describe("printable guides", () => {
  it("has a Markdown source for exactly the six guides of the spec", () => {
    expect(listGuideIds()).toEqual(IDS);
  });

  describe.each(IDS)("committed %s.pdf", (id) => {
    const file = path.join(PDFS_DIR, `${id}.pdf`);

    it("parses, has the spec page count and carries its title", async () => {
      const pdf = await loadPdf(file);
      expect(pdf.getPageCount()).toBe(SPEC[id]?.pages);
      expect(pdf.getTitle()).toBe(SPEC[id]?.title);
      expect(readGuide(id).title).toBe(SPEC[id]?.title);
      expect(pdf.getAuthor()).toBe("Tidewell");
      const [width, height] = [pdf.getPage(0).getWidth(), pdf.getPage(0).getHeight()];
      expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    });

    it("was built from the current Markdown", async () => {
      const pdf = await loadPdf(file);
      expect(sourceDigestOf(pdf), `${id}.pdf ${STALE}`).toBe(readGuide(id).digest);
    });
  });

  describe("a fresh build", () => {
    let outDir = "";
    beforeAll(() => {
      outDir = mkdtempSync(path.join(tmpdir(), "tidewell-guides-"));
    });
    afterAll(() => {
      rmSync(outDir, { recursive: true, force: true });
    });

    it("gives the same page counts as the committed PDFs", { timeout: 30_000 }, async () => {
      for (const id of IDS) {
        const built = await buildGuide(id, { outDir });
        const committed = await loadPdf(path.join(PDFS_DIR, `${id}.pdf`));
        const rebuilt = await loadPdf(built.file);
        expect(rebuilt.getPageCount(), `${id}.pdf ${STALE}`).toBe(committed.getPageCount());
        expect(built.pages).toBe(SPEC[id]?.pages);
      }
    });
  });
});
