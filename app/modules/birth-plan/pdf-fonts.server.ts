/**
 * The birth preferences PDF's fonts: the product's print fonts (app/platform/print-fonts.server.ts, which the
 * guide build uses too), and the text they can print.
 */
import { inLatinSubset, printFontData, type PrintFontName } from "#app/platform/print-fonts.server.ts";

export const PDF_FONT_NAMES = ["sans-400", "sans-400-italic", "sans-600", "serif-400", "serif-600"] as const;
export type PdfFontName = (typeof PDF_FONT_NAMES)[number] & PrintFontName;
export const pdfFontData = (name: PdfFontName): Buffer => printFontData(name);

/** Letters the latin subset lacks that don't decompose to one it has. */
const NEAREST: Record<string, string> = { ł: "l", Ł: "L", đ: "d", Đ: "D", ħ: "h", Ħ: "H", ŀ: "l", Ŀ: "L" };

/**
 * Text the fonts can print: member-written words may hold letters outside the latin subset, which would print as
 * empty boxes. Accented letters become their base letter, pictographs (emoji) and control characters are left
 * out (line breaks stay, tabs become spaces), and anything else becomes a question mark.
 */
export function printable(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    if (char === "\n") out += "\n";
    else if (char === "\t") out += " ";
    else if (inLatinSubset(char) && !/\p{Cc}/u.test(char)) out += char;
    // Emoji, their joiners and variation selectors, stray marks and control characters.
    else if (/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\p{M}|\p{C}/u.test(char))
      continue;
    else {
      const base = NEAREST[char] ?? char.normalize("NFKD").replace(/\p{M}/gu, "");
      out += base !== "" && [...base].every(inLatinSubset) ? base : "?";
    }
  }
  return out;
}
