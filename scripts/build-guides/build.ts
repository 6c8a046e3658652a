/** Building: lays out, paginates and draws one guide into a PDF, and writes it to content/pdfs/. */

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { marked } from "marked";
import PDFDocument from "pdfkit";
import { drawCover, drawFooter } from "./cover.ts";
import { assertPrintable, FONT_FILES, fontData, type FontName } from "./fonts.ts";
import { readGuide, type Guide } from "./guides.ts";
import { BODY, Flow, type Context, type Panel } from "./layout.ts";
import { paginate } from "./paginate.ts";
import { artifact, headingLevels, Tag } from "./tags.ts";
import { GUIDES_DIR, PDFS_DIR } from "./paths.ts";
import { Measurer } from "./text.ts";
import { CONTENT_WIDTH, MARGIN_X, THEMES } from "./theme.ts";

/** Fixed so that a rebuild of unchanged sources gives identical bytes. */
const FIXED_DATE = new Date("2025-01-01T09:00:00Z");

export type BuildResult = { id: string; title: string; pages: number; file: string };

export function renderGuide(guide: Guide): Promise<{ pages: number; pdf: Buffer }> {
  assertPrintable(guide.body.replace(/<!--[\s\S]*?-->/g, ""), guide.id);
  const theme = THEMES[guide.colour];
  const info: PDFKit.DocumentInfo & { SourceDigest: string } = {
    Title: guide.title,
    Author: "Tidewell",
    Subject: guide.subtitle,
    Keywords: "hypnobirthing, birth preparation, Tidewell",
    Creator: "Tidewell content:build",
    Producer: "Tidewell content:build (PDFKit)",
    CreationDate: FIXED_DATE,
    ModDate: FIXED_DATE,
    SourceDigest: guide.digest,
  };
  const doc = new PDFDocument({
    size: "A4",
    layout: "portrait",
    autoFirstPage: false,
    margin: 0,
    // Tagged (structure tree, MarkInfo Marked), in British English, its title shown by viewers.
    tagged: true,
    lang: "en-GB",
    displayTitle: true,
    pdfVersion: "1.7",
    info,
  });
  for (const name of Object.keys(FONT_FILES) as FontName[]) doc.registerFont(name, fontData(name));

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const root = new Tag("Document", null);
  const tokens = marked.lexer(guide.body);
  const flow = new Flow(new Measurer(doc), theme, root, headingLevels(tokens));
  const ctx: Context = {
    x: MARGIN_X,
    width: CONTENT_WIDTH,
    voice: BODY,
    keepParagraphs: false,
    listDepth: 0,
    parent: root,
  };
  flow.blocks(tokens, ctx, 0);
  flow.closingNote();
  const pages = paginate(flow.items);

  doc.addPage();
  drawCover(doc, guide, theme, root);
  pages.forEach((page, index) => {
    doc.addPage();
    // Panels (blockquotes) first, behind their text; one rectangle per panel per page.
    const panels = new Map<number, { panel: Panel; top: number; bottom: number }>();
    for (const { item, top } of page) {
      if (!item.panel) continue;
      const seen = panels.get(item.panel.id);
      if (seen) seen.bottom = top + item.height;
      else panels.set(item.panel.id, { panel: item.panel, top, bottom: top + item.height });
    }
    for (const { panel, top, bottom } of panels.values()) {
      artifact(doc, () => {
        doc
          .roundedRect(panel.x, top - panel.pad, panel.width, bottom - top + 2 * panel.pad, 8)
          .fillColor(panel.fill)
          .fill();
        doc
          .roundedRect(panel.x, top - panel.pad, 4, bottom - top + 2 * panel.pad, 2)
          .fillColor(panel.bar)
          .fill();
      });
    }
    for (const { item, top } of page) item.draw(doc, top);
    drawFooter(doc, guide.title, index + 2);
  });
  doc.end();
  return done.then((pdf) => ({ pages: pages.length + 1, pdf }));
}

export async function buildGuide(
  id: string,
  options: { guidesDir?: string; outDir?: string } = {},
): Promise<BuildResult> {
  const guide = readGuide(id, options.guidesDir ?? GUIDES_DIR);
  const outDir = options.outDir ?? PDFS_DIR;
  const { pages, pdf } = await renderGuide(guide);
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${id}.pdf`);
  writeFileSync(file, pdf);
  return { id, title: guide.title, pages, file };
}
