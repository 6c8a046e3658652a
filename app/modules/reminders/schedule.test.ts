import { describe, expect, it } from "vitest";
import {
  instantAt,
  isLocalTime,
  nextReminder,
  reminderDecision,
  zoneOffsetMinutes,
  type ReminderDay,
} from "./schedule.ts";

describe("instantAt", () => {
  it("keeps 20:00 in London at 20:00 local across both clock changes", () => {
    // British Summer Time ends on 25 October 2026 and begins on 28 March 2027.
    expect(instantAt("2026-10-24", "20:00", "Europe/London").toISOString()).toBe("2026-10-24T19:00:00.000Z");
    expect(instantAt("2026-10-25", "20:00", "Europe/London").toISOString()).toBe("2026-10-25T20:00:00.000Z");
    expect(instantAt("2027-03-27", "20:00", "Europe/London").toISOString()).toBe("2027-03-27T20:00:00.000Z");
    expect(instantAt("2027-03-28", "20:00", "Europe/London").toISOString()).toBe("2027-03-28T19:00:00.000Z");
  });

  it("reads zones either side of UTC, and ones with half hours", () => {
    expect(instantAt("2026-12-01", "07:30", "America/New_York").toISOString()).toBe(
      "2026-12-01T12:30:00.000Z",
    );
    expect(instantAt("2026-12-01", "07:30", "Australia/Sydney").toISOString()).toBe(
      "2026-11-30T20:30:00.000Z",
    );
    expect(instantAt("2026-12-01", "21:00", "Asia/Kolkata").toISOString()).toBe("2026-12-01T15:30:00.000Z");
    expect(instantAt("2026-12-01", "00:00", "UTC").toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });

  it("moves a time the clock skips an hour on, and takes the first of a time shown twice", () => {
    // 01:30 does not happen in London on 28 March 2027: it is 02:30 BST, 01:30 UTC.
    expect(instantAt("2027-03-28", "01:30", "Europe/London").toISOString()).toBe("2027-03-28T01:30:00.000Z");
    // 01:30 happens twice on 25 October 2026: first in BST.
    expect(instantAt("2026-10-25", "01:30", "Europe/London").toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it("knows each zone's offset at an instant", () => {
    expect(zoneOffsetMinutes("Europe/London", new Date("2026-07-01T12:00:00Z"))).toBe(60);
    expect(zoneOffsetMinutes("Europe/London", new Date("2026-12-01T12:00:00Z"))).toBe(0);
    expect(zoneOffsetMinutes("America/Los_Angeles", new Date("2026-12-01T12:00:00Z"))).toBe(-480);
  });
});

describe("nextReminder", () => {
  const london = { time: "20:00", timeZone: "Europe/London" };

  it("is today's when its time is still to come, and tomorrow's once it has gone", () => {
    expect(nextReminder(london, new Date("2026-11-25T19:59:00Z"))).toEqual({
      date: "2026-11-25",
      at: new Date("2026-11-25T20:00:00Z"),
    });
    expect(nextReminder(london, new Date("2026-11-25T20:00:00Z"))).toEqual({
      date: "2026-11-26",
      at: new Date("2026-11-26T20:00:00Z"),
    });
  });

  it("counts her day in her zone, not the server's", () => {
    // 23:30 UTC on the 25th is already the 26th in Sydney (10:30); her 07:00 has gone, so the 27th.
    expect(
      nextReminder({ time: "07:00", timeZone: "Australia/Sydney" }, new Date("2026-11-25T23:30:00Z")),
    ).toEqual({
      date: "2026-11-27",
      at: new Date("2026-11-26T20:00:00Z"),
    });
  });

  it("crosses the autumn clock change at 20:00 local", () => {
    expect(nextReminder(london, new Date("2026-10-24T19:00:00Z"))?.at).toEqual(
      new Date("2026-10-25T20:00:00Z"),
    );
  });

  it("is nothing when she has not asked for reminders", () => {
    expect(nextReminder({ time: null, timeZone: "Europe/London" }, new Date())).toBeNull();
  });
});

describe("reminderDecision", () => {
  const day: ReminderDay = {
    date: "2026-11-25",
    setting: { time: "20:00", timeZone: "Europe/London" },
    channels: { email: true, push: false },
    dueDate: "2026-12-10",
    babyBornOn: null,
    practised: false,
  };

  it("sends on a day she has not practised yet", () => {
    expect(reminderDecision(day)).toEqual({ send: true });
  });

  it("skips a day she has practised, and goes on the next", () => {
    expect(reminderDecision({ ...day, practised: true })).toEqual({
      send: false,
      why: "practised",
      stop: false,
    });
  });

  it("stops when her baby is here", () => {
    expect(reminderDecision({ ...day, babyBornOn: "2026-11-24" })).toEqual({
      send: false,
      why: "born",
      stop: true,
    });
  });

  it("goes on until two weeks after her due date, and stops after", () => {
    expect(reminderDecision({ ...day, date: "2026-12-24" })).toEqual({ send: true });
    expect(reminderDecision({ ...day, date: "2026-12-25" })).toEqual({
      send: false,
      why: "past-due",
      stop: true,
    });
  });

  it("stops when she turned reminders off or left no way to reach her", () => {
    expect(reminderDecision({ ...day, setting: { ...day.setting, time: null } })).toMatchObject({
      why: "off",
      stop: true,
    });
    expect(reminderDecision({ ...day, channels: { email: false, push: false } })).toMatchObject({
      why: "no-channel",
      stop: true,
    });
  });
});

describe("isLocalTime", () => {
  it("takes 24-hour times and nothing else", () => {
    expect(["00:00", "07:30", "20:00", "23:59"].every(isLocalTime)).toBe(true);
    expect(["24:00", "7:30", "20:60", "20:00:00", "", "8pm"].some(isLocalTime)).toBe(false);
  });
});
