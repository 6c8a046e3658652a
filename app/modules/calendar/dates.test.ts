import { describe, expect, it } from "vitest";
import { addDays, daysBetween, formatLongDate, formatShortDate, isCalendarDate, todayIn } from "./dates.ts";

describe("calendar days", () => {
  it.each([
    ["2026-12-31", 1, "2027-01-01"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2027-02-28", 1, "2027-03-01"],
    ["2026-03-29", 1, "2026-03-30"],
    ["2026-01-01", -1, "2025-12-31"],
  ])("%s + %s day → %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
    expect(daysBetween(date, expected)).toBe(days);
  });

  it("knows a real date from an impossible one", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2027-02-29")).toBe(false);
    expect(isCalendarDate("2026-13-01")).toBe(false);
    expect(isCalendarDate("14/11/2026")).toBe(false);
  });

  it.each([
    // Late evening in London is already tomorrow in Auckland, still yesterday in Los Angeles.
    ["Europe/London", "2026-11-21T23:30:00Z", "2026-11-21"],
    ["Pacific/Auckland", "2026-11-21T23:30:00Z", "2026-11-22"],
    ["America/Los_Angeles", "2026-11-21T05:00:00Z", "2026-11-20"],
    // The night the clocks go back in London: 00:30 BST is still the 25th.
    ["Europe/London", "2026-10-24T23:30:00Z", "2026-10-25"],
    ["Europe/London", "2026-10-25T00:30:00Z", "2026-10-25"],
    // ...and the night they go forward: 00:30 UTC on the 29th is 00:30 GMT.
    ["Europe/London", "2026-03-29T00:30:00Z", "2026-03-29"],
    ["Not/AZone", "2026-11-21T23:30:00Z", "2026-11-21"],
  ])("in %s at %s it is %s", (zone, instant, expected) => {
    expect(todayIn(zone, new Date(instant))).toBe(expected);
  });

  it("turns the date at the zone's own midnight, asked again and again across it", () => {
    // Kathmandu is 5 h 45 min ahead of UTC; the date is kept per zone and minute, so each of
    // these asks after the one before it.
    const asks: [string, string, string][] = [
      ["Asia/Kathmandu", "2026-11-21T18:14:00.000Z", "2026-11-21"],
      ["Asia/Kathmandu", "2026-11-21T18:14:59.999Z", "2026-11-21"],
      ["Asia/Kathmandu", "2026-11-21T18:15:00.000Z", "2026-11-22"],
      ["UTC", "2026-11-21T18:15:00.000Z", "2026-11-21"],
      ["Asia/Kathmandu", "2026-11-21T18:14:30.000Z", "2026-11-21"],
      ["Asia/Kathmandu", "2026-11-22T18:14:30.000Z", "2026-11-22"],
      ["UTC", "2026-11-21T23:59:59.999Z", "2026-11-21"],
      ["UTC", "2026-11-22T00:00:00.000Z", "2026-11-22"],
    ];
    expect(asks.map(([zone, instant]) => todayIn(zone, new Date(instant)))).toEqual(
      asks.map(([, , date]) => date),
    );
  });

  it("writes dates as a member reads them, the same each time, however many it has written", () => {
    const days = Array.from({ length: 1_200 }, (_, index) => addDays("2026-01-01", index));
    const first = days.map((day) => [formatShortDate(day), formatLongDate(day)]);
    expect(first[0]).toEqual(["1 Jan 2026", "Thursday 1 January"]);
    expect(first[330]).toEqual(["27 Nov 2026", "Friday 27 November"]);
    expect(days.map((day) => [formatShortDate(day), formatLongDate(day)])).toEqual(first);
    expect(new Set(first.map(([short]) => short)).size).toBe(days.length);
  });
});
