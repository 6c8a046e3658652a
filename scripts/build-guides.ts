/**
 * `npm run content:build`: typesets the printable guides.
 *
 * Reads every content/guides/<id>.md (YAML front matter: title, subtitle, colour; Markdown body) and
 * writes content/pdfs/<id>.pdf with pdfkit: A4 portrait, a cover with an abstract illustration in
 * the guide's colour, Fraunces headings, Inter body text, a running footer and a closing note about
 * asking a midwife or doctor. Line breaking and pagination are done here (not by pdfkit) so that
 * headings stay with their text, paragraphs keep at least two lines either side of a page break and
 * affirmations are never split. The output is repeatable: fixed dates, no randomness.
 *
 * Usage: node scripts/build-guides.ts [guide-id ...]
 */
import { createHash } from "node:crypto";
import { inflateSync } from "node:zlib";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { marked, type MarkedToken, type Token } from "marked";
import PDFDocument from "pdfkit";
import { parse as parseYaml } from "yaml";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const GUIDES_DIR = path.join(ROOT, "content", "guides");
export const PDFS_DIR = path.join(ROOT, "content", "pdfs");

/** Page counts the product spec gives (cover included); the build warns when a guide drifts. */
const SPEC_PAGES: Record<string, number> = {
  "introduction-to-hypnobirthing": 8,
  "book-summary": 12,
  "facts-and-myths": 6,
  "birth-facts": 10,
  "hospital-bag-checklist": 4,
  "birth-affirmations-and-scripts": 15,
};

/** Fixed so that a rebuild of unchanged sources gives identical bytes. */
const FIXED_DATE = new Date("2025-01-01T09:00:00Z");

// ---------------------------------------------------------------------------------------------
// Page geometry (points; A4 portrait)

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 76;
const CONTENT_TOP = 76;
const CONTENT_BOTTOM = PAGE_HEIGHT - 80;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const FOOTER_RULE_Y = PAGE_HEIGHT - 58;
const FOOTER_BASELINE = PAGE_HEIGHT - 40;

// ---------------------------------------------------------------------------------------------
// Palette and themes. Every text colour below keeps at least 4.5:1 on the background it sits on.

const C = {
  cream: "#fbf7f1",
  sand: "#f3ebdf",
  line: "#e3d7c8",
  ink: "#2b2238",
  inkSoft: "#5a4f66",
  plum: "#5b3f6e",
  lavender: "#c9bde3",
  lavenderSoft: "#eee8f6",
  sage: "#6f8f7a",
  sageDeep: "#3f5e4b",
  sageSoft: "#e4ece5",
  apricot: "#f6b48f",
  apricotSoft: "#fde9dc",
  white: "#ffffff",
} as const;

const COLOURS = ["lavender", "sage", "apricot", "plum"] as const;
type ColourName = (typeof COLOURS)[number];

type Theme = {
  /** Decoration only (rules, quote bars, ornaments): never carries text. */
  accent: string;
  /** Tinted panels behind text. */
  soft: string;
  /** Text-safe accent: list markers, numbers, links, small headings. */
  deep: string;
  cover: {
    skyTop: string;
    skyBottom: string;
    moon: string;
    halo: string;
    waves: [string, string, string];
    waveOpacity: [number, number, number];
    breath: string;
    stars: boolean;
  };
};

