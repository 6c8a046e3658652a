import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/db.server.ts";
import { migrateBackTo, testDialects, useTestDatabase } from "../../tests/support/test-databases.ts";

describe.each(testDialects)("migration 0025 (contact senders) on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  beforeAll(async () => {
    await migrateBackTo(database, "0024_passkeys");
  });

  it("keeps every thread and reply, none of them confirmed, and lets an address have a confirmed thread too", async () => {
    const db = database.db;
    await sql`insert into contact_messages (id, name, email, message, created_at)
      values ('m1', 'Amara', 'amara@example.com', 'Hello', '2026-03-01T09:00:00.000Z')`.execute(db);
    await sql`insert into contact_threads (id, address, last_activity_at, read_at, archived_at)
      values ('t1', 'amara@example.com', '2026-03-02T09:00:00.000Z', '2026-03-02T09:00:00.000Z', null)`.execute(
      db,
    );
    await sql`insert into contact_replies (id, address, owner_id, body, outbox_id, created_at)
      values ('r1', 'amara@example.com', null, 'Hello back', null, '2026-03-02T09:00:00.000Z')`.execute(db);

    await migrateToLatest(db);

    expect(await db.selectFrom("contact_messages").select(["id", "sender_id"]).execute()).toEqual([
      { id: "m1", sender_id: null },
    ]);
    const [thread] = await db.selectFrom("contact_threads").selectAll().execute();
    expect({ ...thread, confirmed: Boolean(thread!.confirmed) }).toMatchObject({
      id: "t1",
      address: "amara@example.com",
      confirmed: false,
      archived_at: null,
    });
    expect(new Date(thread!.last_activity_at).toISOString()).toBe("2026-03-02T09:00:00.000Z");
    expect(await db.selectFrom("contact_replies").select(["id", "thread_id"]).execute()).toEqual([
      { id: "r1", thread_id: "t1" },
    ]);

    const thread2 = (confirmed: boolean, id: string) =>
      db
        .insertInto("contact_threads")
        .values({ id, address: "amara@example.com", confirmed, last_activity_at: new Date().toISOString() })
        .execute();
    await thread2(true, "t2");
    await expect(thread2(false, "t3")).rejects.toThrow();
    await expect(thread2(true, "t4")).rejects.toThrow();
  });
});
