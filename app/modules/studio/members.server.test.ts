import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { aListen, aMember, aPurchase, aSession } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { setSubscriptionTier } from "#app/modules/payments/access.server.ts";
import type { MemberFilters } from "./member-filters.ts";
import { memberDetail, searchMembers, type MemberRow } from "./members.server.ts";

const NOW = new Date("2026-11-25T10:00:00Z");

describe.each(testDialects)("the studio's members on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  /** A member who signed up at `joined`, with the profile fields given. */
  const member = async (
    fields: { name: string; email: string; joined: string; role?: string },
    profile: { tier?: "free" | "premium"; due?: string; timeZone?: string; startedOn?: string } = {},
  ) => {
    const { id } = await aMember(db(), { name: fields.name, email: fields.email });
    await db()
      .updateTable("user")
      .set({ createdAt: fields.joined, ...(fields.role ? { role: fields.role } : {}) })
      .where("id", "=", id)
      .execute();
    await db()
      .updateTable("profiles")
      .set({ time_zone: profile.timeZone ?? "UTC" })
      .where("id", "=", id)
      .execute();
    if (profile.due || profile.startedOn) {
      await db()
        .insertInto("programme_settings")
        .values({ user_id: id, due_date: profile.due ?? null, program_start_date: profile.startedOn ?? null })
        .execute();
    }
    if (profile.tier) await setSubscriptionTier(db(), id, profile.tier, fields.joined);
    return id;
  };

  const used = (userId: string, at: string, impersonatedBy: string | null = null) =>
    aSession(db(), userId, { createdAt: at, updatedAt: at, impersonatedBy });

  /** Every member matching, page by page: [ids of each page]. */
  const allPages = async (filters: MemberFilters, limit: number) => {
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await searchMembers(db(), filters, { cursor, limit });
      pages.push(page.members.map((m) => m.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor && pages.length < 50);
    return pages;
  };

  describe("search", () => {
    // Each block's database is its own: these members are the only ones.
    let ids: Record<string, string>;
    const names = (rows: MemberRow[]) => rows.map((row) => row.name);

    it("lists members newest sign-up first, with their course, due date, role and last activity", async () => {
      ids = {
        amara: await member(
          { name: "Amara Okafor", email: "amara.okafor@gmail.com", joined: "2026-01-10T09:00:00.000Z" },
          { tier: "premium", due: "2026-12-20" },
        ),
        siobhan: await member(
          { name: "Siobhán O'Brien", email: "siobhan@eircom.net", joined: "2026-03-02T12:00:00.000Z" },
          { due: "2027-02-14" },
        ),
        percent: await member({
          name: "Mia 100% Calm",
          email: "mia.calm@outlook.com",
          joined: "2026-06-30T23:59:59.000Z",
        }),
        underscore: await member(
          { name: "Nora Walsh", email: "nora_walsh@outlook.com", joined: "2026-07-01T00:00:00.000Z" },
          { tier: "premium", due: "2027-01-05" },
        ),
        owner: await member({
          name: "Tess Owner",
          email: "owner@tidewell.example",
          joined: "2025-12-01T08:00:00.000Z",
          role: "owner",
        }),
      };
      await used(ids.amara!, "2026-11-20T08:00:00.000Z");
      await used(ids.amara!, "2026-11-24T21:30:00.000Z");
      // The owner looking at her account as her, later: not her activity.
      await used(ids.amara!, "2026-11-25T09:00:00.000Z", ids.owner!);
      await used(ids.siobhan!, "2026-04-01T10:00:00.000Z");

      // The owner is not a member: she is listed only with the studio's owners.
      const page = await searchMembers(db(), {});
      expect(page.total).toBe(4);
      expect(page.nextCursor).toBeNull();
      expect(names(page.members)).toEqual(["Nora Walsh", "Mia 100% Calm", "Siobhán O'Brien", "Amara Okafor"]);
      expect(page.members.find((m) => m.id === ids.amara)).toEqual({
        id: ids.amara,
        name: "Amara Okafor",
        email: "amara.okafor@gmail.com",
        tier: "premium",
        // Premium with no payment: given the course.
        access: "given",
        joinedAt: "2026-01-10T09:00:00.000Z",
        lastActiveAt: "2026-11-24T21:30:00.000Z",
        dueDate: "2026-12-20",
        role: "member",
      });
      const owners = await searchMembers(db(), { who: "owners" });
      expect(owners.total).toBe(1);
      expect(owners.members.find((m) => m.id === ids.owner)).toMatchObject({
        role: "owner",
        tier: "free",
        lastActiveAt: null,
        dueDate: null,
      });
    });

    it.each<[string, MemberFilters, string[]]>([
      ["part of an address", { query: "OKAFOR@gm" }, ["Amara Okafor"]],
      ["part of a name, in any case", { query: "o'bRIEN" }, ["Siobhán O'Brien"]],
      ["a domain", { query: "@outlook" }, ["Nora Walsh", "Mia 100% Calm"]],
      ["a % literally", { query: "100%" }, ["Mia 100% Calm"]],
      ["a % that matches nothing literally", { query: "a%c" }, []],
      ["an _ literally", { query: "a_w" }, ["Nora Walsh"]],
      ["an _ alone, literally", { query: "_" }, ["Nora Walsh"]],
      ["a quote, bound as it is", { query: "' or '1'='1" }, []],
      ["a backslash", { query: "\\" }, []],
      ["the course, paid or given", { tier: "course" }, ["Nora Walsh", "Amara Okafor"]],
      ["the course given", { tier: "given" }, ["Nora Walsh", "Amara Okafor"]],
      ["the course paid for", { tier: "paid" }, []],
      ["free", { tier: "free" }, ["Mia 100% Calm", "Siobhán O'Brien"]],
      ["sign-up from a day", { joinedFrom: "2026-07-01" }, ["Nora Walsh"]],
      [
        "sign-up to a day, the whole day",
        { joinedTo: "2026-06-30" },
        ["Mia 100% Calm", "Siobhán O'Brien", "Amara Okafor"],
      ],
      [
        "sign-up in a range",
        { joinedFrom: "2026-01-01", joinedTo: "2026-03-02" },
        ["Siobhán O'Brien", "Amara Okafor"],
      ],
      ["due from", { dueFrom: "2027-01-01" }, ["Nora Walsh", "Siobhán O'Brien"]],
      ["due to", { dueTo: "2027-01-05" }, ["Nora Walsh", "Amara Okafor"]],
      ["due in a range", { dueFrom: "2026-12-20", dueTo: "2026-12-31" }, ["Amara Okafor"]],
      ["last active from (her own sessions only)", { activeFrom: "2026-11-24" }, ["Amara Okafor"]],
      ["last active from, not the owner's visit as her", { activeFrom: "2026-11-25" }, []],
      // Siobhán's last activity was in April; Amara's latest is after the range, though she was active in it too.
      [
        "last active in a range, by her latest",
        { activeFrom: "2026-04-01", activeTo: "2026-11-21" },
        ["Siobhán O'Brien"],
      ],
      ["last active to", { activeTo: "2026-11-24" }, ["Siobhán O'Brien", "Amara Okafor"]],
      ["filters together", { query: "o", tier: "course", dueFrom: "2027-01-01" }, ["Nora Walsh"]],
      ["the studio's owners", { who: "owners" }, ["Tess Owner"]],
      ["an owner by name, among members", { query: "tess" }, []],
    ])("finds by %s", async (_what, filters, expected) => {
      const page = await searchMembers(db(), filters);
      expect(names(page.members)).toEqual(expected);
      expect(page.total).toBe(expected.length);
    });

    it.each<[string, string, MemberFilters, string[]]>([
      // Mia signed up at 23:59:59 UTC on 30 June: 00:59:59 on 1 July in Dublin (summer time).
      [
        "sign-up from a day, in Dublin",
        "Europe/Dublin",
        { joinedFrom: "2026-07-01" },
        ["Nora Walsh", "Mia 100% Calm"],
      ],
      [
        "sign-up to a day, in Dublin",
        "Europe/Dublin",
        { joinedTo: "2026-06-30" },
        ["Siobhán O'Brien", "Amara Okafor"],
      ],
      // Nora signed up at midnight UTC on 1 July: 20:00 on 30 June in New York.
      [
        "sign-up to a day, in New York",
        "America/New_York",
        { joinedTo: "2026-06-30" },
        ["Nora Walsh", "Mia 100% Calm", "Siobhán O'Brien", "Amara Okafor"],
      ],
      // Amara was last active at 21:30 UTC on 24 November: 06:30 on the 25th in Tokyo.
      ["last active from a day, in Tokyo", "Asia/Tokyo", { activeFrom: "2026-11-25" }, ["Amara Okafor"]],
      ["last active to a day, in Tokyo", "Asia/Tokyo", { activeTo: "2026-11-24" }, ["Siobhán O'Brien"]],
    ])("finds by %s, days being the owner's", async (_what, timeZone, filters, expected) => {
      const page = await searchMembers(db(), filters, { timeZone });
      expect(names(page.members)).toEqual(expected);
      expect(page.total).toBe(expected.length);
    });

    it("pages through every match once, in order, keeping the filters and the total", async () => {
      const everyone = (await searchMembers(db(), {}, { limit: 100 })).members.map((m) => m.id);
      const pages = await allPages({}, 2);
      expect(pages.map((page) => page.length)).toEqual([2, 2]);
      expect(pages.flat()).toEqual(everyone);

      const free = await allPages({ tier: "free" }, 1);
      expect(free.flat()).toEqual([ids.percent, ids.siobhan]);
      const second = await searchMembers(db(), { tier: "free" }, { limit: 1 });
      expect(
        (await searchMembers(db(), { tier: "free" }, { limit: 1, cursor: second.nextCursor! })).total,
      ).toBe(2);
    });

    it("pages through members who signed up at the same moment without a gap or a repeat", async () => {
      const twins = [];
      for (let i = 0; i < 7; i += 1) {
        twins.push(
          await member({
            name: `Twin ${i}`,
            email: `twin${i}@example.com`,
            joined: "2024-05-05T05:05:05.000Z",
          }),
        );
      }
      const pages = await allPages({ query: "twin" }, 3);
      expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
      expect(new Set(pages.flat()).size).toBe(7);
      expect(pages.flat()).toEqual([...twins].sort().reverse());
    });

    it("takes a cursor it didn't make for the first page, and keeps the page size within limits", async () => {
      const first = await searchMembers(db(), {}, { limit: 2 });
      for (const cursor of [
        "nonsense",
        "",
        Buffer.from("[1,2]").toString("base64url"),
        "%%%",
        "a".repeat(600),
      ]) {
        expect((await searchMembers(db(), {}, { limit: 2, cursor })).members).toEqual(first.members);
      }
      expect((await searchMembers(db(), {}, { limit: 0 })).members).toHaveLength(1);
      expect((await searchMembers(db(), {}, { limit: 1000 })).members.length).toBeLessThanOrEqual(100);
      expect((await searchMembers(db(), {}, { limit: Number.NaN })).members.length).toBeLessThanOrEqual(25);
    });

    it("pages by the stored sign-up time exactly, fractions of a millisecond included", async () => {
      if (dialect !== "postgres") return;
      // PostgreSQL keeps microseconds (its own default, or a client's); a Date would round them away.
      const a = await member({
        name: "Micro A",
        email: "micro-a@example.com",
        joined: "2023-01-01T00:00:00.000Z",
      });
      const b = await member({
        name: "Micro B",
        email: "micro-b@example.com",
        joined: "2023-01-01T00:00:00.000Z",
      });
      await db()
        .updateTable("user")
        .set({ createdAt: "2023-01-01T00:00:00.000400Z" })
        .where("id", "=", a)
        .execute();
      await db()
        .updateTable("user")
        .set({ createdAt: "2023-01-01T00:00:00.000300Z" })
        .where("id", "=", b)
        .execute();
      expect((await allPages({ query: "micro" }, 1)).flat()).toEqual([a, b]);
    });
  });

  describe("one member", () => {
    it("shows her account, payments, programme, listens and the emails sent to her (never their bodies)", async () => {
      const id = await member(
        { name: "Aoife Byrne", email: "aoife.byrne@gmail.com", joined: "2026-09-01T10:00:00.000Z" },
        { tier: "premium", due: "2026-12-10", timeZone: "Europe/Dublin", startedOn: "2026-11-23" },
      );
      await used(id, "2026-11-24T19:00:00.000Z");
      const paid = await aPurchase(db(), id, {
        created_at: "2026-10-01T10:00:00.000Z",
        succeeded_at: "2026-11-10T10:00:00.000Z",
        refunded_at: null,
      });
      const refunded = await aPurchase(db(), id, {
        provider: "paypal",
        provider_payment_id: "ORDER-1",
        status: "refunded",
        created_at: "2026-10-02T10:00:00.000Z",
        succeeded_at: "2026-10-02T10:00:05.000Z",
        refunded_at: "2026-10-03T10:00:00.000Z",
        refund_reason: "mistake",
      });
      for (const [week, day, completed] of [
        [1, 1, true],
        [1, 2, true],
        [1, 3, false],
      ] as const) {
        await db()
          .insertInto("program_schedule")
          .values({
            id: crypto.randomUUID(),
            user_id: id,
            week_number: week,
            day_of_week: day,
            activity: "Affirmations One",
            scheduled_date: `2026-11-${22 + day}`,
            completed,
          })
          .execute();
      }
      await db()
        .insertInto("user_progress")
        .values({
          user_id: id,
          daily_audio_completed: true,
          last_daily_audio_date: "2026-11-24",
          affirmation_streak: 4,
          longest_streak: 6,
        })
        .execute();
      for (let i = 0; i < 12; i += 1) {
        await aListen(db(), id, {
          audio_id: i === 0 ? "affirmations-purpose" : `retired-${i}`,
          audio_title: i === 0 ? "Old title" : `Retired ${i}`,
          completed: true,
          completion_date: new Date(Date.parse("2026-11-01T10:00:00Z") + i * 3_600_000).toISOString(),
        });
      }
      await aListen(db(), id, {
        audio_id: "affirmations-2",
        audio_title: "Affirmations Two",
        position_seconds: 30,
      });
      for (let i = 0; i < 22; i += 1) {
        await db()
          .insertInto("email_outbox")
          .values({
            id: crypto.randomUUID(),
            kind: i === 21 ? "sign-in-code" : "practice-reminder",
            to_address: "aoife.byrne@gmail.com",
            subject: `Your Tidewell sign-in code: 4761${String(i).padStart(2, "0")}`,
            text_body: "a secret sign-in link",
            html_body: "<p>a secret sign-in link</p>",
            status: "sent",
            created_at: new Date(Date.parse("2026-11-01T10:00:00Z") + i * 60_000).toISOString(),
            next_attempt_at: NOW.toISOString(),
          })
          .execute();
      }
      await db()
        .insertInto("email_outbox")
        .values({
          id: crypto.randomUUID(),
          kind: "welcome",
          to_address: "someone.else@gmail.com",
          subject: "Not hers",
          text_body: null,
          html_body: null,
          next_attempt_at: NOW.toISOString(),
        })
        .execute();

      const detail = await memberDetail(db(), id, NOW);
      expect(detail).toMatchObject({
        id,
        name: "Aoife Byrne",
        email: "aoife.byrne@gmail.com",
        role: "member",
        tier: "premium",
        // Her payment stands.
        access: "paid",
        joinedAt: "2026-09-01T10:00:00.000Z",
        lastActiveAt: "2026-11-24T19:00:00.000Z",
        dueDate: "2026-12-10",
        // Her streak through yesterday (her day in Dublin) still stands.
        programme: { daysCompleted: 2, currentStreak: 4, startedOn: "2026-11-23" },
      });
      expect(detail!.purchases).toEqual([
        {
          id: refunded.id,
          provider: "paypal",
          amount: 2700,
          currency: "EUR",
          status: "refunded",
          providerId: "ORDER-1",
          createdAt: "2026-10-02T10:00:00.000Z",
          refundedAt: "2026-10-03T10:00:00.000Z",
          paidAt: "2026-10-02T10:00:05.000Z",
          guaranteeDaysLeft: null,
          refund: { kind: "refunded", at: "2026-10-03T10:00:00.000Z", reason: "Paid by mistake" },
        },
        {
          id: paid.id,
          provider: "stripe",
          amount: 2700,
          currency: "EUR",
          status: "succeeded",
          providerId: paid.provider_payment_id,
          createdAt: "2026-10-01T10:00:00.000Z",
          paidAt: "2026-11-10T10:00:00.000Z",
          guaranteeDaysLeft: 15,
          refund: { kind: "refundable" },
        },
      ]);
      expect(detail!.lastListens).toHaveLength(10);
      expect(detail!.lastListens[0]).toEqual({
        trackId: "retired-11",
        trackTitle: "Retired 11",
        at: "2026-11-01T21:00:00.000Z",
      });
      expect(detail!.lastListens.map((l) => l.trackId)).not.toContain("affirmations-2");
      expect(detail!.emailsSent).toHaveLength(20);
      expect(detail!.emailsSent[0]).toEqual({
        kind: "sign-in-code",
        what: "Sign-in code",
        createdAt: "2026-11-01T10:21:00.000Z",
        status: "sent",
      });
      expect(JSON.stringify(detail)).not.toContain("secret");
      // No code that signs her in, from any subject.
      expect(JSON.stringify(detail)).not.toMatch(/4761\d\d/);
      expect(JSON.stringify(detail)).not.toContain("Not hers");

      // The catalogue's title, not the one stored with the listen.
      await db().deleteFrom("audio_progress").where("audio_id", "like", "retired-%").execute();
      expect((await memberDetail(db(), id, NOW))!.lastListens).toEqual([
        { trackId: "affirmations-purpose", trackTitle: "Affirmations One", at: "2026-11-01T10:00:00.000Z" },
      ]);
    });

    it("shows a member who has done nothing yet, and no streak once it has lapsed", async () => {
      const id = await member({
        name: "Grace Kelly",
        email: "grace@example.com",
        joined: "2026-11-01T10:00:00.000Z",
      });
      expect(await memberDetail(db(), id, NOW)).toMatchObject({
        lastActiveAt: null,
        dueDate: null,
        purchases: [],
        programme: { daysCompleted: 0 },
        lastListens: [],
        emailsSent: [],
      });
      await db()
        .insertInto("user_progress")
        .values({
          user_id: id,
          daily_audio_completed: true,
          last_daily_audio_date: "2026-11-10",
          affirmation_streak: 3,
        })
        .execute();
      expect((await memberDetail(db(), id, NOW))!.programme).toEqual({ daysCompleted: 0, currentStreak: 0 });
    });

    it("finds no one for an unknown id", async () => {
      expect(await memberDetail(db(), crypto.randomUUID(), NOW)).toBeNull();
      expect(await memberDetail(db(), "' or '1'='1", NOW)).toBeNull();
    });
  });
});
