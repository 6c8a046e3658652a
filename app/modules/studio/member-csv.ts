import { todayIn } from "#app/modules/calendar/dates.ts";
import { BYTE_ORDER_MARK, csvLine as line } from "./csv.ts";

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
 * - Days are plain dates, YYYY-MM-DD, on the owner's clock (her studio time
 *   zone): Excel, Numbers and Google Sheets read that as a date whatever
 *   their country's settings (where 03/04 is March in one and April in
 *   another), and it sorts right even read as text.
 * - An owner's account is "owner" in the tier column, as the members page
 *   shows it: her access row may say free, but she is no member on a tier.
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

const OWNER = "owner";

/** A moment as the day it fell on, on her clock. */
const dayIn = (timeZone: string, at: string | null) => (at ? todayIn(timeZone, new Date(at)) : null);

const COLUMNS: { title: string; value: (member: CsvMember, timeZone: string) => string | null }[] = [
  { title: "id", value: (m) => m.id },
  { title: "name", value: (m) => m.name },
  { title: "email", value: (m) => m.email },
  { title: "tier", value: (m) => (m.role === OWNER ? OWNER : m.tier) },
  { title: "joined", value: (m, zone) => dayIn(zone, m.joinedAt) },
  { title: "last active", value: (m, zone) => dayIn(zone, m.lastActiveAt) },
  // Her due date is a day already, the same on every clock.
  { title: "due date", value: (m) => m.dueDate },
];

/** The file's start: the byte-order mark and the header line. */
export function csvHeader(): string {
  return `${BYTE_ORDER_MARK}${line(COLUMNS.map((column) => column.title))}`;
}

/** A line for each member, her days on the owner's clock (`timeZone`, an IANA zone). */
export function csvRows(members: CsvMember[], timeZone: string): string {
  return members.map((member) => line(COLUMNS.map((column) => column.value(member, timeZone)))).join("");
}
