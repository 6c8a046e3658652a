import { beforeAll, describe, expect, it } from "vitest";
import { aMember, aPurchase } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { setSubscriptionTier } from "#app/modules/payments/access.server.ts";
import { todayIn } from "#app/modules/calendar/dates.ts";
import {
  completeDailyPractice,
  loadProgramme,
  saveDueDate,
  setActivityCompleted,
} from "#app/modules/program/program.server.ts";
import { progressOf } from "#app/modules/program/progress.ts";
import { moneyBetween, studioWeeks, type PaymentFacts } from "./figures.ts";
import { studioFigures, type StudioFigures } from "./figures.server.ts";
import { studioInsights, type StudioInsights } from "./insights.server.ts";
import type { MemberFilters } from "./member-filters.ts";
import { memberDetail, searchMembers } from "./members.server.ts";

// Wednesday evening in UTC, Thursday morning in Auckland. This week began on Monday 23 November.
const NOW = new Date("2026-11-25T20:00:00Z");
const TODAY = "2026-11-25";

/**
 * A realistic day in the studio: seven members, the owner, a birth partner;
 * three payments, one of them refunded; a member given the course; three
 * members who ticked today's day (one of them in Auckland, where today is
 * already tomorrow). The overview, the insights and the members list must
 * give the same numbers, and the programme's must be her own pages'.
 */
