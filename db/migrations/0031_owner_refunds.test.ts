import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/db.server.ts";
import { migrateBackTo, testDialects, useTestDatabase } from "../../tests/support/test-databases.ts";

describe.each(testDialects)("migration 0031 (owner refunds) on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  beforeAll(async () => {
    await migrateBackTo(database, "0030_programme_settings");
  });

  it("keeps every purchase as it was, with no owner's refund started or explained", async () => {
    const db = database.db;
    const yes = dialect === "postgres" ? sql`true` : sql`1`;
    await sql`insert into "user" (id, name, email, "emailVerified") values ('u1', 'Sam', 'sam@example.com', ${yes})`.execute(
      db,
    );
    await sql`insert into purchases (id, user_id, provider, provider_payment_id, amount_minor, currency, status, succeeded_at, refunded_at) values
      ('paid', 'u1', 'stripe', 'pi_1', 2700, 'EUR', 'succeeded', '2026-11-20T10:00:00.000Z', null),
      ('refunded', null, 'paypal', 'ORDER1', 2700, 'EUR', 'refunded', '2026-11-02T10:00:00.000Z', '2026-11-09T10:00:00.000Z')`.execute(
      db,
    );

    await migrateToLatest(db);

    const rows = await db
      .selectFrom("purchases")
      .select(["id", "status", "refund_reason", "refund_started_at"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: "paid", status: "succeeded", refund_reason: null, refund_started_at: null },
      { id: "refunded", status: "refunded", refund_reason: null, refund_started_at: null },
    ]);
  });
});
