import { beforeAll, describe, expect, it } from "vitest";
import { aListen, aMember, aPurchase } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { findTrack } from "#app/modules/catalogue/tracks.ts";
import { markListened, recordFinishedListen } from "#app/modules/listening/listening.server.ts";
import { todayIn } from "#app/modules/calendar/dates.ts";
import {
  completeDailyPractice,
  saveDueDate,
  setActivityCompleted,
} from "#app/modules/program/program.server.ts";
import { setSubscriptionTier } from "#app/modules/payments/access.server.ts";
import { studioFigures } from "./figures.server.ts";
import { studioInsights, type StudioInsights } from "./insights.server.ts";

// A Wednesday: this week began on Monday 23 November; the twelve weeks on Monday 7 September.
const NOW = new Date("2026-11-25T10:00:00Z");

describe.each(testDialects)("the studio's insights on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  const account = async (name: string, joined: string, role = "member") => {
    const { id } = await aMember(db(), { name });
    await db().updateTable("user").set({ createdAt: joined, role }).where("id", "=", id).execute();
    return id;
  };
  const premium = (id: string) => setSubscriptionTier(db(), id, "premium", new Date().toISOString());
  /** Her programme, saved on `savedOn` for a due date `due`. */
  const programme = (id: string, due: string, savedOn: string) =>
    saveDueDate(db(), id, { dueDate: due }, savedOn, new Date(`${savedOn}T09:00:00Z`));
  /** Ticks days of her fourteen (1–14) with the day's checkbox. */
  const tick = async (id: string, days: number[]) => {
    const rows = await db()
      .selectFrom("program_schedule")
      .select(["id", "week_number", "day_of_week"])
      .where("user_id", "=", id)
      .execute();
    for (const row of rows) {
      if (days.includes((row.week_number - 1) * 7 + row.day_of_week))
        await setActivityCompleted(db(), id, row.id, true, todayIn("UTC", NOW));
    }
  };
  const track = (id: string) => findTrack(id)!;
  const days = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  let insights: StudioInsights;

  beforeAll(async () => {
    // Members: their sign-ups, purchases and tiers.
    const amara = await account("Amara", "2026-11-23T08:00:00.000Z"); // this week; free, a payment pending
    const bea = await account("Bea", "2026-11-22T23:30:00.000Z"); // Sunday night: the week of 16 Nov
    const cait = await account("Cait", "2026-11-16T00:00:00.000Z"); // Monday at midnight: the week of 16 Nov
    const dana = await account("Dana", "2026-09-07T00:00:00.000Z"); // the first of the twelve weeks
    const esi = await account("Esi", "2026-09-06T23:59:59.000Z"); // the week before the twelve
    const owner = await account("Fern", "2026-11-24T10:00:00.000Z", "owner");
    // Amara's birth partner: his account is linked to hers, and is not a member.
    const partner = await account("Gus", "2026-11-24T11:00:00.000Z");
    await db().insertInto("partner_links").values({ user_id: amara, partner_id: partner }).execute();

    await aPurchase(db(), amara, { status: "pending", created_at: "2026-11-24T09:00:00.000Z" });
    await aPurchase(db(), bea, {
      created_at: "2026-11-24T08:59:00.000Z",
      succeeded_at: "2026-11-24T09:00:00.000Z",
    });
    await premium(bea);
    // Her second payment, refunded: never granted.
    await aPurchase(db(), bea, {
      status: "refunded",
      created_at: "2026-11-24T09:05:00.000Z",
      refunded_at: "2026-11-24T09:30:00.000Z",
    });
    // Paid, then her money back under the guarantee: she stays free.
    await aPurchase(db(), cait, {
      status: "refunded",
      created_at: "2026-11-17T12:00:00.000Z",
      succeeded_at: "2026-11-17T12:01:00.000Z",
      refunded_at: "2026-11-20T08:00:00.000Z",
    });
    await premium(dana); // given in the studio, no payment
    await aPurchase(db(), esi, {
      created_at: "2026-09-10T12:00:00.000Z",
      succeeded_at: "2026-09-10T12:00:00.000Z",
    });
    await premium(esi);
    // A deleted member's purchase, kept without her.
    await aPurchase(db(), null, {
      created_at: "2026-10-05T12:00:00.000Z",
      succeeded_at: "2026-10-05T12:00:00.000Z",
    });
    // Before the twelve weeks.
    await aPurchase(db(), null, {
      created_at: "2026-08-30T12:00:00.000Z",
      succeeded_at: "2026-08-30T12:00:00.000Z",
    });
    await premium(owner);

    // Programmes: 1–14 November for Amara, Bea and Cait; Dana's began on 20 November (days 1–5 are
    // past), Esi's begins on 1 December.
    for (const id of [amara, bea, cait, owner]) await programme(id, "2026-11-15", "2026-11-01");
    await programme(dana, "2026-12-04", "2026-11-20");
    await programme(esi, "2026-12-15", "2026-11-25");
    await tick(amara, days(1, 14));
    await tick(bea, days(1, 6));
    await completeDailyPractice(db(), cait, "2026-11-01", new Date("2026-11-01T20:00:00Z")); // day 1, Mark as Complete
    await tick(cait, [2]);
    await tick(dana, days(1, 4));
    await tick(esi, [1]); // a day still to come: refused
    await tick(owner, days(1, 14));

    // Listens.
    await recordFinishedListen(db(), amara, track("prepare-for-birth"), {
      listenId: "7f0c2a4e-7d51-4f8e-9b0a-6c2d1e5f4a31",
      now: new Date("2026-11-02T20:00:00Z"),
    });
    await recordFinishedListen(db(), amara, track("prepare-for-birth"), {
      listenId: "7f0c2a4e-7d51-4f8e-9b0a-6c2d1e5f4a32",
      now: new Date("2026-11-03T20:00:00Z"),
    });
    // The same listen sent again from her device's outbox: counted once.
    await recordFinishedListen(db(), amara, track("prepare-for-birth"), {
      listenId: "7f0c2a4e-7d51-4f8e-9b0a-6c2d1e5f4a32",
      now: new Date("2026-11-03T20:01:00Z"),
    });
    await recordFinishedListen(db(), bea, track("prepare-for-birth"), {
      now: new Date("2026-11-04T20:00:00Z"),
    });
    await markListened(db(), bea, track("fear-release"), true, new Date("2026-11-05T20:00:00Z"));
    await aListen(db(), dana, {
      audio_id: "affirmations-2",
      audio_title: "Affirmations Two",
      position_seconds: 60,
    });
    await recordFinishedListen(db(), partner, track("partner-holding-the-space"), {
      now: new Date("2026-11-24T20:00:00Z"),
    });
    await recordFinishedListen(db(), owner, track("adjusting-to-parenthood"), {
      now: new Date("2026-11-24T20:00:00Z"),
    });

    insights = await studioInsights(db(), { now: NOW, timeZone: "UTC" });
  });

  it("counts sign-ups and granted purchases per week, for twelve weeks, with zeros between", () => {
    const weeks = insights.weeks;
    expect(weeks.map((w) => w.week)).toEqual([
      "2026-09-07",
      "2026-09-14",
      "2026-09-21",
      "2026-09-28",
      "2026-10-05",
      "2026-10-12",
      "2026-10-19",
      "2026-10-26",
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
      "2026-11-23",
    ]);
    expect(weeks.map((w) => w.signUps)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1]);
    expect(weeks.map((w) => w.payments)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 1]);
    expect(weeks.map((w) => w.refunded)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0]);
  });

  it("counts each week's sign-ups who made a payment", () => {
    const { cohorts } = insights;
    expect(cohorts[0]).toEqual({ week: "2026-09-07", signUps: 1, bought: 0, share: 0 });
    expect(cohorts[1]).toEqual({ week: "2026-09-14", signUps: 0, bought: 0, share: null });
    expect(cohorts[10]).toEqual({ week: "2026-11-16", signUps: 2, bought: 2, share: 1 });
    expect(cohorts[11]).toEqual({ week: "2026-11-23", signUps: 1, bought: 0, share: 0 });
  });

  it("follows the programme day by day, among the members whose day has passed", () => {
    const { days: byDay, biggestDrop } = insights.adherence;
    expect(byDay.map((d) => [d.day, d.reached, d.completed])).toEqual([
      [1, 4, 4],
      [2, 4, 4],
      [3, 4, 3],
      [4, 4, 3],
      [5, 4, 2],
      [6, 3, 2],
      [7, 3, 1],
      [8, 3, 1],
      [9, 3, 1],
      [10, 3, 1],
      [11, 3, 1],
      [12, 3, 1],
      [13, 3, 1],
      [14, 3, 1],
    ]);
    expect(byDay[5]!.share).toBeCloseTo(2 / 3);
    expect(biggestDrop).toEqual({ day: 7, from: 2 / 3, to: 1 / 3, points: 33.3 });
  });

  it("counts each track's completions, every track of the catalogue, most first", () => {
    const { all, most, least } = insights.tracks;
    expect(all).toHaveLength(12);
    expect(all.slice(0, 4)).toEqual([
      { id: "prepare-for-birth", title: "Prepare for Birth", completedBy: 2, listens: 3 },
      { id: "partner-holding-the-space", title: "Holding the Space", completedBy: 1, listens: 1 },
      // Cait, a free member, practised her day 1 with Affirmations One standing in for it.
      { id: "affirmations-purpose", title: "Affirmations One", completedBy: 1, listens: 0 },
      { id: "fear-release", title: "Fear Release", completedBy: 1, listens: 0 },
    ]);
    expect(most.map((t) => t.id)).toEqual(["prepare-for-birth"]);
    expect(least.map((t) => t.id)).toEqual([
      "affirmations-2",
      "pregnancy-relaxation",
      "breathing-bonding",
      "practice-contractions",
      "positive-caesarean",
      "adjusting-to-parenthood",
      "partner-your-calm-voice",
      "partner-through-the-waves",
    ]);
    expect(least.every((t) => t.completedBy === 0 && t.listens === 0)).toBe(true);
  });

  it("counts a member who practised today before choosing a date as having begun, as her pages do", async () => {
    const began = async () => (await studioFigures(db(), { now: NOW, timeZone: "UTC" })).members.began;
    // Amara, Bea, Cait and Dana; Esi's tick for a day still to come was refused; the owner is not a member.
    expect(await began()).toBe(4);
    const hana = await account("Hana", "2026-11-24T08:00:00.000Z");
    await completeDailyPractice(db(), hana, "2026-11-25", NOW);
    expect(await began()).toBe(5);
  });

  it("shows zeros for weeks before anyone joined", async () => {
    const empty = await studioInsights(db(), { now: new Date("2025-01-08T10:00:00Z"), timeZone: "UTC" });
    expect(empty.weeks.every((w) => w.signUps === 0 && w.payments === 0)).toBe(true);
    expect(empty.cohorts.every((c) => c.share === null)).toBe(true);
    expect(empty.adherence).toMatchObject({ biggestDrop: null });
    expect(empty.adherence.days.every((d) => d.reached === 0 && d.share === null)).toBe(true);
  });
});
