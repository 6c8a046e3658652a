/**
 * Fonts: static latin subsets from @fontsource (WOFF, which pdfkit's fontkit reads directly),
 * unpacked to sfnt for speed, the choice of face for a style, and the check that text is printable
 * with them.
 */

import { readFileSync } from "node:fs";
import path from "node:path";
import { woffToSfnt } from "../../app/platform/woff.server.ts";
import { ROOT } from "./paths.ts";

export const FONT_FILES = {
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
export type FontName = keyof typeof FONT_FILES;
const fontPath = (name: FontName) => path.join(ROOT, "node_modules", "@fontsource", FONT_FILES[name]);

const fontCache = new Map<FontName, Buffer>();
export function fontData(name: FontName): Buffer {
  let data = fontCache.get(name);
  if (!data) {
    data = woffToSfnt(readFileSync(fontPath(name)));
    fontCache.set(name, data);
  }
  return data;
}

export type Family = "sans" | "serif";

export function fontFor(family: Family, bold: boolean, italic: boolean): FontName {
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

export function assertPrintable(text: string, where: string): void {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (!LATIN_RANGES.some(([from, to]) => code >= from && code <= to)) {
      throw new Error(
        `${where}: "${char}" (U+${code.toString(16).toUpperCase().padStart(4, "0")}) is not in the fonts' latin subset`,
      );
    }
  }
}
