/**
 * Tagging: the guides are tagged PDFs, so a screen reader meets headings, lists, quotations and
 * paragraphs in reading order rather than one stream of text. Layout describes the structure as a tree
 * of `Tag`s; each becomes a pdfkit structure element when its first content is drawn, and pages are
 * drawn in reading order, so the order of the tree is the order of the guide. Whatever carries no
 * words (page colour, panels, rules, heading bars, the footer) is drawn as an artifact.
 */

import type { Token } from "marked";
import { marked } from "marked";

type Options = PDFKit.Mixins.StructureElementOptions & {
  /** Where a figure sits on its page, top-left based, in points: [left, top, right, bottom]. */
  bbox?: [number, number, number, number];
  placement?: "Block" | "Inline";
};

/** pdfkit keeps the element's dictionary to itself; attributes such as a list's numbering go in it. */
type WithDictionary = { dictionary: { data: Record<string, unknown> } };

export class Tag {
  private element: PDFKit.PDFStructureElement | undefined;
  readonly role: string;
  private readonly parent: Tag | null;
  private readonly options: Options;
  private readonly attributes: Record<string, unknown> | undefined;

  constructor(role: string, parent: Tag | null, options: Options = {}, attributes?: Record<string, unknown>) {
    this.role = role;
    this.parent = parent;
    this.options = options;
    this.attributes = attributes;
  }

  /** The structure element, made (and placed after its elder siblings) on first use. */
  elementIn(doc: PDFKit.PDFDocument): PDFKit.PDFStructureElement {
    if (this.element) return this.element;
    const element = doc.struct(this.role, this.options);
    if (this.attributes) (element as unknown as WithDictionary).dictionary.data.A = this.attributes;
    if (this.parent) this.parent.elementIn(doc).add(element);
    else doc.addStructure(element);
    this.element = element;
    return element;
  }
}

/** Draws content that belongs to `tag`: one marked-content sequence on the current page. */
export function tagged(doc: PDFKit.PDFDocument, tag: Tag, draw: () => void): void {
  const element = tag.elementIn(doc);
  const content = doc.markStructureContent(tag.role);
  draw();
  doc.endMarkedContent();
  element.add(content);
}

/** Draws decoration a reader should skip (pagination: the running footer; layout: everything else). */
export function artifact(
  doc: PDFKit.PDFDocument,
  draw: () => void,
  type: "Pagination" | "Layout" = "Layout",
): void {
  doc.markContent("Artifact", { type });
  draw();
  doc.endMarkedContent();
}

/**
 * A link inside a paragraph: a Link element holding the words and the link annotation, whose
 * description is the words themselves (what a screen reader announces for the link).
 */
export function taggedLink(
  doc: PDFKit.PDFDocument,
  parent: Tag,
  words: string,
  url: string,
  area: { x: number; y: number; width: number; height: number },
  draw: () => void,
): void {
  const link = new Tag("Link", parent);
  tagged(doc, link, draw);
  const options = { structParent: link.elementIn(doc), Contents: new String(words) };
  doc.link(
    area.x,
    area.y,
    area.width,
    area.height,
    url,
    options as unknown as PDFKit.Mixins.AnnotationOption,
  );
}

/**
 * Heading levels: the cover's title is H1; the Markdown's heading depths follow from H2 in the order
 * they rank, so a guide that goes from `#` to `###` still reads H2 then H3, never skipping a level.
 */
export function headingLevels(tokens: Token[]): Map<number, number> {
  const depths = new Set<number>();
  marked.walkTokens(tokens, (token) => {
    if (token.type === "heading") depths.add((token as { depth: number }).depth);
  });
  return new Map([...depths].sort((a, b) => a - b).map((depth, rank) => [depth, rank + 2]));
}
