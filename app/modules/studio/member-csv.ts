/**
 * Members as CSV (RFC 4180) for a spreadsheet, which may read any cell as a
 * formula: so no name someone typed can run as one on the owner's machine.
 *
 * - Every cell is quoted, its quotes doubled.
 * - A spreadsheet may split a cell again: Excel where the decimal comma is
 *   usual (the course sells in euros) splits on `;` whatever the quotes say,
 *   and an import may split on tabs or lines. So every piece of a cell that
 *   starts after a `,`, `;`, tab or line break (or at the start), spaces
 *   and quotes aside, is given an apostrophe before a `=`, `+`, `-` or `@` that would
 *   begin it: however the cell is split, no piece begins a formula.
 * - The file starts with a byte-order mark, so Excel reads it as UTF-8
 *   ("Siobhán", not "SiobhÃ¡n").
 */
export interface CsvMember {
  id: string;
  name: string;
  email: string;
  tier: string;
  role: string;
  joinedAt: string;
  lastActiveAt: string | null;
  dueDate: string | null;
}

const COLUMNS: { title: string; value: (member: CsvMember) => string | null }[] = [
  { title: "id", value: (m) => m.id },
  { title: "name", value: (m) => m.name },
  { title: "email", value: (m) => m.email },
  { title: "tier", value: (m) => m.tier },
  { title: "role", value: (m) => m.role },
  { title: "joined", value: (m) => m.joinedAt },
  { title: "last active", value: (m) => m.lastActiveAt },
  { title: "due date", value: (m) => m.dueDate },
];

const BYTE_ORDER_MARK = "\uFEFF";

/** The file's start: the byte-order mark and the header line. */
export function csvHeader(): string {
  return `${BYTE_ORDER_MARK}${line(COLUMNS.map((column) => column.title))}`;
}

export function csvRows(members: CsvMember[]): string {
  return members.map((member) => line(COLUMNS.map((column) => column.value(member)))).join("");
}

function line(values: (string | null)[]): string {
  return `${values.map(cell).join(",")}\r\n`;
}

/** A piece's first character, after its separator and any spaces or quotes, when it would begin a formula. */
const FORMULA_START = /(^|[,;\t\r\n])([\s"]*)(?=[=+\-@])/g;

export function cell(value: string | null): string {
  const safe = (value ?? "").replace(FORMULA_START, "$1$2'");
  return `"${safe.replaceAll('"', '""')}"`;
}
