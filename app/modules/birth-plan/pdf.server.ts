/**
 * The birth preferences as a printable PDF (pdfkit): A4, on one page for plan A and a second page for plans B and
 * C when she chose anything there, never more. Compact type in two columns; when a plan is too long for its page,
 * notes are shortened first, then the type, and only then are the last items left out, with a line that says so.
 * Real fonts (selectable text), tagged for screen readers (H1, H2, lists, paragraphs; icons and rules are
 * artifacts). Her first name and due month only: never a surname or an exact date.
 */
import { PRINT_PALETTE as C } from "#app/modules/site/print-palette.ts";
import { BIRTH_PLAN_ICON_PATHS, type BirthPlanIconName } from "./icon-paths.ts";
import { breakLongWords } from "./long-words.ts";
import { printable } from "#app/platform/print-fonts.server.ts";
import { PDF_FONT_NAMES, pdfFontData, type PdfFontName } from "./pdf-fonts.server.ts";
import { planSummary, type BirthPlanContent, type SummarySection } from "./plan.ts";

export interface BirthPlanPdfInput {
  content: BirthPlanContent;
  /** Her first name, as she gave it; the PDF shows nothing more of her name. */
  firstName: string;
  /** The month her baby is due, e.g. "March 2027"; null when she hasn't said. */
  dueMonth: string | null;
  generatedAt: Date;
}

// pdfkit is large and few members print: it loads with the first PDF, not at boot.
let pdfkit: Promise<PDFKit.PDFDocument> | undefined;
const loadPdfKit = () => (pdfkit ??= import("pdfkit").then((module) => module.default));

const BIRTH_PLAN_PDF_TITLE = "Birth preferences";
const NO_PREFERENCES_YET = "No preferences yet.";

// Geometry (points, A4 portrait) -------------------------------------------------------------------------------

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 44;
const TOP = 42;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const GUTTER = 24;
const COLUMN_WIDTH = (CONTENT_WIDTH - GUTTER) / 2;
const FOOTER_RULE_Y = PAGE_HEIGHT - 50;
const BODY_BOTTOM = FOOTER_RULE_Y - 14;

const CLOSING_WORDS =
  "These are my preferences. If things change, please talk me through the options so that we can decide together. Thank you for caring for us.";
const SHORTENED_WORDS = "Some preferences didn't fit on this page: the full plan is on Tidewell.";

// Type, scaled down together when a plan is long ---------------------------------------------------------------

interface Voice {
  font: PdfFontName;
  size: number;
  lineGap: number;
  colour: string;
}

interface Scale {
  /** Multiplies every size and space in the columns. */
  s: number;
  /** The most lines a note may take; longer ones end with an ellipsis. */
  noteLines: number;
}

const ATTEMPTS: readonly Scale[] = [
  { s: 1, noteLines: Infinity },
  { s: 1, noteLines: 8 },
  { s: 0.94, noteLines: 6 },
  { s: 0.9, noteLines: 4 },
  { s: 0.86, noteLines: 3 },
  { s: 0.82, noteLines: 2 },
];

const voices = ({ s }: Scale) => ({
  heading: { font: "serif-600", size: 12.5 * s, lineGap: 0, colour: C.plum } satisfies Voice,
  item: { font: "sans-400", size: 9.25 * s, lineGap: 1 * s, colour: C.ink } satisfies Voice,
  note: { font: "sans-400-italic", size: 8.75 * s, lineGap: 1.5 * s, colour: C.inkSoft } satisfies Voice,
});

// Measuring ----------------------------------------------------------------------------------------------------

type Doc = PDFKit.PDFDocument;

function voiceOn(doc: Doc, voice: Voice): Doc {
  return doc.font(voice.font).fontSize(voice.size).fillColor(voice.colour);
}

function heightOf(doc: Doc, text: string, voice: Voice, width: number): number {
  voiceOn(doc, voice);
  return doc.heightOfString(text, { width, lineGap: voice.lineGap });
}

/** Her own words, with any word too wide for the line broken into pieces that fit (pdfkit's own breaking is slow). */
function breakable(doc: Doc, text: string, voice: Voice, width: number): string {
  voiceOn(doc, voice);
  return breakLongWords(text, width, (line) => doc.widthOfString(line));
}