const THEMES: Record<ColourName, Theme> = {
  lavender: {
    accent: C.lavender,
    soft: C.lavenderSoft,
    deep: C.plum,
    cover: {
      skyTop: C.lavenderSoft,
      skyBottom: C.cream,
      moon: C.white,
      halo: C.lavender,
      waves: [C.lavender, C.lavender, C.plum],
      waveOpacity: [0.45, 0.8, 0.55],
      breath: C.plum,
      stars: false,
    },
  },
  sage: {
    accent: C.sage,
    soft: C.sageSoft,
    deep: C.sageDeep,
    cover: {
      skyTop: C.sageSoft,
      skyBottom: C.cream,
      moon: C.apricotSoft,
      halo: C.apricot,
      waves: [C.sage, C.sage, C.sageDeep],
      waveOpacity: [0.3, 0.6, 0.75],
      breath: C.sageDeep,
      stars: false,
    },
  },
  apricot: {
    accent: C.apricot,
    soft: C.apricotSoft,
    deep: C.plum,
    cover: {
      skyTop: C.apricotSoft,
      skyBottom: C.cream,
      moon: C.apricot,
      halo: C.apricot,
      waves: [C.lavender, C.apricot, C.plum],
      waveOpacity: [0.55, 0.7, 0.5],
      breath: C.plum,
      stars: false,
    },
  },
  plum: {
    accent: C.plum,
    soft: C.lavenderSoft,
    deep: C.plum,
    cover: {
      skyTop: C.ink,
      skyBottom: C.plum,
      moon: C.cream,
      halo: C.lavender,
      waves: [C.lavender, C.lavender, C.lavenderSoft],
      waveOpacity: [0.25, 0.45, 0.8],
      breath: C.lavender,
      stars: true,
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Fonts: static latin subsets from @fontsource (WOFF, which pdfkit's fontkit reads directly).

const FONT_FILES = {
  "sans-400": "inter/files/inter-latin-400-normal.woff",
  "sans-400-italic": "inter/files/inter-latin-400-italic.woff",
  "sans-600": "inter/files/inter-latin-600-normal.woff",
  "sans-700": "inter/files/inter-latin-700-normal.woff",
  "sans-700-italic": "inter/files/inter-latin-700-italic.woff",
  "serif-400": "fraunces/files/fraunces-latin-400-normal.woff",
  "serif-400-italic": "fraunces/files/fraunces-latin-400-italic.woff",
  "serif-600": "fraunces/files/fraunces-latin-600-normal.woff",
  "serif-600-italic": "fraunces/files/fraunces-latin-600-italic.woff",
} as const;
type FontName = keyof typeof FONT_FILES;
const fontPath = (name: FontName) => path.join(ROOT, "node_modules", "@fontsource", FONT_FILES[name]);

/**
 * Unpacks a WOFF 1.0 file into a plain sfnt (TrueType/OpenType) font. fontkit can read WOFF itself,
 * but inflates it with a slow pure-JS zlib on every document; node:zlib makes the build several
 * times faster. The tables are copied unchanged.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error("Not a WOFF 1.0 file");
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(raw) : raw,
    };
  });
  const power = 2 ** Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(numTables * 16 - power * 16, 10);
  const chunks: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    header.writeUInt32BE(table.tag, at);
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    chunks.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(chunks);
}

const fontCache = new Map<FontName, Buffer>();
function fontData(name: FontName): Buffer {
  let data = fontCache.get(name);
  if (!data) {
    data = woffToSfnt(readFileSync(fontPath(name)));
    fontCache.set(name, data);
  }
  return data;
}

type Family = "sans" | "serif";

function fontFor(family: Family, bold: boolean, italic: boolean): FontName {
  if (family === "serif") return `serif-${bold ? "600" : "400"}${italic ? "-italic" : ""}`;
  if (italic) return bold ? "sans-700-italic" : "sans-400-italic";
  return bold ? "sans-700" : "sans-400";
}

/**
 * The code points of the @fontsource "latin" subset (its unicode-range). Text outside it would print
 * as empty boxes, so the build refuses it instead.
 */
const LATIN_RANGES: [number, number][] = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

function assertPrintable(text: string, where: string): void {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (!LATIN_RANGES.some(([from, to]) => code >= from && code <= to)) {
      throw new Error(
        `${where}: "${char}" (U+${code.toString(16).toUpperCase().padStart(4, "0")}) is not in the fonts' latin subset`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Reading a guide

export type Guide = {
  id: string;
  title: string;
  subtitle: string;
  colour: ColourName;
  body: string;
  /** sha256 of the Markdown file, stored in the PDF so a stale PDF can be detected. */
  digest: string;
};

export function sourceDigest(markdown: string): string {
  return createHash("sha256").update(markdown).digest("hex");
}

export function parseGuide(id: string, source: string): Guide {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${id}: missing YAML front matter`);
  const meta: unknown = parseYaml(match[1] ?? "");
  if (typeof meta !== "object" || meta === null) throw new Error(`${id}: front matter is not a mapping`);
  const { title, subtitle, colour } = meta as Record<string, unknown>;
  if (typeof title !== "string" || title.trim() === "") throw new Error(`${id}: front matter needs a title`);
  if (typeof subtitle !== "string") throw new Error(`${id}: front matter needs a subtitle`);
  if (!COLOURS.includes(colour as ColourName)) {
    throw new Error(`${id}: colour must be one of ${COLOURS.join(", ")}`);
  }
  return {
    id,
    title: title.trim(),
    subtitle: subtitle.trim(),
    colour: colour as ColourName,
    body: match[2] ?? "",
    digest: sourceDigest(source),
  };
}

export function listGuideIds(dir: string = GUIDES_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => name.slice(0, -3))
    .sort();
}

export function readGuide(id: string, dir: string = GUIDES_DIR): Guide {
  return parseGuide(id, readFileSync(path.join(dir, `${id}.md`), "utf8"));
}

// ---------------------------------------------------------------------------------------------
// Inline text: runs of one style, smart punctuation, line breaking

type Run = {
  text: string;
  font: FontName;
  size: number;
  colour: string;
  link?: string;
  /** A hard line break (Markdown `br`). */
  hardBreak?: boolean;
};

type InlineStyle = {
  family: Family;
  bold: boolean;
  italic: boolean;
  size: number;
  colour: string;
  linkColour: string;
};

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};
const decodeEntities = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

function inlineRuns(tokens: Token[] | undefined, style: InlineStyle, link?: string): Run[] {
  const runs: Run[] = [];
  const font = fontFor(style.family, style.bold, style.italic);
  const push = (text: string) =>
    runs.push({
      text: decodeEntities(text),
      font,
      size: style.size,
      colour: link ? style.linkColour : style.colour,
      ...(link ? { link } : {}),
    });
  for (const token of tokens ?? []) {
    const t = token as MarkedToken;
    switch (t.type) {
      case "text":
        if (t.tokens && t.tokens.length > 0) runs.push(...inlineRuns(t.tokens, style, link));
        else push(t.text);
        break;
      case "escape":
      case "codespan":
        push(t.text);
        break;
      case "strong":
        runs.push(...inlineRuns(t.tokens, { ...style, bold: true }, link));
        break;
      case "em":
        runs.push(...inlineRuns(t.tokens, { ...style, italic: !style.italic }, link));
        break;
      case "del":
        runs.push(...inlineRuns(t.tokens, style, link));
        break;
      case "link":
        runs.push(...inlineRuns(t.tokens, style, t.href.replace(/^http:\/\//, "https://")));
        break;
      case "br":
        runs.push({ text: "", font, size: style.size, colour: style.colour, hardBreak: true });
        break;
      case "html":
      case "checkbox":
        break;
      default:
        throw new Error(`Unsupported inline Markdown: ${t.type}`);
    }
  }
  return runs;
}

/** Typographer's quotes and dashes, carried across runs so `"**word**"` still pairs up. */
function smarten(runs: Run[]): Run[] {
  let previous = " ";
  return runs.map((run) => {
    let out = "";
    const text = run.text
      .replace(/\.\.\./g, "…")
      .replace(/---/g, "—")
      .replace(/--/g, "–");
    for (const char of text) {
      let next = char;
      const opening = /[\s([{\u2014\u2013\u2018\u201c/]/.test(previous);
      if (char === '"') next = opening ? "\u201c" : "\u201d";
      else if (char === "'") next = opening ? "\u2018" : "\u2019";
      out += next;
      previous = next;
    }
    if (run.hardBreak) previous = " ";
    return { ...run, text: out };
  });
}

type Piece = { text: string; run: Run; width: number };
type Word = Piece[];
type LaidLine = { segments: { x: number; text: string; run: Run; width: number }[]; width: number };

class Measurer {
  private cache = new Map<string, number>();
  private readonly doc: PDFKit.PDFDocument;
  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
  }
  width(text: string, font: FontName, size: number): number {
    const key = `${font}|${size}|${text}`;
    let width = this.cache.get(key);
    if (width === undefined) {
      width = this.doc.font(font).fontSize(size).widthOfString(text);
      this.cache.set(key, width);
    }
    return width;
  }
}

/** Greedy, ragged-right line breaking of styled runs into lines no wider than `width`. */
function breakLines(m: Measurer, runs: Run[], width: number): LaidLine[] {
  type Atom = { kind: "word"; word: Word } | { kind: "space"; run: Run } | { kind: "break" };
  const atoms: Atom[] = [];
  let open: Word | null = null;
  for (const run of runs) {
    if (run.hardBreak) {
      atoms.push({ kind: "break" });
      open = null;
      continue;
    }
    for (const part of run.text.split(/(\s+)/)) {
      if (part === "") continue;
      if (/^\s+$/.test(part)) {
        if (atoms.at(-1)?.kind === "word") atoms.push({ kind: "space", run });
        open = null;
      } else {
        const piece = { text: part, run, width: m.width(part, run.font, run.size) };
        if (open) open.push(piece);
        else {
          open = [piece];
          atoms.push({ kind: "word", word: open });
        }
      }
    }
  }

  const lines: LaidLine[] = [];
  let pieces: Piece[] = [];
  let lineWidth = 0;
  let space: Run | null = null;
  const finish = () => {
    lines.push(layoutLine(pieces));
    pieces = [];
    lineWidth = 0;
    space = null;
  };
  for (const atom of atoms) {
    if (atom.kind === "break") {
      finish();
    } else if (atom.kind === "space") {
      space = atom.run;
    } else {
      const wordWidth = atom.word.reduce((sum, piece) => sum + piece.width, 0);
      const spaceWidth = space && pieces.length > 0 ? m.width(" ", space.font, space.size) : 0;
      if (pieces.length > 0 && lineWidth + spaceWidth + wordWidth > width) finish();
      else if (space && pieces.length > 0) {
        pieces.push({ text: " ", run: space, width: spaceWidth });
        lineWidth += spaceWidth;
      }
      pieces.push(...atom.word);
      lineWidth += wordWidth;
      space = null;
    }
  }
  if (pieces.length > 0) finish();
  return lines;
}

/** Positions pieces and merges neighbours of the same style into one text operation. */
function layoutLine(pieces: Piece[]): LaidLine {
  const segments: LaidLine["segments"] = [];
  let x = 0;
  for (const piece of pieces) {
    const last = segments.at(-1);
    const same =
      last &&
      last.run.font === piece.run.font &&
      last.run.size === piece.run.size &&
      last.run.colour === piece.run.colour &&
      last.run.link === piece.run.link;
    if (last && same) {
      last.text += piece.text;
      last.width += piece.width;
    } else segments.push({ x, text: piece.text, run: piece.run, width: piece.width });
    x += piece.width;
  }
  return { segments, width: x };
}

/** Baseline of text of `size` centred in a line box of `leading`. */
const baselineIn = (top: number, leading: number, size: number) => top + leading / 2 + size * 0.35;

function drawLine(doc: PDFKit.PDFDocument, line: LaidLine, x: number, top: number, leading: number): void {
  for (const segment of line.segments) {
    const text = segment.text.trimEnd();
    if (text === "") continue;
    const { run } = segment;
    const baseline = baselineIn(top, leading, run.size);
    doc
      .font(run.font)
      .fontSize(run.size)
      .fillColor(run.colour)
      .text(text, x + segment.x, baseline, { lineBreak: false, baseline: "alphabetic" });
    if (run.link) {
      const width = doc.widthOfString(text);
      doc
        .moveTo(x + segment.x, baseline + 1.6)
        .lineTo(x + segment.x + width, baseline + 1.6)
        .lineWidth(0.5)
        .strokeColor(run.colour)
        .stroke();
      doc.link(x + segment.x, top, width, leading, run.link);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Block layout: Markdown blocks become a flat list of items (mostly single lines) that the
// paginator places. `breakable` says whether a page may end just before an item.

type Panel = { id: number; x: number; width: number; pad: number; fill: string; bar: string };

type Item = {
  height: number;
  spaceBefore: number;
  breakable: boolean;
  newPage?: boolean;
  /** A line of running text (paragraph or list item). */
  text?: boolean;
  panel?: Panel;
  draw: (doc: PDFKit.PDFDocument, top: number) => void;
};

type Voice = { family: Family; size: number; leading: number; colour: string; italic: boolean };

const BODY: Voice = { family: "sans", size: 11, leading: 16.5, colour: C.ink, italic: false };
const QUOTE: Voice = { family: "serif", size: 12.5, leading: 19, colour: C.ink, italic: true };

const SHORT_LIST_LINES = 8;
const QUOTE_MIN_SPLIT = 3;

const GAP = { paragraph: 9, listItem: 4, taskItem: 5.5, afterHeading: [0, 14, 8, 5, 3] };

type Context = {
  x: number;
  width: number;
  voice: Voice;
  panel?: Panel;
  /** Keep each paragraph on one page (affirmations). */
  keepParagraphs: boolean;
  listDepth: number;
};

type Marker = (doc: PDFKit.PDFDocument, top: number, leading: number, size: number) => void;

class Flow {
  readonly items: Item[] = [];
  private keepNext = 0;
  private afterHeading = -1;
  private forceNewPage = false;
  private extraSpace = 0;
  private marker: Marker | null = null;
  private panels = 0;
  private readonly m: Measurer;
  private readonly theme: Theme;

  constructor(m: Measurer, theme: Theme) {
    this.m = m;
    this.theme = theme;
  }

  private gap(normal: number): number {
    const gap = this.afterHeading >= 0 ? this.afterHeading : normal;
    this.afterHeading = -1;
    const total = gap + this.extraSpace;
    this.extraSpace = 0;
    return total;
  }

  private push(item: Omit<Item, "breakable">, breakable: boolean): void {
    const allowed = breakable && this.keepNext === 0;
    if (this.keepNext > 0) this.keepNext -= 1;
    const newPage = this.forceNewPage || item.newPage;
    this.forceNewPage = false;
    this.items.push({ ...item, breakable: allowed || Boolean(newPage), ...(newPage ? { newPage } : {}) });
  }

  /** Lines of one paragraph, with orphan/widow control (two lines either side of a break). */
  private lines(lines: LaidLine[], ctx: Context, leading: number, spaceBefore: number, keep: boolean): void {
    const n = lines.length;
    lines.forEach((line, i) => {
      const marker = i === 0 ? this.marker : null;
      if (i === 0) this.marker = null;
      const size = line.segments[0]?.run.size ?? ctx.voice.size;
      this.push(
        {
          height: leading,
          spaceBefore: i === 0 ? spaceBefore : 0,
          text: true,
          ...(ctx.panel ? { panel: ctx.panel } : {}),
          draw: (doc, top) => {
            marker?.(doc, top, leading, size);
            drawLine(doc, line, ctx.x, top, leading);
          },
        },
        i === 0 || (!keep && i >= 2 && n - i >= 2),
      );
    });
  }

  paragraph(tokens: Token[] | undefined, ctx: Context, gap: number): void {
    const { voice } = ctx;
    const runs = smarten(
      inlineRuns(tokens, {
        family: voice.family,
        bold: false,
        italic: voice.italic,
        size: voice.size,
        colour: voice.colour,
        linkColour: this.theme.deep,
      }),
    );
    const lines = breakLines(this.m, runs, ctx.width);
    this.lines(lines, ctx, voice.leading, this.gap(gap), ctx.keepParagraphs);
    // A paragraph that introduces what follows ("...these organisations:") stays with it.
    if (/:\s*$/.test(runs.map((run) => run.text).join(""))) this.keepNext = Math.max(this.keepNext, 1);
  }

  heading(token: Extract<MarkedToken, { type: "heading" }>, ctx: Context): void {
    const depth = Math.min(token.depth, 4);
    const spec = [
      { family: "serif", size: 25, leading: 31, before: 0, colour: C.ink },
      { family: "serif", size: 18, leading: 23, before: 24, colour: C.ink },
      { family: "serif", size: 13.5, leading: 18, before: 16, colour: this.theme.deep },
      { family: "sans", size: 11, leading: 16.5, before: 12, colour: C.ink },
    ][depth - 1] as { family: Family; size: number; leading: number; before: number; colour: string };
    const runs = smarten(
      inlineRuns(token.tokens, {
        family: spec.family,
        bold: true,
        italic: false,
        size: spec.size,
        colour: spec.colour,
        linkColour: spec.colour,
      }),
    );
    const lines = breakLines(this.m, runs, ctx.width);
    const plain = runs.map((run) => run.text).join("");
    // The one-line paragraph that ends a section never starts a page on its own.
    const last = this.items.at(-1);
    if (last?.text && !last.panel && last.spaceBefore > 0 && !last.newPage) last.breakable = false;
    // A level-one heading is a chapter: it always opens a page.
    if (depth === 1) this.forceNewPage = true;
    const decorate = depth <= 2;
    const spaceBefore = this.gap(spec.before) + (decorate ? 12 : 0);
    const accent = this.theme.accent;
    lines.forEach((line, i) => {
      this.push(
        {
          height: spec.leading,
          spaceBefore: i === 0 ? spaceBefore : 0,
          draw: (doc, top) => {
            if (i === 0 && decorate) {
              doc
                .roundedRect(ctx.x, top - 10, depth === 1 ? 36 : 26, 3, 1.5)
                .fillColor(accent)
                .fill();
              doc.outline.addItem(plain);
            }
            drawLine(doc, line, ctx.x, top, spec.leading);
          },
        },
        i === 0,
      );
    });
    this.keepNext = 3;
    this.afterHeading = GAP.afterHeading[depth] ?? 6;
  }

  blockquote(tokens: Token[], ctx: Context, gap: number): void {
    const pad = 14;
    const panel: Panel = {
      id: ++this.panels,
      x: ctx.x,
      width: ctx.width,
      pad,
      fill: this.theme.soft,
      bar: this.theme.accent === C.plum ? C.lavender : this.theme.accent,
    };
    this.extraSpace += pad;
    const inner: Context = {
      ...ctx,
      x: ctx.x + 22,
      width: ctx.width - 40,
      voice: QUOTE,
      panel,
      keepParagraphs: true,
    };
    const first = this.items.length;
    this.blocks(tokens, inner, gap + 4);
    this.extraSpace += pad + 4;
    // A panel of affirmations only breaks with at least three of them on either side.
    const starts = this.items
      .slice(first)
      .map((item, i) => (item.spaceBefore > 0 || i === 0 ? first + i : -1))
      .filter((i) => i >= 0);
    starts.forEach((index, k) => {
      const item = this.items[index] as Item;
      if (k > 0 && (k < QUOTE_MIN_SPLIT || starts.length - k < QUOTE_MIN_SPLIT)) item.breakable = false;
    });
  }

  list(token: Extract<MarkedToken, { type: "list" }>, ctx: Context, firstGap: number): void {
    const start = typeof token.start === "number" ? token.start : 1;
    const indent = token.ordered ? 22 : 18;
    const inner: Context = {
      ...ctx,
      x: ctx.x + indent,
      width: ctx.width - indent,
      listDepth: ctx.listDepth + 1,
    };
    const deep = this.theme.deep;
    const first = this.items.length;
    token.items.forEach((item, index) => {
      const x = ctx.x;
      let marker: Marker;
      if (item.task) {
        const checked = Boolean(item.checked);
        marker = (doc, top, leading) => {
          const side = 10;
          const y = top + leading / 2 - side / 2 + 0.5;
          doc
            .roundedRect(x + 1, y, side, side, 2.4)
            .lineWidth(0.9)
            .strokeColor(deep);
          if (checked) {
            doc.fillAndStroke(deep, deep);
            doc
              .moveTo(x + 3.6, y + 5.2)
              .lineTo(x + 5.4, y + 7.2)
              .lineTo(x + 8.6, y + 3)
              .lineWidth(1.2)
              .lineCap("round")
              .lineJoin("round")
              .strokeColor(C.white)
              .stroke();
          } else doc.stroke();
        };
      } else if (token.ordered) {
        const label = `${start + index}.`;
        marker = (doc, top, leading, size) => {
          doc.font("sans-600").fontSize(size).fillColor(deep);
          const w = doc.widthOfString(label);
          doc.text(label, x + indent - 7 - w, baselineIn(top, leading, size), {
            lineBreak: false,
            baseline: "alphabetic",
          });
        };
      } else {
        const depth = ctx.listDepth;
        marker = (doc, top, leading, size) => {
          const cy = baselineIn(top, leading, size) - size * 0.3;
          doc.circle(x + 5, cy, 2.1);
          if (depth === 0) doc.fillColor(deep).fill();
          else doc.lineWidth(0.8).strokeColor(deep).stroke();
        };
      }
      const gap =
        index === 0 ? firstGap : item.task ? GAP.taskItem : token.loose ? GAP.paragraph : GAP.listItem;
      this.marker = marker;
      this.blocks(item.tokens, { ...inner, keepParagraphs: inner.keepParagraphs || item.task }, gap);
    });
    // A short list (eight lines or fewer) is never split across pages.
    if (ctx.listDepth === 0 && this.items.length - first <= SHORT_LIST_LINES) {
      for (const item of this.items.slice(first + 1)) item.breakable = false;
    }
  }

  rule(): void {
    const accent = this.theme.accent;
    this.push(
      {
        height: 14,
        spaceBefore: this.gap(14) + 4,
        draw: (doc, top) => {
          const cx = PAGE_WIDTH / 2;
          const y = top + 7;
          doc.moveTo(cx - 30, y);
          doc.bezierCurveTo(cx - 20, y - 6, cx - 10, y - 6, cx, y);
          doc.bezierCurveTo(cx + 10, y + 6, cx + 20, y + 6, cx + 30, y);
          doc
            .lineWidth(1.4)
            .lineCap("round")
            .strokeColor(accent === C.plum ? C.lavender : accent)
            .stroke();
        },
      },
      true,
    );
    this.extraSpace += 8;
  }

  pageBreak(): void {
    this.forceNewPage = true;
  }

  /** `gap` is the space before the first block; later blocks use the paragraph gap of ctx. */
  blocks(tokens: Token[], ctx: Context, gap: number): void {
    let first = true;
    for (const token of tokens) {
      const t = token as MarkedToken;
      const blockGap = first ? gap : ctx.panel ? 8 : GAP.paragraph;
      switch (t.type) {
        case "space":
        case "def":
          continue;
        case "checkbox":
          continue;
        case "paragraph":
          this.paragraph(t.tokens, ctx, blockGap);
          break;
        case "text":
          this.paragraph(t.tokens ?? [{ type: "text", raw: t.raw, text: t.text }], ctx, blockGap);
          break;
        case "heading":
          this.heading(t, ctx);
          break;
        case "blockquote":
          this.blockquote(t.tokens, ctx, blockGap);
          break;
        case "list":
          this.list(t, ctx, blockGap);
          break;
        case "hr":
          this.rule();
          break;
        case "html":
          if (/<!--\s*page-?break\s*-->/i.test(t.text)) this.pageBreak();
          continue;
        default:
          throw new Error(`Unsupported Markdown block: ${t.type}`);
      }
      first = false;
    }
  }

  /** The closing note, kept whole on one page. */
  closingNote(): void {
    this.keepNext = 0;
    const width = CONTENT_WIDTH - 48;
    const title = breakLines(
      this.m,
      [{ text: "Ask your midwife or doctor", font: "serif-600", size: 14, colour: C.ink }],
      width,
    );
    const body = CLOSING_NOTE.map((text) =>
      breakLines(this.m, smarten([{ text, font: "sans-400", size: 10, colour: C.ink }]), width),
    );
    const pad = 20;
    const titleLeading = 20;
    const bodyLeading = 15;
    const height =
      pad * 2 + titleLeading + 6 + body.reduce((sum, lines) => sum + lines.length * bodyLeading, 0) + 7;
    const mark = this.theme.accent === C.plum ? C.lavender : this.theme.accent;
    this.push(
      {
        height,
        spaceBefore: this.gap(24),
        draw: (doc, top) => {
          doc.roundedRect(MARGIN_X, top, CONTENT_WIDTH, height, 10).fillColor(C.sand).fill();
          // A small crescent, the guide's accent, in the corner.
          const cx = MARGIN_X + CONTENT_WIDTH - 30;
          const cy = top + 28;
          doc.circle(cx, cy, 9).fillColor(mark).fill();
          doc
            .circle(cx + 4.5, cy - 3, 8)
            .fillColor(C.sand)
            .fill();
          let y = top + pad;
          drawLine(doc, title[0] as LaidLine, MARGIN_X + 24, y, titleLeading);
          y += titleLeading + 6;
          for (const lines of body) {
            for (const line of lines) {
              drawLine(doc, line, MARGIN_X + 24, y, bodyLeading);
              y += bodyLeading;
            }
            y += 7;
          }
        },
      },
      true,
    );
  }
}

const CLOSING_NOTE = [
  "This guide is for information and preparation. It isn't medical advice, and it can't replace the care of people who know you and your pregnancy. If anything here raises a question about your health or your baby's, please ask your midwife or doctor -- no question is too small.",
  "Contact your maternity unit straight away, day or night, if your baby's movements slow down or change, if you have bleeding, leaking fluid, severe pain or a bad headache, or if you feel that something isn't right.",
];

// ---------------------------------------------------------------------------------------------
// Pagination

type Placed = { item: Item; top: number };

function paginate(items: Item[]): Placed[][] {
  const pages: Placed[][] = [];
  let page: Placed[] = [];
  let y = CONTENT_TOP;
  const newPage = () => {
    pages.push(page);
    page = [];
    y = CONTENT_TOP;
  };
  let i = 0;
  while (i < items.length) {
    const item = items[i] as Item;
    if (item.newPage && page.length > 0) newPage();
    const pad = item.panel?.pad ?? 0;
    const space = page.length === 0 ? pad : item.spaceBefore;
    if (page.length > 0 && y + space + item.height + pad > CONTENT_BOTTOM) {
      // Break at the latest point on this page where a break is allowed (not at its very top).
      let at = page.length - 1;
      while (at > 0 && !page[at]?.item.breakable) at -= 1;
      if (!item.breakable && at > 0) {
        const moved = page.length - at;
        page = page.slice(0, at);
        newPage();
        i -= moved;
        continue;
      }
      newPage();
      continue;
    }
    y += space;
    page.push({ item, top: y });
    y += item.height;
    i += 1;
  }
  if (page.length > 0) pages.push(page);
  return pages;
}

// ---------------------------------------------------------------------------------------------
// Cover illustration

/** Small deterministic PRNG (mulberry32) seeded from the guide id, so each cover differs. */
function rng(seedText: string): () => number {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed, 31) + (char.codePointAt(0) ?? 0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function wavePath(
  doc: PDFKit.PDFDocument,
  x: number,
  width: number,
  baseY: number,
  amplitude: number,
  wavelength: number,
  phase: number,
): void {
  const steps = Math.ceil(width / (wavelength / 2)) + 2;
  const start = x - phase * wavelength;
  doc.moveTo(start, baseY);
  for (let s = 0; s < steps; s += 1) {
    const x0 = start + (s * wavelength) / 2;
    const dir = s % 2 === 0 ? -1 : 1;
    doc.bezierCurveTo(
      x0 + wavelength * 0.18,
      baseY + dir * amplitude * 1.3,
      x0 + wavelength * 0.32,
      baseY + dir * amplitude * 1.3,
      x0 + wavelength / 2,
      baseY,
    );
  }
}

function drawCover(doc: PDFKit.PDFDocument, guide: Guide, theme: Theme): void {
  const random = rng(guide.id);
  const art = theme.cover;
  doc.rect(0, 0, PAGE_WIDTH, PAGE_HEIGHT).fillColor(C.cream).fill();

  // Wordmark
  doc.font("serif-600").fontSize(15).fillColor(C.ink).text("Tidewell", MARGIN_X, 58, { lineBreak: false });
  doc.font("sans-600").fontSize(8.5).fillColor(C.inkSoft);
  const label = "PRINTABLE GUIDE";
  doc.text(label, PAGE_WIDTH - MARGIN_X - doc.widthOfString(label, { characterSpacing: 1.2 }), 62, {
    lineBreak: false,
    characterSpacing: 1.2,
  });

  // Illustration panel
  const px = MARGIN_X;
  const py = 100;
  const pw = CONTENT_WIDTH;
  const ph = 400;
  doc.save();
  doc.roundedRect(px, py, pw, ph, 22).clip();
  const sky = doc.linearGradient(0, py, 0, py + ph);
  sky.stop(0, art.skyTop).stop(1, art.skyBottom);
  doc.rect(px, py, pw, ph).fill(sky);

  if (art.stars) {
    for (let s = 0; s < 26; s += 1) {
      const sx = px + 14 + random() * (pw - 28);
      const sy = py + 14 + random() * ph * 0.5;
      doc
        .circle(sx, sy, 0.6 + random() * 1.1)
        .fillOpacity(0.35 + random() * 0.5)
        .fillColor(C.cream)
        .fill();
    }
    doc.fillOpacity(1);
  }

  // Moon with halo ripples
  const mx = px + pw * (0.28 + random() * 0.44);
  const my = py + ph * (0.3 + random() * 0.06);
  const r = 50 + random() * 14;
  for (let ring = 3; ring >= 1; ring -= 1) {
    doc
      .circle(mx, my, r + ring * 20)
      .lineWidth(1.1)
      .strokeOpacity(0.5 - ring * 0.11)
      .strokeColor(art.halo)
      .stroke();
  }
  doc.strokeOpacity(1);
  if (random() > 0.5) {
    // A crescent: the moon less a circle offset towards the upper right (even-odd clip).
    doc.save();
    doc
      .rect(px, py, pw, ph)
      .circle(mx + r * 0.42, my - r * 0.24, r * 0.86)
      .clip("even-odd");
    doc.circle(mx, my, r).fillColor(art.moon).fill();
    doc.restore();
  } else doc.circle(mx, my, r).fillColor(art.moon).fill();

  // Breath lines: long, slow curves drifting across the sky
  const breaths = 2 + Math.floor(random() * 3);
  for (let b = 0; b < breaths; b += 1) {
    const by = py + ph * (0.5 + b * 0.045) - 8;
    const x0 = px + pw * (0.06 + random() * 0.2);
    const x1 = px + pw * (0.62 + random() * 0.32);
    const lift = 10 + random() * 14;
    doc.moveTo(x0, by);
    doc.bezierCurveTo(x0 + (x1 - x0) * 0.3, by - lift, x0 + (x1 - x0) * 0.6, by + lift, x1, by - 2);
    doc
      .lineWidth(1.3)
      .lineCap("round")
      .strokeOpacity(0.65 - b * 0.1)
      .strokeColor(art.breath)
      .stroke();
  }
  doc.strokeOpacity(1);

  // Waves, back to front
  art.waves.forEach((colour, w) => {
    const baseY = py + ph * (0.66 + w * 0.1);
    const amplitude = 6 + random() * 6 - w;
    const wavelength = 120 + random() * 90;
    wavePath(doc, px, pw, baseY, amplitude, wavelength, random());
    doc
      .lineTo(px + pw + 300, py + ph + 10)
      .lineTo(px - 300, py + ph + 10)
      .closePath()
      .fillOpacity(art.waveOpacity[w] ?? 1)
      .fillColor(colour)
      .fill();
  });
  doc.fillOpacity(1);
  doc.restore();

  // Title and subtitle
  assertPrintable(guide.title + guide.subtitle, `${guide.id} front matter`);
  const title = smarten([{ text: guide.title, font: "serif-600", size: 34, colour: C.ink }])[0]?.text ?? "";
  const subtitle =
    smarten([{ text: guide.subtitle, font: "sans-400", size: 13, colour: C.inkSoft }])[0]?.text ?? "";
  doc.font("serif-600").fontSize(34).fillColor(C.ink);
  doc.text(title, MARGIN_X, 540, { width: CONTENT_WIDTH - 20, lineGap: 2 });
  doc.moveDown(0.35);
  doc.font("sans-400").fontSize(13).fillColor(C.inkSoft);
  doc.text(subtitle, MARGIN_X, doc.y, { width: CONTENT_WIDTH - 40, lineGap: 6 });

  // Foot of the cover
  doc
    .moveTo(MARGIN_X, PAGE_HEIGHT - 86)
    .lineTo(MARGIN_X + CONTENT_WIDTH, PAGE_HEIGHT - 86)
    .lineWidth(0.6)
    .strokeColor(C.line)
    .stroke();
  doc
    .font("sans-400")
    .fontSize(9.5)
    .fillColor(C.inkSoft)
    .text("For you and your birth partner, to read together.", MARGIN_X, PAGE_HEIGHT - 70, {
      lineBreak: false,
    });
}

function drawFooter(doc: PDFKit.PDFDocument, title: string, pageNumber: number): void {
  doc
    .moveTo(MARGIN_X, FOOTER_RULE_Y)
    .lineTo(MARGIN_X + CONTENT_WIDTH, FOOTER_RULE_Y)
    .lineWidth(0.6)
    .strokeColor(C.line)
    .stroke();
  doc
    .font("sans-400")
    .fontSize(8.5)
    .fillColor(C.inkSoft)
    .text(`Tidewell · ${title}`, MARGIN_X, FOOTER_BASELINE, { lineBreak: false, baseline: "alphabetic" });
  const number = String(pageNumber);
  doc.font("sans-600").fontSize(8.5);
  doc.text(number, MARGIN_X + CONTENT_WIDTH - doc.widthOfString(number), FOOTER_BASELINE, {
    lineBreak: false,
    baseline: "alphabetic",
  });
}

// ---------------------------------------------------------------------------------------------
// Building

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

  const flow = new Flow(new Measurer(doc), theme);
  const ctx: Context = {
    x: MARGIN_X,
    width: CONTENT_WIDTH,
    voice: BODY,
    keepParagraphs: false,
    listDepth: 0,
  };
  flow.blocks(marked.lexer(guide.body), ctx, 0);
  flow.closingNote();
  const pages = paginate(flow.items);

  doc.addPage();
  drawCover(doc, guide, theme);
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
      doc
        .roundedRect(panel.x, top - panel.pad, panel.width, bottom - top + 2 * panel.pad, 8)
        .fillColor(panel.fill)
        .fill();
      doc
        .roundedRect(panel.x, top - panel.pad, 4, bottom - top + 2 * panel.pad, 2)
        .fillColor(panel.bar)
        .fill();
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

async function main(): Promise<void> {
  const started = performance.now();
  const requested = process.argv.slice(2);
  const ids = requested.length > 0 ? requested : listGuideIds();
  let drift = false;
  for (const id of ids) {
    const result = await buildGuide(id);
    const spec = SPEC_PAGES[id];
    const note = spec === undefined ? "(no spec count)" : spec === result.pages ? "" : `(spec: ${spec})`;
    if (spec !== undefined && spec !== result.pages) drift = true;
    console.log(`${`${id}.pdf`.padEnd(36)} ${String(result.pages).padStart(2)} pages ${note}`.trimEnd());
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Built ${ids.length} guide(s) into ${path.relative(ROOT, PDFS_DIR)} in ${seconds} s.`);
  if (drift) console.warn("Some page counts differ from the spec; adjust the guide text.");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
