/**
 * Reads a PDF's tags the way assistive technology meets them, for tests: the catalogue entries that make it a
 * tagged PDF (StructTreeRoot, MarkInfo Marked, Lang, the title shown by viewers), the structure elements in reading
 * order with the words each holds, and any words drawn outside both the structure and artifacts.
 */
import { PDFBool, PDFDict, PDFDocument, PDFName, PDFString, PDFHexString } from "pdf-lib";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface TaggedElement {
  role: string;
  /** Alternative text (or, as pdf.js reports it, replacement text) of the element. */
  alt?: string;
  /** The words inside the element on this page, whitespace collapsed. */
  text: string;
  page: number;
  children: TaggedElement[];
}

export interface PdfTags {
  structTreeRoot: boolean;
  marked: boolean;
  lang: string | undefined;
  title: string | undefined;
  displayDocTitle: boolean;
  /** Per page, the elements under the document in reading order (one element may continue on the next page). */
  pages: TaggedElement[][];
  /** Every element, depth first, in reading order. */
  elements: TaggedElement[];
  /** Per page, the tagged words in the order of the structure tree. */
  structureText: string[];
  /** Per page, the words drawn outside artifacts, in the order they are drawn. */
  drawnText: string[];
  /** Words drawn neither in a structure element nor in an artifact: a screen reader meets them out of order. */
  untagged: string[];
}

type PdfjsNode = { role?: string; alt?: string; type?: string; id?: string; children?: PdfjsNode[] };
type PdfjsItem = { str?: string; hasEOL?: boolean; type?: string; id?: string | null; tag?: string };

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

function catalogue(bytes: Uint8Array) {
  return PDFDocument.load(bytes, { updateMetadata: false }).then((pdf) => {
    const catalog = pdf.catalog;
    const markInfo = catalog.lookupMaybe(PDFName.of("MarkInfo"), PDFDict);
    const lang = catalog.lookupMaybe(PDFName.of("Lang"), PDFString, PDFHexString);
    const preferences = catalog.lookupMaybe(PDFName.of("ViewerPreferences"), PDFDict);
    return {
      structTreeRoot: catalog.lookupMaybe(PDFName.of("StructTreeRoot"), PDFDict) !== undefined,
      marked: markInfo?.lookupMaybe(PDFName.of("Marked"), PDFBool)?.asBoolean() === true,
      lang: lang?.decodeText(),
      title: pdf.getTitle(),
      displayDocTitle: preferences?.lookupMaybe(PDFName.of("DisplayDocTitle"), PDFBool)?.asBoolean() === true,
    };
  });
}

export async function pdfTags(buffer: Uint8Array): Promise<PdfTags> {
  const bytes = new Uint8Array(buffer);
  const facts = await catalogue(bytes.slice());
  const task = getDocument({ data: bytes, useSystemFonts: false, disableFontFace: true, verbosity: 0 });
  const pdf = await task.promise;
  try {
    const pages: TaggedElement[][] = [];
    const structureText: string[] = [];
    const drawnText: string[] = [];
    const untagged: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent({ includeMarkedContent: true });
      // The words of each marked-content sequence, by id; artifacts and untagged words apart.
      const words = new Map<string, string>();
      const open: { id: string | null; artifact: boolean }[] = [];
      let drawn = "";
      for (const item of content.items as PdfjsItem[]) {
        if (item.type === "beginMarkedContent" || item.type === "beginMarkedContentProps") {
          open.push({ id: item.id ?? null, artifact: item.tag === "Artifact" });
        } else if (item.type === "endMarkedContent") {
          open.pop();
        } else if (typeof item.str === "string") {
          const text = item.str + (item.hasEOL ? " " : "");
          if (open.some((marking) => marking.artifact)) continue;
          drawn += ` ${text}`;
          const id = open.findLast((marking) => marking.id !== null)?.id;
          if (id) words.set(id, (words.get(id) ?? "") + text);
          else if (text.trim() !== "") untagged.push(text.trim());
        }
      }
      drawnText.push(squash(drawn));

      const texts: string[] = [];
      const element = (node: PdfjsNode): TaggedElement => {
        const children: TaggedElement[] = [];
        const parts: string[] = [];
        for (const child of node.children ?? []) {
          if (child.type === "content" && child.id) {
            const text = words.get(child.id) ?? "";
            parts.push(text);
            texts.push(text);
          } else if (child.role) {
            const inner = element(child);
            children.push(inner);
            parts.push(inner.text);
          }
        }
        return {
          role: node.role ?? "",
          ...(node.alt === undefined ? {} : { alt: node.alt }),
          text: squash(parts.join(" ")),
          page: number,
          children,
        };
      };
      const tree = (await page.getStructTree()) as PdfjsNode | null;
      const documents = tree?.children ?? [];
      pages.push(documents.flatMap((document) => element(document).children));
      structureText.push(squash(texts.join(" ")));
    }
    const elements: TaggedElement[] = [];
    const walk = (element: TaggedElement) => {
      elements.push(element);
      element.children.forEach(walk);
    };
    pages.flat().forEach(walk);
    return { ...facts, pages, elements, structureText, drawnText, untagged };
  } finally {
    await task.destroy();
  }
}
