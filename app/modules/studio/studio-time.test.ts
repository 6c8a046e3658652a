import { describe, expect, it } from "vitest";
import { formatStudioTime, startOfDayIn, timeZoneWords, type StudioClock } from "./studio-time.ts";

const dublin = (now: string): StudioClock => ({ timeZone: "Europe/Dublin", now });

describe("a studio time", () => {
  it.each([
    // [at, now, in her words]
    ["2026-11-28T14:05:00Z", "2026-11-28T18:00:00Z", "today, 14:05"],
    ["2026-11-27T09:12:00Z", "2026-11-28T18:00:00Z", "yesterday, 09:12"],
    ["2026-11-29T07:00:00Z", "2026-11-28T18:00:00Z", "tomorrow, 07:00"],
    ["2026-11-26T14:05:00Z", "2026-11-28T18:00:00Z", "26 Nov, 14:05"],
    ["2026-01-03T08:00:00Z", "2026-11-28T18:00:00Z", "3 Jan, 08:00"],
    ["2025-11-28T14:05:00Z", "2026-11-28T18:00:00Z", "28 Nov 2025, 14:05"],
    // Midnight is 00:00, on the 24-hour clock.
    ["2026-11-28T00:00:00Z", "2026-11-28T18:00:00Z", "today, 00:00"],
  ])("writes %s, seen at %s, as %j", (at, now, words) => {
    expect(formatStudioTime(at, dublin(now))).toBe(words);
  });

  it("takes a Date as well as its ISO text", () => {
    expect(formatStudioTime(new Date("2026-11-28T14:05:00Z"), dublin("2026-11-28T18:00:00Z"))).toBe(
      "today, 14:05",
    );
  });

  it("writes the day alone when asked", () => {
    const clock = dublin("2026-11-28T18:00:00Z");
    expect(formatStudioTime("2026-11-28T14:05:00Z", clock, { dayOnly: true })).toBe("today");
    expect(formatStudioTime("2026-11-27T14:05:00Z", clock, { dayOnly: true })).toBe("yesterday");
    expect(formatStudioTime("2026-09-02T14:05:00Z", clock, { dayOnly: true })).toBe("2 Sep");
    expect(formatStudioTime("2024-02-29T14:05:00Z", clock, { dayOnly: true })).toBe("29 Feb 2024");
  });

  it("writes a calendar date (a due date) as that day, in any zone", () => {
    const now = "2026-11-28T23:30:00Z";
    for (const timeZone of ["Europe/Dublin", "Pacific/Kiritimati", "America/Los_Angeles"]) {
      expect(formatStudioTime("2027-03-14", { timeZone, now })).toBe("14 Mar 2027");
      expect(formatStudioTime("2026-12-10", { timeZone, now })).toBe("10 Dec");
    }
    // Her today decides "tomorrow": at 23:30 UTC it is already the 29th in Kiritimati (UTC+14).
    expect(formatStudioTime("2026-11-29", { timeZone: "Europe/Dublin", now })).toBe("tomorrow");
    expect(formatStudioTime("2026-11-29", { timeZone: "Pacific/Kiritimati", now })).toBe("today");
  });

  describe("across a change of the clocks", () => {
    it("moves from 00:59 to 02:00 when Irish summer time begins (29 March 2026, 01:00 UTC)", () => {
      const clock = dublin("2026-03-29T12:00:00Z");
      expect(formatStudioTime("2026-03-29T00:59:00Z", clock)).toBe("today, 00:59");
      expect(formatStudioTime("2026-03-29T01:00:00Z", clock)).toBe("today, 02:00");
    });

    it("shows 01:30 twice when it ends (25 October 2026, 01:00 UTC): an hour apart", () => {
      const clock = dublin("2026-10-25T12:00:00Z");
      expect(formatStudioTime("2026-10-25T00:30:00Z", clock)).toBe("today, 01:30");
      expect(formatStudioTime("2026-10-25T01:30:00Z", clock)).toBe("today, 01:30");
    });

    it("counts a summer night after 23:00 UTC as the next day in Dublin, and a winter one as the same day", () => {
      expect(formatStudioTime("2026-07-01T23:30:00Z", dublin("2026-07-02T08:00:00Z"))).toBe("today, 00:30");
      expect(formatStudioTime("2026-12-01T23:30:00Z", dublin("2026-12-02T08:00:00Z"))).toBe(
        "yesterday, 23:30",
      );
    });

    it("counts days by her calendar over a 23-hour day (New York, 8 March 2026)", () => {
      const clock = { timeZone: "America/New_York", now: "2026-03-09T04:30:00Z" }; // 00:30 EDT, 9 March
      expect(formatStudioTime("2026-03-08T04:30:00Z", clock)).toBe("7 Mar, 23:30"); // 23:30 EST
      expect(formatStudioTime("2026-03-08T07:00:00Z", clock)).toBe("yesterday, 03:00"); // the first EDT minute
      expect(formatStudioTime("2026-03-08T06:59:00Z", clock)).toBe("yesterday, 01:59");
    });

    it("counts days by her calendar over a 25-hour day (New York, 1 November 2026)", () => {
      const clock = { timeZone: "America/New_York", now: "2026-11-02T04:59:00Z" }; // 23:59 EST, 1 November
      expect(formatStudioTime("2026-11-01T04:00:00Z", clock)).toBe("today, 00:00"); // EDT
      expect(formatStudioTime("2026-11-01T05:30:00Z", clock)).toBe("today, 01:30"); // EDT
      expect(formatStudioTime("2026-11-01T06:30:00Z", clock)).toBe("today, 01:30"); // EST
    });
  });

  it("turns the year on her clock, not UTC's", () => {
    // 00:30 on 1 January 2027 in Dublin is 00:30 UTC; in New York it is still 2026.
    expect(formatStudioTime("2026-12-31T23:59:00Z", dublin("2027-01-01T00:30:00Z"))).toBe("yesterday, 23:59");
    expect(formatStudioTime("2026-12-29T10:00:00Z", dublin("2027-01-01T00:30:00Z"))).toBe(
      "29 Dec 2026, 10:00",
    );
    expect(
      formatStudioTime("2026-12-29T10:00:00Z", { timeZone: "America/New_York", now: "2027-01-01T00:30:00Z" }),
    ).toBe("29 Dec, 05:00");
  });

  it("reads an unknown zone as UTC", () => {
    expect(
      formatStudioTime("2026-07-01T23:30:00Z", { timeZone: "Mars/Olympus", now: "2026-07-02T08:00:00Z" }),
    ).toBe("yesterday, 23:30");
  });
});

