import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/db.server.ts";
import { migrateBackTo, testDialects, useTestDatabase } from "../../tests/support/test-databases.ts";

describe.each(testDialects)("migration 0023 (contact inbox) on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  beforeAll(async () => {
    await migrateBackTo(database, "0022_studio_member_search");
  });

  it("makes one read thread for each address that has written, at its latest message", async () => {
    const db = database.db;
    for (const [id, email, at] of [
      ["m1", "amara@example.com", "2026-03-01T09:00:00.000Z"],
      ["m2", "sam@example.com", "2026-03-02T09:00:00.000Z"],
      ["m3", "amara@example.com", "2026-03-03T09:00:00.000Z"],
    ]) {
      await sql`insert into contact_messages (id, name, email, message, created_at)
        values (${id}, 'Someone', ${email}, 'Hello', ${at})`.execute(db);
    }

    await migrateToLatest(db);

    const threads = await db.selectFrom("contact_threads").selectAll().orderBy("address").execute();
    expect(
      threads.map((t) => [
        t.address,
        new Date(t.last_activity_at).toISOString(),
        t.read_at !== null,
        t.archived_at,
      ]),
    ).toEqual([
      ["amara@example.com", "2026-03-03T09:00:00.000Z", true, null],
      ["sam@example.com", "2026-03-02T09:00:00.000Z", true, null],
    ]);
    expect(threads[0]!.id).not.toBe(threads[1]!.id);
    expect(threads[0]!.id).not.toContain("amara");
  });
});