function lineHeight(doc: Doc, voice: Voice): number {
  voiceOn(doc, voice);
  return doc.currentLineHeight(true) + voice.lineGap;
}

/** The text cut at a word so that it takes at most `lines` lines, ending with an ellipsis when cut. */
function clampLines(doc: Doc, text: string, voice: Voice, width: number, lines: number): string {
  if (!Number.isFinite(lines)) return text;
  const limit = lines * lineHeight(doc, voice) + 0.5;
  if (heightOf(doc, text, voice, width) <= limit) return text;
  const words = text.split(/(?<=\s)/);
  let low = 0;
  let high = words.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    const candidate = `${words.slice(0, mid).join("").trimEnd()}…`;
    if (heightOf(doc, candidate, voice, width) <= limit) low = mid;
    else high = mid - 1;
  }
  return `${words.slice(0, Math.max(low, 1)).join("").trimEnd()}…`;
}

// Layout: rows placed into two columns -------------------------------------------------------------------------

type Row =
  | { kind: "heading"; sectionIndex: number; text: string; height: number; before: number }
  | {
      kind: "item";
      sectionIndex: number;
      text: string;
      icon: BirthPlanIconName;
      height: number;
      before: number;
    }
  | { kind: "note"; sectionIndex: number; text: string; height: number; before: number }
  | { kind: "shortened"; sectionIndex: -1; text: string; height: number; before: number };

type Placed = Row & { x: number; y: number };

function rowsFor(doc: Doc, sections: readonly SummarySection[], scale: Scale): Row[] {
  const v = voices(scale);
  const { s } = scale;
  const textWidth = COLUMN_WIDTH - 17 * s;
  const rows: Row[] = [];
  sections.forEach(({ section, chosen, note }, sectionIndex) => {
    const title = printable(section.title);
    rows.push({
      kind: "heading",
      sectionIndex,
      text: title,
      height: heightOf(doc, title, v.heading, COLUMN_WIDTH) + 6 * s,
      before: sectionIndex === 0 ? 0 : 13 * s,
    });
    for (const choice of chosen) {
      const label = printable(choice.label);
      rows.push({
        kind: "item",
        sectionIndex,
        text: label,
        icon: choice.icon,
        height: Math.max(heightOf(doc, label, v.item, textWidth), 11.5 * s),
        before: 3.5 * s,
      });
    }
    if (note !== "") {
      const text = clampLines(
        doc,
        breakable(doc, printable(note.replace(/\n{3,}/g, "\n\n")), v.note, textWidth),
        v.note,
        textWidth,
        scale.noteLines,
      );
      rows.push({
        kind: "note",
        sectionIndex,
        text,
        height: heightOf(doc, text, v.note, textWidth),
        before: (chosen.length > 0 ? 5 : 2) * s,
      });
    }
  });
  return rows;
}

/**
 * Places rows top to bottom, then into the second column. A heading stays with the row after it; with
 * `wholeSections`, a section that doesn't fit below another starts the second column. Returns null when the rows
 * don't all fit, unless `shorten` is set: then as many fit as can, with a closing line.
 */
function place(
  rows: readonly Row[],
  top: number,
  bottom: number,
  options: { wholeSections?: boolean; shorten?: { row: Row } },
): Placed[] | null {
  const placed: Placed[] = [];
  let column = 0;
  let y = top;
  const x = () => MARGIN_X + column * (COLUMN_WIDTH + GUTTER);
  const nextColumn = () => {
    if (column === 1) return false;
    column = 1;
    y = top;
    return true;
  };
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const next = rows[i + 1];
    if (options.wholeSections && row.kind === "heading" && column === 0 && y > top) {
      const section = rows.filter((r) => r.sectionIndex === row.sectionIndex);
      const height = section.reduce((sum, r, j) => sum + r.height + (j === 0 ? 0 : r.before), 0);
      if (y + row.before + height > bottom && height <= bottom - top) nextColumn();
    }
    const before = y === top ? 0 : row.before;
    const keep =
      row.kind === "heading" && next && next.sectionIndex === row.sectionIndex
        ? next.before + next.height
        : 0;
    if (y + before + row.height + keep > bottom) {
      // Whole sections move only at their heading (above); a section never breaks between columns.
      if (options.wholeSections && !options.shorten) return null;
      if (nextColumn() && top + row.height + keep <= bottom) {
        placed.push({ ...row, x: x(), y: top });
        y = top + row.height;
        continue;
      }
      if (!options.shorten) return null;
      return shortened(placed, top, bottom, options.shorten.row);
    }
    placed.push({ ...row, x: x(), y: y + before });
    y += before + row.height;
  }
  return placed;
}