describe("the first moment of her day", () => {
  it.each([
    ["2026-07-01", "UTC", "2026-07-01T00:00:00.000Z"],
    // Irish summer time is UTC+1: her day begins at 23:00 UTC the day before.
    ["2026-07-01", "Europe/Dublin", "2026-06-30T23:00:00.000Z"],
    ["2026-12-01", "Europe/Dublin", "2026-12-01T00:00:00.000Z"],
    // The days the clocks change begin before the change.
    ["2026-03-29", "Europe/Dublin", "2026-03-29T00:00:00.000Z"],
    ["2026-03-30", "Europe/Dublin", "2026-03-29T23:00:00.000Z"],
    ["2026-10-25", "Europe/Dublin", "2026-10-24T23:00:00.000Z"],
    ["2026-10-26", "Europe/Dublin", "2026-10-26T00:00:00.000Z"],
    ["2026-03-08", "America/New_York", "2026-03-08T05:00:00.000Z"],
    ["2026-03-09", "America/New_York", "2026-03-09T04:00:00.000Z"],
    ["2026-11-28", "Pacific/Kiritimati", "2026-11-27T10:00:00.000Z"],
    ["2026-11-28", "Asia/Kolkata", "2026-11-27T18:30:00.000Z"],
    // Chile's clocks skip from 00:00 to 01:00 on 6 September 2026: the day begins at 01:00 (-03).
    ["2026-09-06", "America/Santiago", "2026-09-06T04:00:00.000Z"],
    ["2026-09-07", "America/Santiago", "2026-09-07T03:00:00.000Z"],
    ["2026-07-01", "Mars/Olympus", "2026-07-01T00:00:00.000Z"],
  ])("is, for %s in %s, %s", (day, zone, start) => {
    expect(startOfDayIn(day, zone).toISOString()).toBe(start);
  });
});

describe("a time zone's name in words", () => {
  it.each([
    ["Europe/Dublin", "Dublin time"],
    ["America/New_York", "New York time"],
    ["America/Argentina/Buenos_Aires", "Buenos Aires time"],
    ["UTC", "UTC"],
    ["Etc/UTC", "UTC"],
    ["Etc/GMT+1", "Etc/GMT+1"],
  ])("names %s %j", (zone, words) => {
    expect(timeZoneWords(zone)).toBe(words);
  });
});
