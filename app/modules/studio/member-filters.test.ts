import { describe, expect, it } from "vitest";
import { filtersToParams, parseMemberFilters, type MemberFilters } from "./member-filters.ts";

const parse = (query: string) => parseMemberFilters(new URLSearchParams(query));

describe("the members search's filters", () => {
  it.each<[string, MemberFilters]>([
    ["", {}],
    ["q=%20%20ana%40gmail%20", { query: "ana@gmail" }],
    ["q=%20%20%20", {}],
    ["q=50%25%20O'Brien", { query: "50% O'Brien" }],
    ["tier=paid", { tier: "paid" }],
    ["tier=given", { tier: "given" }],
    ["tier=course", { tier: "course" }],
    // An older link's "premium": the course, paid for or given.
    ["tier=premium", { tier: "course" }],
    ["tier=Free", { tier: "free" }],
    ["tier=all", {}],
    ["who=owners", { who: "owners" }],
    ["who=partners", { who: "partners" }],
    ["who=members", {}],
    ["programme=begun", { programme: "begun" }],
    ["programme=not-begun", { programme: "not-begun" }],
    ["programme=all", {}],
    ["joinedFrom=2026-01-01&joinedTo=2026-01-31", { joinedFrom: "2026-01-01", joinedTo: "2026-01-31" }],
    ["activeFrom=2026-11-01", { activeFrom: "2026-11-01" }],
    ["dueTo=2027-02-28", { dueTo: "2027-02-28" }],
    ["dueFrom=2027-02-01&dueTo=2027-02-01", { dueFrom: "2027-02-01", dueTo: "2027-02-01" }],
    ["other=1&q=x", { query: "x" }],
  ])("reads %j", (query, filters) => {
    expect(parse(query)).toEqual({ filters, errors: [] });
  });

  it.each<[string, MemberFilters, string]>([
    ["tier=gold&q=ana", { query: "ana" }, "Course must be paid for, given, either, or free."],
    ["who=everyone", {}, "Show members, birth partners or studio owners."],
    ["programme=soon&tier=paid", { tier: "paid" }, "Programme must be begun or not begun."],
    ["tier=constructor", {}, "Course must be paid for, given, either, or free."],
    [
      "joinedFrom=2026-02-30",
      {},
      'Joined from: "2026-02-30" is not a date; use YYYY-MM-DD, as in 2026-03-14.',
    ],
    [
      "activeTo=14/03/2026",
      {},
      'Last active to: "14/03/2026" is not a date; use YYYY-MM-DD, as in 2026-03-14.',
    ],
    [
      "dueFrom=2027-03-01&dueTo=2027-02-01&tier=free",
      { tier: "free" },
      'Due: the "from" date (2027-03-01) is after the "to" date (2027-02-01).',
    ],
    [`q=${"a".repeat(101)}`, {}, "Search for at most 100 characters of a name or an email address."],
  ])("leaves out %j, saying why", (query, filters, error) => {
    expect(parse(query)).toEqual({ filters, errors: [error] });
  });

  it("keeps the good end of a range when the other end isn't a date", () => {
    expect(parse("joinedFrom=2026-01-01&joinedTo=soon")).toEqual({
      filters: { joinedFrom: "2026-01-01" },
      errors: ['Joined to: "soon" is not a date; use YYYY-MM-DD, as in 2026-03-14.'],
    });
  });

  it("accepts a search of exactly 100 characters", () => {
    expect(parse(`q=${"a".repeat(100)}`).filters.query).toHaveLength(100);
  });

  it("writes the filters back as parameters that read the same", () => {
    const filters: MemberFilters = {
      query: "50% O'Brien",
      who: "partners",
      tier: "given",
      programme: "begun",
      joinedFrom: "2026-01-01",
      joinedTo: "2026-01-31",
      activeFrom: "2026-11-01",
      activeTo: "2026-11-24",
      dueFrom: "2027-01-01",
      dueTo: "2027-03-31",
    };
    const params = filtersToParams(filters);
    expect(params.toString()).toBe(
      "q=50%25+O%27Brien&who=partners&tier=given&programme=begun&joinedFrom=2026-01-01&joinedTo=2026-01-31&activeFrom=2026-11-01&activeTo=2026-11-24&dueFrom=2027-01-01&dueTo=2027-03-31",
    );
    expect(parseMemberFilters(params)).toEqual({ filters, errors: [] });
    expect(filtersToParams({}).toString()).toBe("");
  });
});
