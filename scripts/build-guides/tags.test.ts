import { readFileSync } from "node:fs";
import path from "node:path";
import { marked, type Token } from "marked";
import { describe, expect, it } from "vitest";
import { pdfTags, type PdfTags, type TaggedElement } from "../../tests/support/pdf-tags.ts";
import { renderGuide } from "./build.ts";
import { listGuideIds, parseGuide, readGuide, type Guide } from "./guides.ts";
import { PDFS_DIR } from "./paths.ts";
import { headingLevels } from "./tags.ts";

const CLOSING_HEADING = "Ask your midwife or doctor";
const TYPESETTING = { timeout: 30_000 };

/** Letters and digits only: the words of a text whatever its quotes, dashes and spacing. */
const letters = (text: string) =>
  text
    .replace(/&(?:amp|lt|gt|quot|#39);/g, "")
    .normalize("NFKD")
    .replace(/[^a-z0-9]/gi, "")
    .toLowerCase();

/** Quotes and dashes as typed, spacing collapsed, for comparing headings with their Markdown. */
const plainQuotes = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, " ")
    .trim();

/** The words of Markdown tokens in order, without their syntax (link targets, markers, comments). */
function markdownWords(tokens: Token[]): string {
  return tokens
    .map((token) => {
      const children = (token as { tokens?: Token[]; items?: Token[] }).tokens ?? [];
      const items = (token as { items?: Token[] }).items ?? [];
      if (children.length > 0 || items.length > 0) return markdownWords([...children, ...items]);
      return ["text", "escape", "codespan"].includes(token.type) ? (token as { text: string }).text : "";
    })
    .join(" ");
}

function markdownHeadings(guide: Guide): string[] {
  const headings: string[] = [];
  marked.walkTokens(marked.lexer(guide.body), (token) => {
    if (token.type === "heading") headings.push(markdownWords((token as { tokens: Token[] }).tokens));
  });
  return headings.map(plainQuotes);
}

const isHeading = (element: TaggedElement) => /^H[1-6]$/.test(element.role);

/** What every guide must be for a screen reader, whatever its words. */
function expectTaggedGuide(tags: PdfTags, guide: Guide): void {
  expect(tags.structTreeRoot, "a structure tree").toBe(true);
  expect(tags.marked, "MarkInfo Marked true").toBe(true);
  expect(tags.lang).toBe("en-GB");
  expect(tags.title).toBe(guide.title);
  expect(tags.displayDocTitle, "viewers show the title, not the file name").toBe(true);

  // Every word is in the structure, and the structure reads each page in the order it is laid out.
  expect(tags.untagged).toEqual([]);
  tags.structureText.forEach((text, page) => {
    expect(letters(text), `page ${page + 1}`).toBe(letters(tags.drawnText[page] ?? ""));
  });

  // Headings: the title as the one H1, then the guide's own headings in order, never skipping a level.
  const headings = tags.elements.filter(isHeading);
  expect(headings.map((heading) => plainQuotes(heading.text))).toEqual([
    plainQuotes(guide.title),
    ...markdownHeadings(guide),
    CLOSING_HEADING,
  ]);
  const levels = headings.map((heading) => Number(heading.role.slice(1)));
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  levels.slice(1).forEach((level, i) => expect(level).toBeLessThanOrEqual((levels[i] ?? 1) + 1));

  // The guide's words, all of them and in order, are in its paragraphs and headings.
  const read = tags.elements.filter((element) => element.role === "P" || isHeading(element));
  expect(letters(read.map((element) => element.text).join(" "))).toContain(
    letters(markdownWords(marked.lexer(guide.body))),
  );

  // Lists are lists: items with a label and a body.
  for (const list of tags.elements.filter((element) => element.role === "L")) {
    expect(list.children.map((child) => child.role)).toEqual(list.children.map(() => "LI"));
    for (const item of list.children) {
      expect(item.children.map((child) => child.role)).toEqual(["Lbl", "LBody"]);
    }
  }

  // The cover illustration is a figure with words for those who can't see it.
  const figures = tags.elements.filter((element) => element.role === "Figure");
  expect(figures).toHaveLength(1);
  expect(figures[0]?.alt).toMatch(/^Cover illustration: a (crescent|full) moon over gentle waves/);
}

describe("headingLevels", () => {
  it("follows the cover's H1 with the Markdown's depths in rank order, without gaps", () => {
    const levels = headingLevels(marked.lexer("# Chapter\n\n### Part\n\ntext\n\n# Next\n"));
    expect([...levels]).toEqual([
      [1, 2],
      [3, 3],
    ]);
  });
});

describe("a guide built from Markdown", () => {
  const source = [
    "---",
    "title: A Small Guide",
    "subtitle: Everything a guide can hold",
    "colour: sage",
    "---",
    "# Part one",
    "",
    'An opening paragraph with **bold words**, a "quotation" and a [link to the NHS](https://www.nhs.uk).',
    "",
    "### A smaller heading",
    "",
    "- A bullet",
    "- Another bullet",
    "",
    "1. First step",
    "2. Second step",
    "",
    "- [ ] Something to pack",
    "- [x] Something packed",
    "",
    "> I am calm.",
    ">",
    "> I am ready.",
    "",
    "---",
    "",
    "A last paragraph.",
    "",
  ].join("\n");
  const guide = parseGuide("small-guide", source);

  // Typesetting loads the fonts and pdf.js reads every page: seconds, not milliseconds.
  it(
    "is tagged: structure, language, title, headings, lists, quotations, links and a described figure",
    TYPESETTING,
    async () => {
      const { pdf } = await renderGuide(guide);
      const tags = await pdfTags(pdf);
      expectTaggedGuide(tags, guide);

      const roles = tags.elements.map((element) => element.role);
      expect(roles).toEqual([
        // cover: wordmark, label, illustration, title, subtitle, the line at its foot
        ...["P", "P", "Figure", "H1", "P", "P"],
        ...["H2", "P", "Link", "H3"],
        ...["L", "LI", "Lbl", "LBody", "P", "LI", "Lbl", "LBody", "P"],
        ...["L", "LI", "Lbl", "LBody", "P", "LI", "Lbl", "LBody", "P"],
        ...["L", "LI", "Lbl", "LBody", "P", "LI", "Lbl", "LBody", "P"],
        ...["BlockQuote", "P", "P", "P"],
        ...["H2", "P", "P"],
      ]);
      const link = tags.elements.find((element) => element.role === "Link");
      expect(link?.text).toBe("link to the NHS");
      const labels = tags.elements.filter((element) => element.role === "Lbl");
      expect(labels.slice(2, 4).map((label) => label.text)).toEqual(["1.", "2."]);
      expect(labels.slice(4).map((label) => label.alt)).toEqual(["Tick box", "Ticked box"]);
      expect(tags.elements.find((element) => element.role === "BlockQuote")?.text).toBe(
        "I am calm. I am ready.",
      );
    },
  );
});

describe.each(listGuideIds())("committed %s.pdf", (id) => {
  it("is tagged for screen readers, with all its words in reading order", TYPESETTING, async () => {
    const tags = await pdfTags(readFileSync(path.join(PDFS_DIR, `${id}.pdf`)));
    expectTaggedGuide(tags, readGuide(id));
  });
});
