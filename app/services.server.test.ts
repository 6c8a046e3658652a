import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../tests/support/test-databases.ts";
import { tidyUp } from "./services.server.ts";

describe.each(testDialects)("housekeeping on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("forgets limit windows that ended a day ago and codes that have expired, and keeps the rest", async () => {
    const now = new Date("2026-11-25T12:00:00Z");
    const hoursAgo = (hours: number) => now.getTime() - hours * 3_600_000;
    await database.db
      .insertInto("rate_limits")
      .values([
        { key: "old", count: 3, window_start: hoursAgo(25) },
        { key: "recent", count: 3, window_start: hoursAgo(2) },
      ])
      .execute();
    await database.db
      .insertInto("user")
      .values({
        id: "u1",
        name: "A",
        email: "a@example.com",
        emailVerified: true,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      })
      .execute();
    await database.db
      .insertInto("confirmation_codes")
      .values({
        user_id: "u1",
        purpose: "delete-account",
        code_hash: "x",
        expires_at: new Date(hoursAgo(1)).toISOString(),
      })
      .execute();
    await tidyUp(database.db, now);
    const keys = await database.db.selectFrom("rate_limits").select("key").execute();
    expect(keys.map((k) => k.key)).toEqual(["recent"]);
    expect(await database.db.selectFrom("confirmation_codes").selectAll().execute()).toEqual([]);
  });
});
