/**
 * The studio's CSV files (RFC 4180) for a spreadsheet, which may read any cell as a formula: so nothing
 * someone typed can run as one on the owner's machine (member-csv.ts says how).
 */

/** Excel reads the file as UTF-8 ("Siobhán", not "SiobhÃ¡n") when it starts with one. */
export const BYTE_ORDER_MARK = "\uFEFF";

/** An amount the app computed from whole cents ("-27.00"): a number to the spreadsheet, never a formula. */
export interface CsvAmount {
  minor: number;
}

/** A line of quoted cells, ended as RFC 4180 says. */
export function csvLine(values: (string | null | CsvAmount)[]): string {
  return `${values.map((value) => (typeof value === "object" && value ? amountCell(value) : cell(value))).join(",")}\r\n`;
}

function amountCell({ minor }: CsvAmount): string {
  if (!Number.isInteger(minor)) throw new Error("an amount in the CSV is whole cents");
  const sign = minor < 0 ? "-" : "";
  const cents = Math.abs(minor);
  return `"${sign}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}"`;
}

/** A piece's first character, after its separator and any spaces or quotes, when it would begin a formula. */
const FORMULA_START = /(^|[,;\t\r\n])([\s"]*)(?=[=+\-@])/g;

export function cell(value: string | null): string {
  const safe = (value ?? "").replace(FORMULA_START, "$1$2'");
  return `"${safe.replaceAll('"', '""')}"`;
}