/** Drops rows from the end until the closing line fits after them (and no heading is left alone). */
function shortened(placed: Placed[], top: number, bottom: number, row: Row): Placed[] {
  const kept = [...placed];
  for (;;) {
    const last = kept.at(-1);
    if (!last) return [{ ...row, x: MARGIN_X, y: top }];
    const end = last.y + last.height;
    if (last.kind !== "heading" && end + row.before + row.height <= bottom) {
      return [...kept, { ...row, x: last.x, y: end + row.before }];
    }
    kept.pop();
  }
}

/**
 * Balanced columns when whole sections allow it (the shortest column height that holds them), else rows flowing
 * down the first column and on into the second; smaller type and shorter notes when even that doesn't fit.
 */
function layout(doc: Doc, sections: readonly SummarySection[], top: number) {
  for (const scale of ATTEMPTS) {
    const rows = rowsFor(doc, sections, scale);
    if (place(rows, top, BODY_BOTTOM, { wholeSections: true })) {
      let low = top;
      let high = BODY_BOTTOM;
      while (high - low > 0.5) {
        const mid = (low + high) / 2;
        if (place(rows, top, mid, { wholeSections: true })) high = mid;
        else low = mid;
      }
      return { placed: place(rows, top, high, { wholeSections: true })!, scale };
    }
    const placed = place(rows, top, BODY_BOTTOM, {});
    if (placed) return { placed, scale };
  }
  const scale = ATTEMPTS.at(-1)!;
  const v = voices(scale);
  const row: Row = {
    kind: "shortened",
    sectionIndex: -1,
    text: SHORTENED_WORDS,
    height: heightOf(doc, SHORTENED_WORDS, v.note, COLUMN_WIDTH),
    before: 10 * scale.s,
  };
  const placed = place(rowsFor(doc, sections, scale), top, BODY_BOTTOM, { shorten: { row } })!;
  return { placed, scale };
}

// Drawing ------------------------------------------------------------------------------------------------------

function artifact(doc: Doc, draw: () => void) {
  doc.markContent("Artifact", { type: "Layout" });
  draw();
  doc.endMarkedContent();
}

function drawIcon(doc: Doc, name: BirthPlanIconName, x: number, y: number, size: number, colour: string) {
  artifact(doc, () => {
    doc.save();
    doc.translate(x, y).scale(size / 24);
    doc.lineWidth(1.75).lineCap("round").lineJoin("round").strokeColor(colour);
    for (const d of BIRTH_PLAN_ICON_PATHS[name]) doc.path(d).stroke();
    doc.restore();
  });
}

function rule(doc: Doc, y: number, colour: string, width = 0.75) {
  artifact(doc, () => {
    doc
      .moveTo(MARGIN_X, y)
      .lineTo(PAGE_WIDTH - MARGIN_X, y)
      .lineWidth(width)
      .strokeColor(colour)
      .stroke();
  });
}

function paintPage(doc: Doc) {
  doc.addPage({ size: "A4", margin: 0 });
  artifact(doc, () => {
    // A white page: a background would cost a printer a page of ink and add nothing to read.
    // A soft wave across the top corner: the product's calm, decoration only.
    doc
      .path(`M${PAGE_WIDTH - 190} 0 C${PAGE_WIDTH - 150} 38 ${PAGE_WIDTH - 70} 18 ${PAGE_WIDTH} 62 V0 Z`)
      .fillOpacity(0.45)
      .fill(C.lavenderSoft)
      .fillOpacity(1);
  });
}

function text(
  doc: Doc,
  parent: PDFKit.PDFStructureElement,
  type: string,
  value: string,
  voice: Voice,
  x: number,
  y: number,
  width: number,
  extra: PDFKit.Mixins.TextOptions = {},
) {
  parent.add(
    doc.struct(type, {}, () => {
      voiceOn(doc, voice).text(value, x, y, { width, lineGap: voice.lineGap, ...extra });
    }),
  );
}

