import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/db.server.ts";
import { aMember } from "../../tests/factories/index.ts";
import { migrateBackTo, testDialects, useTestDatabase } from "../../tests/support/test-databases.ts";

describe.each(testDialects)("migration 0027 (an audit log without free text) on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  beforeAll(async () => {
    await migrateBackTo(database, "0026_totp_last_step");
  });

  it("moves reasons out of the log, to the member they are about, and keeps of the rest what the log may hold", async () => {
    const db = database.db;
    const member = await aMember(db, { email: "ana.rivers@example.com" });
    const entries: [id: string, action: string, subject: string | null, detail: unknown][] = [
      ["e1", "member.premium-granted", member.id, { reason: "Gift for ana.rivers@example.com" }],
      // About an account deleted since: her reason has no one to stay with.
      ["e2", "member.premium-revoked", "deleted-member", { reason: "Refund to Bea Gone" }],
      ["e3", "members.exported", null, { count: 1, filters: "q=ana.rivers%40example.com&tier=free" }],
      ["e4", "members.exported", null, { count: 40, filters: "" }],
      ["e5", "owner.passkey-added", "owner-1", { name: "Ana's phone" }],
      ["e6", "purchase.refunded", member.id, { purchase: "p1", amount: "27.00 EUR", provider: "stripe" }],
      ["e7", "member.role-changed", member.id, { from: "member", to: "owner" }],
    ];
    for (const [id, action, subject, detail] of entries) {
      await sql`insert into audit_log (id, actor_id, action, subject_id, detail)
        values (${id}, 'owner-1', ${action}, ${subject}, ${JSON.stringify(detail)})`.execute(db);
    }

    await migrateToLatest(db);

    const rows = await db.selectFrom("audit_log").select(["id", "detail"]).orderBy("id").execute();
    expect(rows.map((row) => [row.id, JSON.parse(row.detail)])).toEqual([
      ["e1", {}],
      ["e2", {}],
      ["e3", { count: 1, filters: ["query", "tier"] }],
      ["e4", { count: 40, filters: [] }],
      ["e5", {}],
      ["e6", { purchase: "p1", amountMinor: 2700, currency: "EUR", provider: "stripe" }],
      ["e7", { from: "member", to: "owner" }],
    ]);
    expect(
      await db.selectFrom("studio_reasons").select(["audit_id", "member_id", "reason"]).execute(),
    ).toEqual([{ audit_id: "e1", member_id: member.id, reason: "Gift for ana.rivers@example.com" }]);
    // The log is append-only again.
    await expect(sql`update audit_log set detail = '{}'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
  });
});