describe.each(testDialects)("the studio's figures on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  const ids: Record<string, string> = {};
  const account = async (name: string, joined: string, { role = "member", timeZone = "UTC" } = {}) => {
    const { id } = await aMember(db(), { name });
    await db().updateTable("user").set({ createdAt: joined, role }).where("id", "=", id).execute();
    await db().updateTable("profiles").set({ time_zone: timeZone }).where("id", "=", id).execute();
    ids[name] = id;
    return id;
  };
  const premium = (id: string) => setSubscriptionTier(db(), id, "premium", "2026-11-01T00:00:00.000Z");
  /** Ticks days of her fourteen (1–14) with the day's checkbox, on her today. */
  const tick = async (id: string, days: number[], today = TODAY) => {
    const rows = await db()
      .selectFrom("program_schedule")
      .select(["id", "week_number", "day_of_week"])
      .where("user_id", "=", id)
      .execute();
    for (const row of rows) {
      if (days.includes((row.week_number - 1) * 7 + row.day_of_week))
        expect(await setActivityCompleted(db(), id, row.id, true, today, NOW)).toBe("done");
    }
  };

  let figures: StudioFigures;
  let insights: StudioInsights;

  beforeAll(async () => {
    const amara = await account("Amara", "2026-11-02T09:00:00.000Z", { timeZone: "Europe/London" });
    const bea = await account("Bea", "2026-11-17T12:00:00.000Z");
    const cait = await account("Cait", "2026-11-18T08:00:00.000Z");
    const dana = await account("Dana", "2026-11-10T10:00:00.000Z");
    const esi = await account("Esi", "2026-11-23T03:00:00.000Z", { timeZone: "Pacific/Auckland" });
    const fola = await account("Fola", "2026-11-24T15:00:00.000Z");
    const gina = await account("Gina", "2026-10-01T10:00:00.000Z");
    const owner = await account("Tess", "2026-09-01T08:00:00.000Z", { role: "owner" });
    const gus = await account("Gus", "2026-11-20T20:00:00.000Z");
    await db().insertInto("partner_links").values({ user_id: amara, partner_id: gus }).execute();

    // Three payments: Amara's last week, Bea's this week, Cait's last week and refunded this week.
    await aPurchase(db(), amara, {
      created_at: "2026-11-18T09:59:00.000Z",
      succeeded_at: "2026-11-18T10:00:00.000Z",
    });
    await premium(amara);
    await aPurchase(db(), bea, {
      created_at: "2026-11-24T08:59:00.000Z",
      succeeded_at: "2026-11-24T09:00:00.000Z",
    });
    await premium(bea);
    await aPurchase(db(), cait, {
      status: "refunded",
      created_at: "2026-11-19T11:59:00.000Z",
      succeeded_at: "2026-11-19T12:00:00.000Z",
      refunded_at: "2026-11-24T16:00:00.000Z",
    });
    // Fola began a checkout and left it; never a payment.
    await aPurchase(db(), fola, { status: "pending", created_at: "2026-11-25T09:00:00.000Z" });
    // Dana was given the course in the studio; the owner has it too, as owners do.
    await premium(dana);
    await premium(owner);

    // The programme. Amara's began on 20 November: three days done.
    await saveDueDate(db(), amara, { dueDate: "2026-12-04" }, "2026-11-18", new Date("2026-11-18T09:00:00Z"));
    await tick(amara, [1, 2, 3]);
    // Bea's begins today, and she ticked it.
    await saveDueDate(db(), bea, { dueDate: "2026-12-09" }, "2026-11-24", new Date("2026-11-24T09:00:00Z"));
    await completeDailyPractice(db(), bea, TODAY, NOW);
    // Fola practised today without a date: her Default Schedule is kept from today.
    await completeDailyPractice(db(), fola, TODAY, NOW);
    // Esi practised on her today in Auckland, already Thursday there.
    await completeDailyPractice(db(), esi, todayIn("Pacific/Auckland", NOW), NOW);
    // Gina's first day came a week ago; she has done none of it.
    await saveDueDate(db(), gina, { dueDate: "2026-12-01" }, "2026-11-10", new Date("2026-11-10T09:00:00Z"));
    // The owner tried her own programme: not a member's.
    await saveDueDate(db(), owner, { dueDate: "2026-12-04" }, "2026-11-18", new Date("2026-11-18T09:00:00Z"));
    await tick(owner, [1, 2, 3, 4, 5]);

    [figures, insights] = await Promise.all([
      studioFigures(db(), { now: NOW, timeZone: "UTC" }),
      studioInsights(db(), { now: NOW, timeZone: "UTC" }),
    ]);
  });

  const total = async (filters: MemberFilters) => (await searchMembers(db(), filters, { now: NOW })).total;

  it("counts seven members: never the owner, never a birth partner", async () => {
    expect(figures.members).toEqual({
      all: 7,
      paid: 2,
      given: 1,
      free: 4,
      began: 4,
      joinedThisWeek: 2,
      joinedLastWeek: 2,
    });
    const listed = (await searchMembers(db(), {}, { now: NOW, limit: 100 })).members.map((m) => m.id);
    expect(listed).toHaveLength(7);
    expect(listed).not.toContain(ids.Tess);
    expect(listed).not.toContain(ids.Gus);
    // Each is still found where the list shows them.
    expect((await searchMembers(db(), { who: "owners" })).members.map((m) => m.id)).toEqual([ids.Tess]);
    expect((await searchMembers(db(), { who: "partners" })).members.map((m) => m.id)).toEqual([ids.Gus]);
  });

  it("gives the members list the overview's numbers, filter by filter", async () => {
    const { members } = figures;
    expect(await total({})).toBe(members.all);
    expect(await total({ tier: "paid" })).toBe(members.paid);
    expect(await total({ tier: "given" })).toBe(members.given);
    expect(await total({ tier: "free" })).toBe(members.free);
    expect(await total({ tier: "course" })).toBe(members.paid + members.given);
    expect(await total({ programme: "begun" })).toBe(members.began);
    expect(await total({ programme: "not-begun" })).toBe(members.all - members.began);
    expect(await total({ joinedFrom: "2026-11-23" })).toBe(members.joinedThisWeek);
    expect(await total({ joinedFrom: "2026-11-16", joinedTo: "2026-11-22" })).toBe(members.joinedLastWeek);
  });

  it("says of each member on the list and on her page what the figures count her as", async () => {
    const page = await searchMembers(db(), {}, { now: NOW, limit: 100 });
    const access = Object.fromEntries(page.members.map((m) => [m.name, m.access]));
    expect(access).toEqual({
      Amara: "paid",
      Bea: "paid",
      Cait: "free",
      Dana: "given",
      Esi: "free",
      Fola: "free",
      Gina: "free",
    });
    for (const member of page.members) {
      expect((await memberDetail(db(), member.id, NOW))?.access).toBe(member.access);
    }
  });

  it("counts as begun exactly the members whose own pages show a day done, on their own today", async () => {
    const page = await searchMembers(db(), {}, { now: NOW, limit: 100 });
    const begun: string[] = [];
    for (const member of page.members) {
      const zone =
        member.name === "Amara" ? "Europe/London" : member.name === "Esi" ? "Pacific/Auckland" : "UTC";
      const today = todayIn(zone, NOW);
      const progress = progressOf(await loadProgramme(db(), member.id, today), today);
      const detail = await memberDetail(db(), member.id, NOW);
      // Her page in the studio says what her own pages say.
      expect(detail?.programme.daysCompleted).toBe(progress.programmeDaysDone);
      if (progress.programmeDaysDone > 0) begun.push(member.name);
    }
    expect(begun.sort()).toEqual(["Amara", "Bea", "Esi", "Fola"]);
    expect(figures.members.began).toBe(begun.length);
    const listed = await searchMembers(db(), { programme: "begun" }, { now: NOW });
    expect(listed.members.map((m) => m.name).sort()).toEqual(begun);
  });

  it("counts payments and refunds apart, and the money from the stored cents", async () => {
    expect(figures.payments).toEqual({ count: 3, refunded: 1 });
    expect(figures.money).toEqual({
      thisWeek: [{ currency: "EUR", paidIn: 2700, refunded: 2700, kept: 0 }],
      lastWeek: [{ currency: "EUR", paidIn: 5400, refunded: 0, kept: 5400 }],
      allTime: [{ currency: "EUR", paidIn: 8100, refunded: 2700, kept: 5400 }],
    });
    // The same rules, pure, over the stored rows.
    const rows: PaymentFacts[] = (await db().selectFrom("purchases").selectAll().execute()).map((row) => ({
      status: row.status,
      succeededAt: row.succeeded_at === null ? null : new Date(row.succeeded_at).toISOString(),
      refundedAt: row.refunded_at === null ? null : new Date(row.refunded_at).toISOString(),
      amountMinor: Number(row.amount_minor),
      currency: row.currency,
    }));
    expect(moneyBetween(rows, figures.thisWeek)).toEqual(figures.money.thisWeek);
    expect(moneyBetween(rows, figures.lastWeek)).toEqual(figures.money.lastWeek);
    expect(moneyBetween(rows)).toEqual(figures.money.allTime);
  });

  it("gives the insights' weeks the overview's numbers", () => {
    const [lastWeek, thisWeek] = insights.weeks.slice(-2);
    expect(thisWeek).toEqual({ week: "2026-11-23", signUps: 2, payments: 1, refunded: 0 });
    expect(lastWeek).toEqual({ week: "2026-11-16", signUps: 2, payments: 2, refunded: 1 });
    expect(thisWeek!.signUps).toBe(figures.members.joinedThisWeek);
    expect(lastWeek!.signUps).toBe(figures.members.joinedLastWeek);
    expect(insights.weeks.reduce((sum, w) => sum + w.payments, 0)).toBe(figures.payments.count);
    expect(insights.weeks.reduce((sum, w) => sum + w.refunded, 0)).toBe(figures.payments.refunded);
    expect(insights.weeks.reduce((sum, w) => sum + w.signUps, 0)).toBe(figures.members.all);
    // Of the two who signed up last week, Bea and Cait, both paid (Cait's refunded since).
    expect(insights.cohorts.at(-2)).toEqual({ week: "2026-11-16", signUps: 2, bought: 2, share: 1 });
  });

  it("follows the programme by day on each member's own calendar, owners left out", () => {
    // Day 1 has passed for Amara (20 Nov) and Gina (17 Nov); Bea's, Fola's and Esi's is today.
    expect(insights.adherence.days[0]).toEqual({ day: 1, reached: 2, completed: 1, share: 0.5 });
    // Day 5 (24 November) has passed for Amara alone; Gina's day 5 was 21 November.
    expect(insights.adherence.days.slice(0, 6).map((d) => d.reached)).toEqual([2, 2, 2, 2, 2, 1]);
  });

  it("counts the weeks on the owner's clock when she gives one", async () => {
    const newYork = "America/New_York";
    const [inNewYork, insightsInNewYork] = await Promise.all([
      studioFigures(db(), { now: NOW, timeZone: newYork }),
      studioInsights(db(), { now: NOW, timeZone: newYork }),
    ]);
    // Esi joined at 03:00 UTC on Monday: Sunday evening in New York, so last week there.
    expect(inNewYork.thisWeek).toEqual(studioWeeks(NOW, newYork, 1)[0]);
    expect(inNewYork.weekWords).toBe("Weeks run Monday to Sunday, on New York time.");
    expect(inNewYork.members).toMatchObject({ joinedThisWeek: 1, joinedLastWeek: 3 });
    const [lastWeek, thisWeek] = insightsInNewYork.weeks.slice(-2);
    expect([lastWeek!.signUps, thisWeek!.signUps]).toEqual([3, 1]);
    // The members list, its days on the same clock, finds the week's members from its Monday.
    const joinedThisWeek = await searchMembers(
      db(),
      { joinedFrom: inNewYork.thisWeek.week },
      { timeZone: newYork, now: NOW },
    );
    expect(joinedThisWeek.total).toBe(inNewYork.members.joinedThisWeek);
    // Whatever the clock, the members and the payments are the same people and the same money.
    expect(inNewYork.members.all).toBe(figures.members.all);
    expect(inNewYork.money.allTime).toEqual(figures.money.allTime);
  });
});
