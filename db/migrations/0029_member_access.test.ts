import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/db.server.ts";
import { migrateBackTo, testDialects, useTestDatabase } from "../../tests/support/test-databases.ts";

describe.each(testDialects)("migration 0029 (member access) on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  beforeAll(async () => {
    await migrateBackTo(database, "0028_reminder_settings");
  });

  it("copies every member's tier, course access and welcome, and moves her data version from the new rows", async () => {
    const db = database.db;
    const yes = dialect === "postgres" ? sql`true` : sql`1`;
    for (const id of ["free", "paid", "granted"]) {
      await sql`insert into "user" (id, name, email, "emailVerified") values (${id}, ${id}, ${`${id}@example.com`}, ${yes})`.execute(
        db,
      );
    }
    await sql`insert into profiles (id) values ('free')`.execute(db);
    await sql`insert into profiles (id, subscription_tier, course_welcomed_at, time_zone)
      values ('paid', 'premium', '2026-11-20T10:00:00.000Z', 'Europe/Dublin')`.execute(db);
    await sql`insert into profiles (id, course_access) values ('granted', ${yes})`.execute(db);

    await migrateToLatest(db);

    const rows = await db
      .selectFrom("member_access")
      .select(["user_id", "subscription_tier", "course_access", "course_welcomed_at"])
      .orderBy("user_id")
      .execute();
    expect(
      rows.map((row) => [
        row.user_id,
        row.subscription_tier,
        Boolean(row.course_access),
        row.course_welcomed_at === null ? null : new Date(row.course_welcomed_at).toISOString(),
      ]),
    ).toEqual([
      ["free", "free", false, null],
      ["granted", "free", true, null],
      ["paid", "premium", false, "2026-11-20T10:00:00.000Z"],
    ]);
    // What stays her profile's is untouched.
    const zones = await db.selectFrom("profiles").select(["id", "time_zone"]).orderBy("id").execute();
    expect(zones.map((row) => [row.id, row.time_zone])).toEqual([
      ["free", "UTC"],
      ["granted", "UTC"],
      ["paid", "Europe/Dublin"],
    ]);

    const version = async () =>
      (
        await db
          .selectFrom("member_versions")
          .select("version")
          .where("user_id", "=", "free")
          .executeTakeFirstOrThrow()
      ).version;
    const before = await version();
    await db
      .updateTable("member_access")
      .set({ subscription_tier: "premium" })
      .where("user_id", "=", "free")
      .execute();
    expect(await version()).toBeGreaterThan(before);
  });
});
