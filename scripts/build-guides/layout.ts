/**
 * Block layout: Markdown blocks become a flat list of items (mostly single lines) that the
 * paginator places. `breakable` says whether a page may end just before an item. Ends with the
 * closing note about asking a midwife or doctor.
 */

import type { MarkedToken, Token } from "marked";
import type { Family } from "./fonts.ts";
import {
  baselineIn,
  breakLines,
  drawLine,
  inlineRuns,
  smarten,
  type LaidLine,
  type Measurer,
} from "./text.ts";
import { artifact, tagged, Tag } from "./tags.ts";
import { C, CONTENT_WIDTH, MARGIN_X, PAGE_WIDTH, type Theme } from "./theme.ts";

export type Panel = { id: number; x: number; width: number; pad: number; fill: string; bar: string };

export type Item = {
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

export const BODY: Voice = { family: "sans", size: 11, leading: 16.5, colour: C.ink, italic: false };
const QUOTE: Voice = { family: "serif", size: 12.5, leading: 19, colour: C.ink, italic: true };

const SHORT_LIST_LINES = 8;
const QUOTE_MIN_SPLIT = 3;

const GAP = { paragraph: 9, listItem: 4, taskItem: 5.5, afterHeading: [0, 14, 8, 5, 3] };

export type Context = {
  x: number;
  width: number;
  voice: Voice;
  panel?: Panel;
  /** Keep each paragraph on one page (affirmations). */
  keepParagraphs: boolean;
  listDepth: number;
  /** The structure element the blocks belong to (the document, a quotation, a list item's body). */
  parent: Tag;
};

type Marker = (doc: PDFKit.PDFDocument, top: number, leading: number, size: number) => void;

export class Flow {
  readonly items: Item[] = [];
  private keepNext = 0;
  private afterHeading = -1;
  private forceNewPage = false;
  private extraSpace = 0;
  private marker: Marker | null = null;
  private panels = 0;
  private lastHeadingLevel = 1;
  private readonly m: Measurer;
  private readonly theme: Theme;
  private readonly root: Tag;
  private readonly headingLevels: Map<number, number>;

  /** `headingLevels` maps a Markdown heading depth to its tag's level (tags.ts, headingLevels). */
  constructor(m: Measurer, theme: Theme, root: Tag, headingLevels: Map<number, number>) {
    this.m = m;
    this.theme = theme;
    this.root = root;
    this.headingLevels = headingLevels;
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
  private lines(
    lines: LaidLine[],
    tag: Tag,
    ctx: Context,
    leading: number,
    spaceBefore: number,
    keep: boolean,
  ): void {
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
            drawLine(doc, line, ctx.x, top, leading, tag);
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
    this.lines(lines, new Tag("P", ctx.parent), ctx, voice.leading, this.gap(gap), ctx.keepParagraphs);
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
    // Never deeper than one below the heading before it, so a reader's outline has no gaps.
    const level = Math.min(this.headingLevels.get(token.depth) ?? 2, this.lastHeadingLevel + 1, 6);
    this.lastHeadingLevel = level;
    const tag = new Tag(`H${level}`, ctx.parent);
    lines.forEach((line, i) => {
      this.push(
        {
          height: spec.leading,
          spaceBefore: i === 0 ? spaceBefore : 0,
          draw: (doc, top) => {
            if (i === 0 && decorate) {
              artifact(doc, () => {
                doc
                  .roundedRect(ctx.x, top - 10, depth === 1 ? 36 : 26, 3, 1.5)
                  .fillColor(accent)
                  .fill();
              });
              doc.outline.addItem(plain);
            }
            drawLine(doc, line, ctx.x, top, spec.leading, tag);
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
      parent: new Tag("BlockQuote", ctx.parent),
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
    const isTaskList = token.items.some((item) => item.task);
    const numbering = token.ordered ? "Decimal" : isTaskList ? "None" : "Disc";
    const list = new Tag("L", ctx.parent, {}, { O: "List", ListNumbering: numbering });
    const deep = this.theme.deep;
    const first = this.items.length;
    token.items.forEach((item, index) => {
      const x = ctx.x;
      const listItem = new Tag("LI", list);
      let label: Tag;
      let marker: Marker;
      if (item.task) {
        const checked = Boolean(item.checked);
        // The box is drawn, not a character: its words are the label's alternative text.
        label = new Tag("Lbl", listItem, { alt: checked ? "Ticked box" : "Tick box" });
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
        const number = `${start + index}.`;
        label = new Tag("Lbl", listItem);
        marker = (doc, top, leading, size) => {
          doc.font("sans-600").fontSize(size).fillColor(deep);
          const w = doc.widthOfString(number);
          doc.text(number, x + indent - 7 - w, baselineIn(top, leading, size), {
            lineBreak: false,
            baseline: "alphabetic",
          });
        };
      } else {
        const depth = ctx.listDepth;
        label = new Tag("Lbl", listItem, { actual: "\u2022" });
        marker = (doc, top, leading, size) => {
          const cy = baselineIn(top, leading, size) - size * 0.3;
          doc.circle(x + 5, cy, 2.1);
          if (depth === 0) doc.fillColor(deep).fill();
          else doc.lineWidth(0.8).strokeColor(deep).stroke();
        };
      }
      const gap =
        index === 0 ? firstGap : item.task ? GAP.taskItem : token.loose ? GAP.paragraph : GAP.listItem;
      this.marker = (doc, top, leading, size) => tagged(doc, label, () => marker(doc, top, leading, size));
      const body = new Tag("LBody", listItem);
      this.blocks(
        item.tokens,
        { ...inner, keepParagraphs: inner.keepParagraphs || item.task, parent: body },
        gap,
      );
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
          artifact(doc, () => {
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
          });
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
    const heading = new Tag("H2", this.root);
    const paragraphs = body.map(() => new Tag("P", this.root));
    this.push(
      {
        height,
        spaceBefore: this.gap(24),
        draw: (doc, top) => {
          artifact(doc, () => {
            doc.roundedRect(MARGIN_X, top, CONTENT_WIDTH, height, 10).fillColor(C.sand).fill();
            // A small crescent, the guide's accent, in the corner.
            const cx = MARGIN_X + CONTENT_WIDTH - 30;
            const cy = top + 28;
            doc.circle(cx, cy, 9).fillColor(mark).fill();
            doc
              .circle(cx + 4.5, cy - 3, 8)
              .fillColor(C.sand)
              .fill();
          });
          let y = top + pad;
          drawLine(doc, title[0] as LaidLine, MARGIN_X + 24, y, titleLeading, heading);
          y += titleLeading + 6;
          body.forEach((lines, i) => {
            for (const line of lines) {
              drawLine(doc, line, MARGIN_X + 24, y, bodyLeading, paragraphs[i] as Tag);
              y += bodyLeading;
            }
            y += 7;
          });
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
