import { describe, expect, it } from "vitest";
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

describe("members as CSV", () => {
  it("writes a header and one line per member, empty cells for what is unknown", () => {
    expect(csvHeader()).toBe("id,name,email,tier,role,joined,last active,due date\r\n");
    expect(csvRows([member()])).toBe(
      "u1,Amara Okafor,amara@example.com,premium,member,2026-11-01T09:00:00.000Z,,2027-03-14\r\n",
    );
  });

  it("quotes commas, quotes and line breaks", () => {
    expect(csvRows([member({ name: 'Okafor, "Mara"\nB' })])).toContain('"Okafor, ""Mara""\nB"');
  });

  it.each(['=HYPERLINK("x")', "+1", "-2", "@SUM(A1)", "\tx"])(
    "keeps %j from running as a formula",
    (name) => {
      const line = csvRows([member({ name })]);
      expect(line.split(",")[1]!.replace(/^"/, "")).toMatch(/^'/);
    },
  );
});
