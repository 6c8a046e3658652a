import { describe, expect, it } from "vitest";
import { cell } from "./csv.ts";
import { csvHeader, csvRows, type CsvMember } from "./member-csv.ts";

const member = (over: Partial<CsvMember> = {}): CsvMember => ({
  id: "u1",
  name: "Amara Okafor",
  email: "amara@example.com",
  tier: "premium",
  role: "member",
  joinedAt: "2026-11-01T09:00:00.000Z",
  lastActiveAt: null,
  dueDate: "2027-03-14",
  ...over,
});

/** Names as members type them: each kept as it is, only quoted. */
const ORDINARY: string[] = [
  "Amara Okafor",
  "Siobhán Ní Bhriain",
  "Anne-Marie O'Neill",
  "Okafor, Mara",
  "Zoë 🌊",
  "1+1 Club",
  "mara@example.com",
];

/** Names someone typed to run a formula, and the cell each becomes. */
const HOSTILE: [name: string, cell: string][] = [
  ['=HYPERLINK("http://evil.example","Click")', `"'=HYPERLINK(""http://evil.example"",""Click"")"`],
  ["+1+cmd|' /C calc'!A0", `"'+1+cmd|' /C calc'!A0"`],
  ["-2+3", `"'-2+3"`],
  ["@SUM(A1:A9)", `"'@SUM(A1:A9)"`],
  // Excel where `;` separates (a euro country's) splits this into "Mallory" and a formula.
  ['Mallory;=HYPERLINK("http://evil.example")', `"Mallory;'=HYPERLINK(""http://evil.example"")"`],
  ["Mallory,=1+1", `"Mallory,'=1+1"`],
  ["Mallory\t=1+1", `"Mallory\t'=1+1"`],
  ["Mallory\r\n@SUM(A1)", `"Mallory\r\n'@SUM(A1)"`],
  ["Mallory; -1+1", `"Mallory; '-1+1"`],
  ['Mallory;"=1+1"', `"Mallory;""'=1+1"""`],
  ["\t=1+1", `"\t'=1+1"`],
  ["\r=1+1", `"\r'=1+1"`],
  ["  =1+1", `"  '=1+1"`],
  ["a;;=1", `"a;;'=1"`],
  ["=1;+2,-3\t@4", `"'=1;'+2,'-3\t'@4"`],
];

/** Every way a spreadsheet might split a written cell (quotes ignored), each piece as it would read it. */
function pieces(written: string): string[] {
  return written.split(/[,;\t\r\n]/).map((piece) => piece.replace(/^[\s"]+/, ""));
}

describe("members as CSV", () => {
  it("starts with a byte-order mark and the header, and writes one quoted line per member", () => {
    expect(csvHeader()).toBe('\uFEFF"id","name","email","tier","joined","last active","due date"\r\n');
    expect(
      csvRows(
        [
          member({ lastActiveAt: "2026-11-28T14:05:00.000Z" }),
          member({ id: "u2", name: "Siobhán Ní Bhriain", dueDate: null }),
        ],
        "Europe/Dublin",
      ),
    ).toBe(
      '"u1","Amara Okafor","amara@example.com","premium","2026-11-01","2026-11-28","2027-03-14"\r\n' +
        '"u2","Siobhán Ní Bhriain","amara@example.com","premium","2026-11-01","",""\r\n',
    );
  });

  it("is UTF-8 with its byte-order mark as the file's first three bytes, so Excel reads accents right", () => {
    const bytes = new TextEncoder().encode(csvHeader() + csvRows([member({ name: "Siobhán" })], "UTC"));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toContain('"Siobhán"');
  });

  it("writes her days as plain dates on the owner's clock", () => {
    // 23:30 UTC on 1 July is 00:30 on 2 July in Dublin (summer time), and still 1 July in New York.
    const late = member({ joinedAt: "2026-07-01T23:30:00.000Z", lastActiveAt: "2026-12-31T23:30:00.000Z" });
    const days = (zone: string) => csvRows([late], zone).split(",").slice(4, 6).join(",");
    expect(days("UTC")).toBe('"2026-07-01","2026-12-31"');
    expect(days("Europe/Dublin")).toBe('"2026-07-02","2026-12-31"');
    expect(days("Asia/Tokyo")).toBe('"2026-07-02","2027-01-01"');
    expect(days("America/New_York")).toBe('"2026-07-01","2026-12-31"');
  });

  it("names an owner's account's tier owner, whatever her access row says", () => {
    expect(csvRows([member({ role: "owner", tier: "free" })], "UTC")).toContain(
      '"amara@example.com","owner"',
    );
    expect(csvRows([member({ role: "member", tier: "free" })], "UTC")).toContain(
      '"amara@example.com","free"',
    );
  });

  it.each(ORDINARY)("keeps %j as it is, quoted", (name) => {
    expect(cell(name)).toBe(`"${name}"`);
  });

  it("doubles quotes and keeps line breaks inside the cell", () => {
    expect(cell('Okafor, "Mara"\nB')).toBe('"Okafor, ""Mara""\nB"');
  });

  it.each(HOSTILE)("writes %j as %j", (name, written) => {
    expect(cell(name)).toBe(written);
  });

  it.each(HOSTILE)("leaves no piece of %j beginning a formula, however it is split", (name) => {
    const written = csvRows([member({ name, email: name })], "Europe/Dublin");
    for (const piece of pieces(written)) expect(piece).not.toMatch(/^[=+\-@]/);
  });
});
