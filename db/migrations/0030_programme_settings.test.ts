import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/db.server.ts";
import { migrateBackTo, testDialects, useTestDatabase } from "../../tests/support/test-databases.ts";

describe.each(testDialects)("migration 0030 (programme settings) on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  beforeAll(async () => {
    await migrateBackTo(database, "0029_member_access");
  });

  it("copies every member's programme, streak setting, early plan and baby, and moves her data version from the new rows", async () => {
    const db = database.db;
    const yes = dialect === "postgres" ? sql`true` : sql`1`;
    for (const id of ["new", "due", "born"]) {
      await sql`insert into "user" (id, name, email, "emailVerified") values (${id}, ${id}, ${`${id}@example.com`}, ${yes})`.execute(
        db,
      );
    }
    await sql`insert into profiles (id) values ('new')`.execute(db);
    await sql`insert into profiles (id, due_date, program_start_date, is_induction, current_week, current_streak,
        hide_streaks, early_plan_from, time_zone)
      values ('due', '2027-03-14', '2027-02-28', ${yes}, 2, 5, ${yes}, '2027-01-10', 'Europe/London')`.execute(
      db,
    );
    await sql`insert into profiles (id, due_date, program_start_date, baby_born_on, baby_name, time_zone_chosen)
      values ('born', '2026-11-20', '2026-11-06', '2026-11-18', 'Ada', ${yes})`.execute(db);

    await migrateToLatest(db);

    const rows = await db.selectFrom("programme_settings").selectAll().orderBy("user_id").execute();
    expect(
      rows.map((row) => [
        row.user_id,
        row.due_date,
        row.program_start_date,
        Boolean(row.is_induction),
        row.current_week,
        row.current_streak,
        Boolean(row.hide_streaks),
        row.early_plan_from,
        row.baby_born_on,
        row.baby_name,
      ]),
    ).toEqual([
      ["born", "2026-11-20", "2026-11-06", false, 1, 0, false, null, "2026-11-18", "Ada"],
      ["due", "2027-03-14", "2027-02-28", true, 2, 5, true, "2027-01-10", null, null],
      ["new", null, null, false, 1, 0, false, null, null, null],
    ]);
    // What stays her profile's is untouched, and no more than that.
    const profiles = await db.selectFrom("profiles").selectAll().orderBy("id").execute();
    expect(profiles.map((row) => [row.id, row.time_zone, Boolean(row.time_zone_chosen)])).toEqual([
      ["born", "UTC", true],
      ["due", "Europe/London", false],
      ["new", "UTC", false],
    ]);
    expect(Object.keys(profiles[0]!).sort()).toEqual([
      "created_at",
      "id",
      "time_zone",
      "time_zone_chosen",
      "updated_at",
    ]);

    const version = async () =>
      (
        await db
          .selectFrom("member_versions")
          .select("version")
          .where("user_id", "=", "new")
          .executeTakeFirstOrThrow()
      ).version;
    const before = await version();
    await db
      .updateTable("programme_settings")
      .set({ due_date: "2027-05-01" })
      .where("user_id", "=", "new")
      .execute();
    expect(await version()).toBeGreaterThan(before);
  });
});
