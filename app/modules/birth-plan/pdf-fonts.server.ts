/**
 * The birth preferences PDF's fonts, loaded at run time: the static latin subsets of Fraunces and Inter from
 * @fontsource (production dependencies), unpacked from WOFF to sfnt once per process the way the guide build
 * does it (scripts/build-guides/fonts.ts; both use app/platform/woff.server.ts). Files are found through Node's
 * resolution, so it works from the sources and from the server bundle alike.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { woffToSfnt } from "~/platform/woff.server.ts";

export const PDF_FONT_FILES = {
  "sans-400": "@fontsource/inter/files/inter-latin-400-normal.woff",
  "sans-400-italic": "@fontsource/inter/files/inter-latin-400-italic.woff",
  "sans-600": "@fontsource/inter/files/inter-latin-600-normal.woff",
  "serif-400": "@fontsource/fraunces/files/fraunces-latin-400-normal.woff",
  "serif-600": "@fontsource/fraunces/files/fraunces-latin-600-normal.woff",
} as const;
export type PdfFontName = keyof typeof PDF_FONT_FILES;
export const PDF_FONT_NAMES = Object.keys(PDF_FONT_FILES) as PdfFontName[];

const resolve = createRequire(import.meta.url).resolve;
const cache = new Map<PdfFontName, Buffer>();

/** The font as a plain sfnt, read and unpacked on first use. */
export function pdfFontData(name: PdfFontName): Buffer {
  let data = cache.get(name);
  if (!data) {
    data = woffToSfnt(readFileSync(resolve(PDF_FONT_FILES[name])));
    cache.set(name, data);
  }
  return data;
}

/** The code points of the @fontsource "latin" subset (its unicode-range), as the guide build checks them. */
const LATIN_RANGES: readonly [number, number][] = [
  [0x0020, 0x007e],
  [0x00a0, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
];

const inLatin = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return LATIN_RANGES.some(([from, to]) => code >= from && code <= to);
};

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
    else if (inLatin(char)) out += char;
    // Emoji, their joiners and variation selectors, stray marks and control characters.
    else if (/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\p{M}|\p{C}/u.test(char))
      continue;
    else {
      const base = NEAREST[char] ?? char.normalize("NFKD").replace(/\p{M}/gu, "");
      out += base !== "" && [...base].every(inLatin) ? base : "?";
    }
  }
  return out;
}
