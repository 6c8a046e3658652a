import crypto from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/db.server.ts";
import { aListen, aMember, aPurchase, aSession } from "../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../tests/support/test-databases.ts";

const now = () => new Date().toISOString();

describe.each(testDialects)("schema on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  const createUser = async (email?: string) => (await aMember(db(), { email })).id;

  const insertFirstDay = (userId: string) =>
    db()
      .insertInto("program_schedule")
      .values({
        id: crypto.randomUUID(),
        user_id: userId,
        week_number: 1,
        day_of_week: 1,
        activity: "Pregnancy Relaxation and Wellbeing",
        scheduled_date: "2026-12-01",
        completed: false,
      })
      .execute();

  const insertSession = (userId: string) => aSession(db(), userId);

  it("answers a readiness ping", async () => {
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it("applies nothing when migrated a second time", async () => {
    await expect(migrateToLatest(db())).resolves.toEqual([]);
  });

  it("starts a new member on the free tier, without course access, in week 1", async () => {
    const id = await createUser();
    const profile = await db()
      .selectFrom("profiles")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    // Her access row, once made, starts free too.
    await db().insertInto("member_access").values({ user_id: id }).execute();
    const access = await db()
      .selectFrom("member_access")
      .selectAll()
      .where("user_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(access.subscription_tier).toBe("free");
    expect(Boolean(access.course_access)).toBe(false);
    expect(profile.time_zone).toBe("UTC");
    // Her programme's row, once made, starts in week 1 with no dates.
    await db().insertInto("programme_settings").values({ user_id: id }).execute();
    const programme = await db()
      .selectFrom("programme_settings")
      .selectAll()
      .where("user_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(Boolean(programme.is_induction)).toBe(false);
    expect(programme.current_week).toBe(1);
    expect(programme.current_streak).toBe(0);
    expect(programme.due_date).toBeNull();
    expect(Boolean(programme.hide_streaks)).toBe(false);
    expect(programme.baby_born_on).toBeNull();
    expect(programme.baby_name).toBeNull();
  });

  it("keeps calendar dates exactly as written, leap day included", async () => {
    const id = await createUser();
    await db().insertInto("programme_settings").values({ user_id: id, due_date: "2028-02-29" }).execute();
    const row = await db()
      .selectFrom("programme_settings")
      .select("due_date")
      .where("user_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.due_date).toBe("2028-02-29");
  });

  it("keeps one contraction per start for each member, never ending before it began", async () => {
    const userId = await createUser();
    const startedAt = Date.UTC(2026, 10, 14, 20);
    const timed = (ended_at: number | null) =>
      db()
        .insertInto("labour_contractions")
        .values({ user_id: userId, started_at: startedAt, ended_at })
        .execute();
    await timed(startedAt + 60_000);
    await expect(timed(null)).rejects.toThrow();
    await expect(
      db()
        .updateTable("labour_contractions")
        .set({ ended_at: startedAt - 1 })
        .where("user_id", "=", userId)
        .execute(),
    ).rejects.toThrow();
  });

  it("refuses a tier or a programme week that does not exist", async () => {
    const id = await createUser();
    await expect(
      db()
        .insertInto("member_access")
        .values({ user_id: id, subscription_tier: "gold" as never })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db().insertInto("programme_settings").values({ user_id: id, current_week: 3 }).execute(),
    ).rejects.toThrow();
  });

  it("records one audio progress row per track and programme day, and upserts onto it", async () => {
    const userId = await createUser();
    const upsert = (completed: boolean) =>
      db()
        .insertInto("audio_progress")
        .values({
          id: crypto.randomUUID(),
          user_id: userId,
          audio_id: "prepare-for-birth",
          audio_title: "Prepare for Birth",
          completed,
          listened_offline: completed,
          scheduled_week: 1,
          scheduled_day: 2,
        })
        .onConflict((oc) =>
          oc.columns(["user_id", "audio_id", "scheduled_week", "scheduled_day"]).doUpdateSet((eb) => ({
            completed: eb.ref("excluded.completed"),
            play_count: sql`audio_progress.play_count + 1`,
          })),
        )
        .execute();
    await upsert(false);
    await upsert(true);
    const rows = await db().selectFrom("audio_progress").selectAll().where("user_id", "=", userId).execute();
    expect(rows).toHaveLength(1);
    expect(Boolean(rows[0]?.completed)).toBe(true);
    expect(rows[0]?.play_count).toBe(1);
  });

  it("cannot hold the same programme day twice for a member", async () => {
    const userId = await createUser();
    const day = () => insertFirstDay(userId);
    await day();
    await expect(day()).rejects.toThrow();
    const count = await db()
      .selectFrom("program_schedule")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("records a provider payment once", async () => {
    const userId = await createUser();
    const purchase = () => aPurchase(db(), userId, { provider_payment_id: "pi_123" });
    await purchase();
    await expect(purchase()).rejects.toThrow();
  });

  it("removes a member's data everywhere when the account is deleted, keeping only the anonymous payment record", async () => {
    const userId = await createUser();
    await insertSession(userId);
    await db().insertInto("user_progress").values({ user_id: userId, daily_audio_completed: true }).execute();
    await db().insertInto("share_tokens").values({ token: crypto.randomUUID(), user_id: userId }).execute();
    await db()
      .insertInto("labour_contractions")
      .values({ user_id: userId, started_at: Date.UTC(2026, 10, 14, 20), ended_at: null })
      .execute();
    await aPurchase(db(), userId, {
      id: "purchase-kept",
      provider: "paypal",
      provider_payment_id: "CAPTURE-1",
    });

    await db().deleteFrom("user").where("id", "=", userId).execute();

    for (const [table, column] of [
      ["profiles", "id"],
      ["session", "userId"],
      ["user_progress", "user_id"],
      ["share_tokens", "user_id"],
      ["labour_contractions", "user_id"],
      ["member_versions", "user_id"],
    ] as const) {
      const rows = await db().selectFrom(table).selectAll().where(column, "=", userId).execute();
      expect(rows, table).toHaveLength(0);
    }
    const purchase = await db()
      .selectFrom("purchases")
      .selectAll()
      .where("id", "=", "purchase-kept")
      .executeTakeFirstOrThrow();
    expect(purchase.user_id).toBeNull();
    expect(purchase.amount_minor).toBe(2700);
  });

  describe("member versions", () => {
    /** Tables with a member's rows that none of her pages shows, and why. */
    const NOT_ON_MEMBER_PAGES: Record<string, string> = {
      member_versions: "the versions themselves",
      session: "sign-ins: a page shows nothing of them, and a new one changes nothing on it",
      confirmation_codes: "codes in flight, checked on submit and never shown",
      jobs: "work waiting to be done, such as her next reminder: never shown",
      push_subscriptions: "her browsers' push addresses: each browser reads its own, never from a page",
      twoFactor: "an owner's authenticator: the studio reads it, never a member's page",
      offer_holds: "a use of a code held while she pays: never shown",
      studio_checks: "an owner's second factor for the studio, never shown on a member's page",
      passkey: "an owner's passkeys: the studio reads them, never a member's page",
      studio_settings: "an owner's studio settings (her time zone there): never shown on a member's page",
    };

    /** Every table holding a member's rows, read from the live schema: her id as `id`, `user_id` or `userId`. */
    async function memberTables(): Promise<string[]> {
      const { rows } =
        dialect === "sqlite"
          ? await sql<{ name: string }>`
              select distinct m.name from sqlite_master m join pragma_table_info(m.name) c
              where m.type = 'table' and c.name in ('user_id', 'userId')`.execute(db())
          : await sql<{ name: string }>`
              select distinct table_name as name from information_schema.columns
              where table_schema = current_schema() and column_name in ('user_id', 'userId')`.execute(db());
      return ["user", "profiles", ...rows.map((row) => row.name)].sort();
    }

    async function tablesWithVersionTriggers(): Promise<string[]> {
      const { rows } =
        dialect === "sqlite"
          ? await sql<{ name: string }>`
              select distinct tbl_name as name from sqlite_master
              where type = 'trigger' and name like '%member_version'`.execute(db())
          : await sql<{ name: string }>`
              select distinct c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
              where t.tgname like '%member_version' and not t.tgisinternal`.execute(db());
      return rows.map((row) => row.name).sort();
    }

    it("is moved by every table with a member's rows that her pages show, as the schema stands", async () => {
      const tables = await memberTables();
      const watched = await tablesWithVersionTriggers();
      const unwatched = tables.filter((table) => !watched.includes(table));
      expect(unwatched).toEqual(Object.keys(NOT_ON_MEMBER_PAGES).sort());
    });

    const versionOf = async (userId: string) =>
      (
        await db()
          .selectFrom("member_versions")
          .select("version")
          .where("user_id", "=", userId)
          .executeTakeFirst()
      )?.version;

    it("gives every member a version, moved on by each change to what their pages show, and by nothing else", async () => {
      const userId = await createUser();
      const otherId = await createUser();
      let version = await versionOf(userId);
      expect(version).toBe(0);
      const moves = async (change: () => Promise<unknown>, what: string) => {
        await change();
        const next = await versionOf(userId);
        expect(next, what).toBeGreaterThan(version!);
        version = next;
      };
      await moves(
        () => db().updateTable("user").set({ name: "Sam R" }).where("id", "=", userId).execute(),
        "name",
      );
      await moves(
        () =>
          db().updateTable("profiles").set({ time_zone: "Europe/Dublin" }).where("id", "=", userId).execute(),
        "profile",
      );
      const listenId = crypto.randomUUID();
      const listen = { id: listenId, audio_id: "prepare-for-birth", audio_title: "Prepare for Birth" };
      await moves(() => aListen(db(), userId, listen), "listen");
      await moves(
        () =>
          db()
            .updateTable("audio_progress")
            .set({ position_seconds: 12 })
            .where("id", "=", listenId)
            .execute(),
        "position",
      );
      await moves(
        () => db().deleteFrom("audio_progress").where("id", "=", listenId).execute(),
        "removed listen",
      );
      await moves(() => insertFirstDay(userId), "programme day");
      await moves(() => db().insertInto("user_progress").values({ user_id: userId }).execute(), "progress");
      await moves(
        () =>
          db().insertInto("share_tokens").values({ token: crypto.randomUUID(), user_id: userId }).execute(),
        "partner link",
      );
      await moves(
        () => db().deleteFrom("share_tokens").where("user_id", "=", userId).execute(),
        "link revoked",
      );
      await moves(() => aPurchase(db(), userId), "purchase");
      const account = {
        id: crypto.randomUUID(),
        userId,
        accountId: userId,
        providerId: "credential",
        createdAt: now(),
        updatedAt: now(),
      };
      await moves(() => db().insertInto("account").values(account).execute(), "sign-in method");
      await moves(
        () => db().updateTable("account").set({ password: "hash" }).where("id", "=", account.id).execute(),
        "password set",
      );
      const startedAt = Date.UTC(2026, 10, 14, 20);
      const contractions = () => db().updateTable("labour_contractions").where("user_id", "=", userId);
      await moves(
        () =>
          db()
            .insertInto("labour_contractions")
            .values({ user_id: userId, started_at: startedAt, ended_at: null })
            .execute(),
        "contraction timed",
      );
      await moves(
        () =>
          contractions()
            .set({ ended_at: startedAt + 60_000 })
            .execute(),
        "contraction ended",
      );
      await moves(
        () => db().deleteFrom("labour_contractions").where("user_id", "=", userId).execute(),
        "history cleared",
      );

      // Another member's changes, and a new session, leave this member's pages as they were.
      await db().updateTable("profiles").set({ time_zone: "Asia/Tokyo" }).where("id", "=", otherId).execute();
      await insertSession(userId);
      expect(await versionOf(userId)).toBe(version);
    });

    it("moves once a transaction commits, and not when it rolls back", async () => {
      const userId = await createUser();
      const before = await versionOf(userId);
      await db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto("programme_settings")
            .values({ user_id: userId, due_date: "2027-01-10" })
            .execute();
          await trx.insertInto("user_progress").values({ user_id: userId }).execute();
        });
      const committed = await versionOf(userId);
      expect(committed).toBeGreaterThan(before!);
      await expect(
        db()
          .transaction()
          .execute(async (trx) => {
            await trx
              .updateTable("programme_settings")
              .set({ due_date: "2027-02-10" })
              .where("user_id", "=", userId)
              .execute();
            throw new Error("changed my mind");
          }),
      ).rejects.toThrow("changed my mind");
      expect(await versionOf(userId)).toBe(committed);
    });
  });
});
