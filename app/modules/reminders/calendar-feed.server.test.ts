import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { setBabyArrival } from "#app/modules/program/programme-settings.server.ts";
import { saveDueDate } from "#app/modules/program/program.server.ts";
import {
  answerCalendarFeed,
  CALENDAR_MISS_LIMIT,
  calendarFeedFor,
  calendarFeedUrlFor,
  calendarTokenFromFile,
  turnOffCalendarFeed,
  turnOnCalendarFeed,
} from "./calendar-feed.server.ts";
import { setReminderPreference } from "./reminder-settings.server.ts";
import { reminderKeys } from "./reminders.server.ts";

const BASE = "https://tidewell.example";
const KEY = reminderKeys("a-test-secret-that-is-long-enough-for-hkdf").calendar;
const NOW = new Date("2026-11-21T10:00:00Z");
const TODAY = "2026-11-21";

/** Each event's start, as the feed gives it (folds undone). */
const starts = (ics: string) =>
  [...ics.replaceAll("\r\n ", "").matchAll(/^DTSTART:(\S+)$/gm)].map((m) => m[1]);

describe.each(testDialects)("her calendar feed on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  const memberWithDate = async (dueDate: string, reminderTime: string | null) => {
    const member = await aMember(db());
    await saveDueDate(db(), member.id, { dueDate, timeZone: "Europe/London" }, TODAY, NOW);
    await setReminderPreference(db(), member.id, { time: reminderTime, byEmail: false, byPush: false });
    return member;
  };

  it("shows her fourteen days at her time, and another member's token shows the other member's", async () => {
    const amara = await memberWithDate("2026-12-05", "07:30");
    const bea = await memberWithDate("2026-12-12", null);
    const amaraToken = await turnOnCalendarFeed(db(), amara.id, KEY);
    const beaToken = await turnOnCalendarFeed(db(), bea.id, KEY);
    expect(amaraToken).toMatch(/^[A-Za-z0-9_-]{44}$/);
    expect(beaToken).not.toBe(amaraToken);

    const amaraFeed = await calendarFeedFor(db(), amaraToken, NOW, BASE, KEY);
    expect(amaraFeed).toContain("BEGIN:VCALENDAR\r\n");
    expect(amaraFeed!.match(/BEGIN:VEVENT/g)).toHaveLength(14);
    // London is on GMT in late November: 07:30 local is 07:30Z.
    const fourteenDays = Array.from({ length: 14 }, (_, i) =>
      new Date(Date.UTC(2026, 10, 21 + i)).toISOString().slice(0, 10).replaceAll("-", ""),
    );
    expect(starts(amaraFeed!)).toEqual(fourteenDays.map((day) => `${day}T073000Z`));
    expect(amaraFeed).toContain("SUMMARY:Day 1 of your programme: Pregnancy Relaxation and Wellbeing");
    expect(amaraFeed).not.toContain(amara.id);
    expect(amaraFeed).not.toContain(amaraToken);

    // Bea saved no time: 20:00, from 28 November (two weeks before 12 December).
    const beaFeed = await calendarFeedFor(db(), beaToken, NOW, BASE, KEY);
    expect(starts(beaFeed!)[0]).toBe("20261128T200000Z");
    expect(starts(beaFeed!)).toHaveLength(14);
    expect(beaFeed).not.toContain(bea.id);
    // Each member's events are hers: no UID in common.
    const uids = (ics: string) => new Set(ics.replaceAll("\r\n ", "").match(/^UID:.+$/gm));
    const amaraUids = uids(amaraFeed!);
    expect([...uids(beaFeed!)].some((uid) => amaraUids.has(uid))).toBe(false);
  });

  it("stops opening once she makes a new link or turns it off; a made-up token opens nothing", async () => {
    const member = await memberWithDate("2026-12-05", "20:00");
    const first = await turnOnCalendarFeed(db(), member.id, KEY);
    expect(await calendarFeedUrlFor(db(), member.id, BASE, KEY)).toBe(`${BASE}/calendar/${first}.ics`);

    const second = await turnOnCalendarFeed(db(), member.id, KEY);
    expect(second).not.toBe(first);
    expect(await calendarFeedFor(db(), first, NOW, BASE, KEY)).toBeNull();
    expect(await calendarFeedFor(db(), second, NOW, BASE, KEY)).toContain("BEGIN:VEVENT");
    expect(await calendarFeedUrlFor(db(), member.id, BASE, KEY)).toBe(`${BASE}/calendar/${second}.ics`);

    await turnOffCalendarFeed(db(), member.id);
    expect(await calendarFeedFor(db(), second, NOW, BASE, KEY)).toBeNull();
    expect(await calendarFeedUrlFor(db(), member.id, BASE, KEY)).toBeNull();

    for (const token of [
      crypto.randomBytes(32).toString("base64url"),
      "",
      "short",
      `${second}x`,
      "' or 1=1 --",
    ]) {
      expect(await calendarFeedFor(db(), token, NOW, BASE, KEY)).toBeNull();
    }
  });

  it("opens no feed with what the database holds alone: the address needs the app's signature", async () => {
    const member = await memberWithDate("2026-12-05", null);
    const token = await turnOnCalendarFeed(db(), member.id, KEY);
    const { calendar_feed_id: feedId } = await db()
      .selectFrom("reminder_settings")
      .select("calendar_feed_id")
      .where("user_id", "=", member.id)
      .executeTakeFirstOrThrow();
    expect(token.startsWith(feedId!)).toBe(true);
    const otherKey = reminderKeys("another-deployment-secret-long-enough-for-hkdf").calendar;
    const forged = await turnOnCalendarFeed(db(), member.id, otherKey);
    for (const guess of [`${feedId}${"A".repeat(22)}`, forged]) {
      expect(await calendarFeedFor(db(), guess, NOW, BASE, KEY)).toBeNull();
    }
    expect(await calendarFeedFor(db(), forged, NOW, BASE, otherKey)).toContain("BEGIN:VCALENDAR");
  });

  it("ends with her baby's arrival", async () => {
    const member = await memberWithDate("2026-12-05", "20:00");
    const token = await turnOnCalendarFeed(db(), member.id, KEY);
    await setBabyArrival(db(), member.id, { bornOn: "2026-11-24", name: null });
    const feed = await calendarFeedFor(db(), token, new Date("2026-11-25T10:00:00Z"), BASE, KEY);
    expect(starts(feed!)).toEqual(["20261121T200000Z", "20261122T200000Z", "20261123T200000Z"]);
  });

  it("refuses a client's guesses past the limit, even a right one, but never counts a feed served", async () => {
    const member = await memberWithDate("2026-12-05", "20:00");
    const token = await turnOnCalendarFeed(db(), member.id, KEY);
    const at = 1_900_000_000_000;
    const answer = (file: string, clientIp: string, offset = 0) =>
      answerCalendarFeed(db(), { file, clientIp }, NOW, BASE, KEY, at + offset);

    // A calendar service fetching feeds from one address: never held back.
    for (let i = 0; i < CALENDAR_MISS_LIMIT.limit + 5; i += 1) {
      expect((await answer(`${token}.ics`, "203.0.113.1")).status).toBe(200);
    }
    const ok = await answer(`${token}.ics`, "203.0.113.1");
    expect(ok.status === 200 && ok.body).toContain("BEGIN:VEVENT");

    // Guesses at once from one address: the limit's worth are 404, the rest 429.
    const guesses = await Promise.all(
      Array.from({ length: 100 }, () =>
        answer(`${crypto.randomBytes(32).toString("base64url")}.ics`, "203.0.113.2"),
      ),
    );
    const statuses = guesses.map((guess) => guess.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(CALENDAR_MISS_LIMIT.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - CALENDAR_MISS_LIMIT.limit);
    // Now even the right address is refused from there, with the wait; not from elsewhere.
    expect(await answer(`${token}.ics`, "203.0.113.2", 1000)).toEqual({ status: 429, retryAfterSeconds: 59 });
    expect((await answer(`${token}.ics`, "203.0.113.3", 1000)).status).toBe(200);
    // A minute on, she may try again.
    expect((await answer(`${token}.ics`, "203.0.113.2", 60_000)).status).toBe(200);
    // Malformed names are misses like any other.
    expect(await answer("nonsense", "203.0.113.4")).toEqual({ status: 404 });
    expect(await answer(token, "203.0.113.4")).toEqual({ status: 404 });
  });

  it("has an empty calendar until she saves a date", async () => {
    const member = await aMember(db());
    const token = await turnOnCalendarFeed(db(), member.id, KEY);
    const feed = await calendarFeedFor(db(), token, NOW, BASE, KEY);
    expect(feed).toContain("X-WR-CALNAME:Tidewell practice");
    expect(feed).not.toContain("BEGIN:VEVENT");
  });
});

describe("calendarTokenFromFile", () => {
  const token = "A".repeat(41) + "b_-";
  it.each([
    [`${token}.ics`, token],
    [token, null],
    [`${token}.ICS`, null],
    [`${token}.ics.ics`, null],
    ["x.ics", null],
    [`../${token}.ics`, null],
  ])("%s → %s", (file, expected) => {
    expect(calendarTokenFromFile(file)).toBe(expected);
  });
});