function planLabel(doc: Doc, root: PDFKit.PDFStructureElement, label: string, y: number) {
  const voice: Voice = { font: "sans-600", size: 7.5, lineGap: 0, colour: C.sageDeep };
  text(doc, root, "P", label.toUpperCase(), voice, MARGIN_X, y, CONTENT_WIDTH, { characterSpacing: 1.1 });
  return y + heightOf(doc, label, voice, CONTENT_WIDTH) + 10;
}

function drawColumns(
  doc: Doc,
  root: PDFKit.PDFStructureElement,
  sections: readonly SummarySection[],
  top: number,
  headingTag: "H2" | "H3",
) {
  const { placed, scale } = layout(doc, sections, top);
  const v = voices(scale);
  const { s } = scale;
  let sect: PDFKit.PDFStructureElement | null = null;
  let list: PDFKit.PDFStructureElement | null = null;
  const closeList = () => {
    list?.end();
    list = null;
  };
  const closeSection = () => {
    closeList();
    sect?.end();
    sect = null;
  };
  for (const row of placed) {
    if (row.kind === "heading") {
      closeSection();
      sect = doc.struct("Sect");
      root.add(sect);
      text(doc, sect, headingTag, row.text, v.heading, row.x, row.y, COLUMN_WIDTH);
      artifact(doc, () => {
        doc
          .moveTo(row.x, row.y + row.height - 3 * s)
          .lineTo(row.x + 22 * s, row.y + row.height - 3 * s)
          .lineWidth(1)
          .strokeColor(C.apricot)
          .stroke();
      });
    } else if (row.kind === "item") {
      if (!list) {
        list = doc.struct("L");
        (sect ?? root).add(list);
      }
      const iconSize = 11.5 * s;
      drawIcon(doc, row.icon, row.x, row.y - 0.75 * s, iconSize, C.plum);
      const li = doc.struct("LI");
      list.add(li);
      text(doc, li, "LBody", row.text, v.item, row.x + 17 * s, row.y, COLUMN_WIDTH - 17 * s);
      li.end();
    } else if (row.kind === "note") {
      closeList();
      const x = row.x + 17 * s;
      artifact(doc, () => {
        doc
          .moveTo(row.x + 5 * s, row.y + 1)
          .lineTo(row.x + 5 * s, row.y + row.height - 2)
          .lineWidth(1.25)
          .strokeColor(C.lavender)
          .stroke();
      });
      text(doc, sect ?? root, "P", row.text, v.note, x, row.y, COLUMN_WIDTH - 17 * s);
    } else {
      closeSection();
      text(doc, root, "P", row.text, v.note, row.x, row.y, COLUMN_WIDTH);
    }
  }
  closeSection();
}

function footer(doc: Doc, root: PDFKit.PDFStructureElement, page: number, pages: number, closing: boolean) {
  rule(doc, FOOTER_RULE_Y, C.line);
  const voice: Voice = { font: "sans-400-italic", size: 8, lineGap: 1, colour: C.inkSoft };
  const width = pages > 1 ? CONTENT_WIDTH - 60 : CONTENT_WIDTH;
  if (closing) text(doc, root, "P", CLOSING_WORDS, voice, MARGIN_X, FOOTER_RULE_Y + 9, width);
  if (pages > 1) {
    artifact(doc, () => {
      voiceOn(doc, { ...voice, font: "sans-400" }).text(
        `${page} of ${pages}`,
        PAGE_WIDTH - MARGIN_X - 60,
        FOOTER_RULE_Y + 9,
        {
          width: 60,
          align: "right",
        },
      );
    });
  }
}

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
});

/** The day a PDF made at `date` says it was prepared: "26 November 2026". */
export const printedDate = (date: Date): string => dateFormat.format(date);

/** "Amara’s plan · due March 2027"; "My plan" when there is no name. */
export function planByline(firstName: string, dueMonth: string | null): string {
  const name = printable(firstName.trim().split(/\s+/)[0] ?? "");
  const whose = name === "" ? "My plan" : `${name}’s plan`;
  const due = dueMonth?.trim();
  return due ? `${whose} · due ${printable(due)}` : whose;
}

