import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/db.server.ts";
import { migrateBackTo, testDialects, useTestDatabase } from "../../tests/support/test-databases.ts";

describe.each(testDialects)("migration 0007 (one paid purchase) on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  beforeAll(async () => {
    // Back to the schema before this migration, to write rows the way the app used to.
    await migrateBackTo(database, "0006_member_versions");
  });

  it("keeps the earliest of a member's two payments, marks the other to be refunded, and allows no second", async () => {
    const bool = dialect === "postgres" ? sql`true` : sql`1`;
    await sql`insert into "user" (id, name, email, "emailVerified") values ('u1', 'Sam', 'sam@example.com', ${bool})`.execute(
      db(),
    );
    await sql`insert into profiles (id) values ('u1')`.execute(db());
    await sql`insert into purchases (id, user_id, provider, provider_payment_id, amount_minor, currency, status, succeeded_at) values
      ('p-card', 'u1', 'stripe', 'pi_1', 2700, 'EUR', 'succeeded', '2026-11-20T10:00:00.000Z'),
      ('p-paypal', 'u1', 'paypal', 'ORDER1', 2700, 'EUR', 'succeeded', '2026-11-20T10:00:05.000Z'),
      ('p-open', 'u1', 'stripe', 'pi_2', 2700, 'EUR', 'pending', null)`.execute(db());

    await migrateToLatest(db());

    const rows = await db().selectFrom("purchases").select(["id", "status"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "p-card", status: "succeeded" },
      { id: "p-open", status: "pending" },
      { id: "p-paypal", status: "duplicate" },
    ]);
    await expect(
      db().updateTable("purchases").set({ status: "succeeded" }).where("id", "=", "p-open").execute(),
    ).rejects.toThrow(/unique/i);
    await expect(
      db()
        .updateTable("purchases")
        .set({ status: "lost" as never })
        .where("id", "=", "p-open")
        .execute(),
    ).rejects.toThrow(/check/i);

    // The member's pages still follow her purchases (the triggers of migration 0006 survive).
    const version = async () =>
      (
        await db()
          .selectFrom("member_versions")
          .select("version")
          .where("user_id", "=", "u1")
          .executeTakeFirstOrThrow()
      ).version;
    const before = await version();
    await db().updateTable("purchases").set({ status: "refunded" }).where("id", "=", "p-paypal").execute();
    expect(await version()).toBeGreaterThan(before);
  });
});
