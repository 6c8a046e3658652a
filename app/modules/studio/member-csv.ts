/**
 * Members as CSV (RFC 4180) for a spreadsheet. A cell a spreadsheet would
 * read as a formula (=, +, -, @, a tab or a return first) is given a leading
 * apostrophe, so a name someone typed can't run as one on the owner's machine.
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

export function csvHeader(): string {
  return `${COLUMNS.map((column) => column.title).join(",")}\r\n`;
}

export function csvRows(members: CsvMember[]): string {
  return members
    .map((member) => `${COLUMNS.map((column) => cell(column.value(member))).join(",")}\r\n`)
    .join("");
}

function cell(value: string | null): string {
  if (value === null) return "";
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