export async function renderBirthPlanPdf({
  content,
  firstName,
  dueMonth,
  generatedAt,
}: BirthPlanPdfInput): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const summary = planSummary(content);
  const later = [...summary.planB, ...summary.planC];
  const pages = later.length > 0 ? 2 : 1;
  const byline = planByline(firstName, dueMonth);
  const generated = printedDate(generatedAt);

  const doc = new PDFDocument({
    autoFirstPage: false,
    size: "A4",
    margin: 0,
    tagged: true,
    lang: "en-GB",
    displayTitle: true,
    pdfVersion: "1.7",
    info: {
      Title: BIRTH_PLAN_PDF_TITLE,
      Subject: byline,
      Author: "Tidewell",
      Creator: "Tidewell",
      Producer: "Tidewell (PDFKit)",
      CreationDate: generatedAt,
      ModDate: generatedAt,
    },
  });
  for (const name of PDF_FONT_NAMES) doc.registerFont(name, pdfFontData(name));

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const root = doc.struct("Document");
  doc.addStructure(root);

  // Page 1: who it is for, then plan A.
  paintPage(doc);
  const title: Voice = { font: "serif-600", size: 26, lineGap: 0, colour: C.ink };
  const bylineVoice: Voice = { font: "sans-400", size: 11.5, lineGap: 0, colour: C.plum };
  const small: Voice = { font: "sans-400", size: 8.5, lineGap: 0, colour: C.inkSoft };
  let y = TOP;
  text(doc, root, "H1", BIRTH_PLAN_PDF_TITLE, title, MARGIN_X, y, CONTENT_WIDTH);
  y += heightOf(doc, BIRTH_PLAN_PDF_TITLE, title, CONTENT_WIDTH) + 2;
  text(doc, root, "P", byline, bylineVoice, MARGIN_X, y, CONTENT_WIDTH);
  y += heightOf(doc, byline, bylineVoice, CONTENT_WIDTH) + 3;
  const prepared = `Prepared with Tidewell · ${generated}`;
  text(doc, root, "P", prepared, small, MARGIN_X, y, CONTENT_WIDTH);
  y += heightOf(doc, prepared, small, CONTENT_WIDTH) + 10;
  rule(doc, y, C.lavender, 1);
  y += 14;

  if (summary.planA.length > 0) {
    y = planLabel(doc, root, "Plan A: the birth I’m hoping for", y);
    drawColumns(doc, root, summary.planA, y, "H2");
  } else {
    const empty: Voice = { font: "serif-400", size: 15, lineGap: 2, colour: C.ink };
    const body: Voice = { font: "sans-400", size: 10.5, lineGap: 3, colour: C.inkSoft };
    const heading = later.length > 0 ? "No preferences for plan A yet." : NO_PREFERENCES_YET;
    text(doc, root, "P", heading, empty, MARGIN_X, y + 10, CONTENT_WIDTH);
    y += 10 + heightOf(doc, heading, empty, CONTENT_WIDTH) + 6;
    const hint =
      "When you choose your preferences on Tidewell, they’ll appear here, ready to print and share with your midwife and your birth partner.";
    text(doc, root, "P", hint, body, MARGIN_X, y, Math.min(CONTENT_WIDTH, 400));
  }
  footer(doc, root, 1, pages, summary.planA.length > 0 || later.length > 0);

  // Page 2: plans B and C, only when she chose something there.
  if (later.length > 0) {
    paintPage(doc);
    const title2: Voice = { font: "serif-600", size: 17, lineGap: 0, colour: C.ink };
    let y2 = TOP;
    const heading = "If my birth takes a different path";
    text(doc, root, "H2", heading, title2, MARGIN_X, y2, CONTENT_WIDTH);
    y2 += heightOf(doc, heading, title2, CONTENT_WIDTH) + 2;
    text(doc, root, "P", byline, { ...small, colour: C.plum, size: 9.5 }, MARGIN_X, y2, CONTENT_WIDTH);
    y2 += heightOf(doc, byline, { ...small, size: 9.5 }, CONTENT_WIDTH) + 10;
    rule(doc, y2, C.lavender, 1);
    y2 += 14;
    const label =
      summary.planB.length > 0 && summary.planC.length > 0
        ? "Plans B and C"
        : summary.planB.length > 0
          ? "Plan B"
          : "Plan C";
    y2 = planLabel(doc, root, `${label}: every kind of birth can be a positive one`, y2);
    drawColumns(doc, root, later, y2, "H3");
    footer(doc, root, 2, pages, false);
  }

  root.end();
  doc.end();
  return done;
}
