import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/db.server.ts";
import { migrateBackTo, testDialects, useTestDatabase } from "../../tests/support/test-databases.ts";

describe.each(testDialects)("migration 0028 (reminder settings) on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  beforeAll(async () => {
    await migrateBackTo(database, "0027_audit_without_free_text");
  });

  it("copies every member's reminder setting and calendar feed id, and moves her data version from the new rows", async () => {
    const db = database.db;
    const yes = dialect === "postgres" ? sql`true` : sql`1`;
    const no = dialect === "postgres" ? sql`false` : sql`0`;
    for (const id of ["quiet", "email", "both"]) {
      await sql`insert into "user" (id, name, email, "emailVerified") values (${id}, ${id}, ${`${id}@example.com`}, ${yes})`.execute(
        db,
      );
    }
    await sql`insert into profiles (id) values ('quiet')`.execute(db);
    await sql`insert into profiles (id, reminder_time, remind_by_email, remind_by_push, calendar_feed_id, time_zone_chosen)
      values ('email', '07:30', ${yes}, ${no}, null, ${yes}),
             ('both', '20:00', ${yes}, ${yes}, 'feed-of-both', ${no})`.execute(db);

    await migrateToLatest(db);

    const rows = await db
      .selectFrom("reminder_settings")
      .select(["user_id", "reminder_time", "remind_by_email", "remind_by_push", "calendar_feed_id"])
      .orderBy("user_id")
      .execute();
    expect(
      rows.map((row) => [
        row.user_id,
        row.reminder_time,
        Boolean(row.remind_by_email),
        Boolean(row.remind_by_push),
        row.calendar_feed_id,
      ]),
    ).toEqual([
      ["both", "20:00", true, true, "feed-of-both"],
      ["email", "07:30", true, false, null],
      ["quiet", null, false, false, null],
    ]);
    // What stays her profile's is untouched.
    const chosen = await db.selectFrom("profiles").select(["id", "time_zone_chosen"]).orderBy("id").execute();
    expect(chosen.map((row) => [row.id, Boolean(row.time_zone_chosen)])).toEqual([
      ["both", false],
      ["email", true],
      ["quiet", false],
    ]);

    const version = async () =>
      (
        await db
          .selectFrom("member_versions")
          .select("version")
          .where("user_id", "=", "email")
          .executeTakeFirstOrThrow()
      ).version;
    const before = await version();
    await db
      .updateTable("reminder_settings")
      .set({ remind_by_email: false })
      .where("user_id", "=", "email")
      .execute();
    expect(await version()).toBeGreaterThan(before);
  });
});
