import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/db.server.ts";
import { migrateBackTo, testDialects, useTestDatabase } from "../../tests/support/test-databases.ts";

describe.each(testDialects)("migration 0010 (course welcome) on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  beforeAll(async () => {
    await migrateBackTo(database, "0009_normalised_emails");
  });

  it("counts members who had the course already as welcomed, and leaves the others to see the card", async () => {
    const db = database.db;
    const yes = dialect === "postgres" ? sql`true` : sql`1`;
    for (const id of ["paid", "free", "granted"]) {
      await sql`insert into "user" (id, name, email, "emailVerified") values (${id}, ${id}, ${`${id}@example.com`}, ${yes})`.execute(
        db,
      );
    }
    await sql`insert into profiles (id, subscription_tier) values ('paid', 'premium'), ('free', 'free')`.execute(
      db,
    );
    await sql`insert into profiles (id, course_access) values ('granted', ${yes})`.execute(db);

    await migrateToLatest(db);

    // The welcome has since moved to payments' member_access (migration 0029).
    const rows = await db
      .selectFrom("member_access")
      .select(["user_id", "course_welcomed_at"])
      .orderBy("user_id")
      .execute();
    expect(rows.map((row) => [row.user_id, row.course_welcomed_at !== null])).toEqual([
      ["free", false],
      ["granted", true],
      ["paid", true],
    ]);
  });
});
