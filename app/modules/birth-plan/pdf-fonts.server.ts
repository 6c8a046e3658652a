/**
 * The birth preferences PDF's fonts: the product's print fonts (app/platform/print-fonts.server.ts, which the
 * guide build uses too).
 */
import { printFontData, type PrintFontName } from "#app/platform/print-fonts.server.ts";

export const PDF_FONT_NAMES = ["sans-400", "sans-400-italic", "sans-600", "serif-400", "serif-600"] as const;
export type PdfFontName = (typeof PDF_FONT_NAMES)[number] & PrintFontName;
export const pdfFontData = (name: PdfFontName): Buffer => printFontData(name);
