/**
 * Inline text: Markdown inline tokens become runs of one style, with smart punctuation; runs are
 * broken into ragged-right lines and drawn.
 */

import type { MarkedToken, Token } from "marked";
import { fontFor, type Family, type FontName } from "./fonts.ts";
import { artifact, tagged, taggedLink, type Tag } from "./tags.ts";

export type Run = {
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

export function inlineRuns(tokens: Token[] | undefined, style: InlineStyle, link?: string): Run[] {
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
export function smarten(runs: Run[]): Run[] {
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
export type LaidLine = { segments: { x: number; text: string; run: Run; width: number }[]; width: number };

export class Measurer {
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
export function breakLines(m: Measurer, runs: Run[], width: number): LaidLine[] {
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
export const baselineIn = (top: number, leading: number, size: number) => top + leading / 2 + size * 0.35;

/**
 * Draws one line of `tag`'s words: the words between links as one marked-content sequence, each
 * link's words in a Link element of their own.
 */
export function drawLine(
  doc: PDFKit.PDFDocument,
  line: LaidLine,
  x: number,
  top: number,
  leading: number,
  tag: Tag,
): void {
  const pieces = line.segments
    .map((segment) => ({ ...segment, text: segment.text.trimEnd() }))
    .filter((segment) => segment.text !== "");
  const write = ({ text, run, x: dx }: (typeof pieces)[number]) =>
    doc
      .font(run.font)
      .fontSize(run.size)
      .fillColor(run.colour)
      .text(text, x + dx, baselineIn(top, leading, run.size), { lineBreak: false, baseline: "alphabetic" });
  let words: typeof pieces = [];
  const flushWords = () => {
    const batch = words;
    if (batch.length > 0) tagged(doc, tag, () => batch.forEach(write));
    words = [];
  };
  for (const piece of pieces) {
    const { run } = piece;
    if (!run.link) {
      words.push(piece);
      continue;
    }
    flushWords();
    const width = doc.font(run.font).fontSize(run.size).widthOfString(piece.text);
    const area = { x: x + piece.x, y: top, width, height: leading };
    taggedLink(doc, tag, piece.text, run.link, area, () => write(piece));
    const underline = baselineIn(top, leading, run.size) + 1.6;
    artifact(doc, () => {
      doc
        .moveTo(x + piece.x, underline)
        .lineTo(x + piece.x + width, underline)
        .lineWidth(0.5)
        .strokeColor(run.colour)
        .stroke();
    });
  }
  flushWords();
}
