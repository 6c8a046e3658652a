/**
 * Reads a PDF the way a person's reader would, for tests: its page count, its text (selectable text only, one
 * line per text run, pages joined by form feeds) and whether it is tagged for assistive technology.
 */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface PdfText {
  pages: number;
  text: string;
  /** MarkInfo says Marked and there is a structure tree with something in it. */
  tagged: boolean;
  /** The structure element roles in reading order (H1, H2, L, LI, P…), for tests that look closer. */
  roles: string[];
}

interface StructNode {
  role?: string;
  children?: StructNode[];
}

function rolesOf(node: StructNode | null | undefined, into: string[]): string[] {
  if (!node) return into;
  if (node.role && node.role !== "Root") into.push(node.role);
  for (const child of node.children ?? []) rolesOf(child, into);
  return into;
}

export async function pdfText(buffer: Uint8Array): Promise<PdfText> {
  const task = getDocument({
    data: new Uint8Array(buffer),
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  const pdf = await task.promise;
  try {
    const texts: string[] = [];
    const roles: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      texts.push(
        content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""),
      );
      rolesOf((await page.getStructTree()) as StructNode | null, roles);
    }
    // pdf.js documents an object but (in Node, at least) hands back a Map.
    const markInfo: unknown = await pdf.getMarkInfo();
    const marked =
      markInfo instanceof Map ? markInfo.get("Marked") : (markInfo as { Marked?: boolean } | null)?.Marked;
    return {
      pages: pdf.numPages,
      text: texts.join("\f"),
      tagged: marked === true && roles.length > 0,
      roles,
    };
  } finally {
    await task.destroy();
  }
}
