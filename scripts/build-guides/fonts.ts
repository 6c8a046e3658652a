/**
 * Fonts: the product's print fonts (app/platform/print-fonts.server.ts: static latin subsets from
 * @fontsource, unpacked to sfnt for speed), the choice of face for a style, and the check that text is
 * printable with them.
 */

import {
  inLatinSubset,
  printFontData,
  PRINT_FONT_FILES,
  type PrintFontName,
} from "#app/platform/print-fonts.server.ts";

export const FONT_FILES = PRINT_FONT_FILES;
export type FontName = PrintFontName;
export const fontData = printFontData;

export type Family = "sans" | "serif";

export function fontFor(family: Family, bold: boolean, italic: boolean): FontName {
  if (family === "serif") return `serif-${bold ? "600" : "400"}${italic ? "-italic" : ""}`;
  if (italic) return bold ? "sans-700-italic" : "sans-400-italic";
  return bold ? "sans-700" : "sans-400";
}

export function assertPrintable(text: string, where: string): void {
  for (const char of text) {
    if (!inLatinSubset(char)) {
      const code = char.codePointAt(0) ?? 0;
      throw new Error(
        `${where}: "${char}" (U+${code.toString(16).toUpperCase().padStart(4, "0")}) is not in the fonts' latin subset`,
      );
    }
  }
}
