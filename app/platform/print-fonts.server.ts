import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";

/**
 * The fonts of everything the product prints (the PDF guides, the birth preferences PDF): the static latin
 * subsets of Inter and Fraunces from @fontsource, read as plain sfnt fonts, and the characters they hold.
 * Files are found through Node's resolution, so this works from the sources, the scripts and the server
 * bundle alike.
 */
export const PRINT_FONT_FILES = {
  "sans-400": "@fontsource/inter/files/inter-latin-400-normal.woff",
  "sans-400-italic": "@fontsource/inter/files/inter-latin-400-italic.woff",
  "sans-600": "@fontsource/inter/files/inter-latin-600-normal.woff",
  "sans-700": "@fontsource/inter/files/inter-latin-700-normal.woff",
  "sans-700-italic": "@fontsource/inter/files/inter-latin-700-italic.woff",
  "serif-400": "@fontsource/fraunces/files/fraunces-latin-400-normal.woff",
  "serif-400-italic": "@fontsource/fraunces/files/fraunces-latin-400-italic.woff",
  "serif-600": "@fontsource/fraunces/files/fraunces-latin-600-normal.woff",
  "serif-600-italic": "@fontsource/fraunces/files/fraunces-latin-600-italic.woff",
} as const;
export type PrintFontName = keyof typeof PRINT_FONT_FILES;

const resolve = createRequire(import.meta.url).resolve;
const cache = new Map<PrintFontName, Buffer>();

/** The font as a plain sfnt, read and unpacked on first use. */
export function printFontData(name: PrintFontName): Buffer {
  let data = cache.get(name);
  if (!data) {
    data = woffToSfnt(readFileSync(resolve(PRINT_FONT_FILES[name])));
    cache.set(name, data);
  }
  return data;
}

/** The code points of the @fontsource "latin" subset (its unicode-range): outside them, text prints as boxes. */
const LATIN_RANGES: readonly [number, number][] = [
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

/** Whether the print fonts hold this character. */
export function inLatinSubset(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return LATIN_RANGES.some(([from, to]) => code >= from && code <= to);
}

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

/**
 * Unpacks a WOFF 1.0 file into a plain sfnt (TrueType/OpenType) font. fontkit can read WOFF itself,
 * but inflates it with a slow pure-JS zlib on every document; node:zlib makes the build several
 * times faster. The tables are copied unchanged.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error("Not a WOFF 1.0 file");
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(raw) : raw,
    };
  });
  const power = 2 ** Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(numTables * 16 - power * 16, 10);
  const chunks: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    header.writeUInt32BE(table.tag, at);
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    chunks.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(chunks);
}
