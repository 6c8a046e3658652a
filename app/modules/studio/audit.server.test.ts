import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { auditEntries, COMMAND_ACTOR, recordAudit } from "./audit.server.ts";

describe.each(testDialects)("the studio's audit log, on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  it("keeps who did what, to whom, when and from where, newest first", async () => {
    const owner = await aMember(db());
    const member = await aMember(db());
    await recordAudit(
      db(),
      { actorId: COMMAND_ACTOR, action: "owner.created", subjectId: owner.id },
      new Date("2026-11-26T09:00:00Z"),
    );
    await recordAudit(
      db(),
      {
        actorId: owner.id,
        action: "member.premium-granted",
        subjectId: member.id,
        detail: { reason: "Course given as a gift" },
        ip: "203.0.113.7",
      },
      new Date("2026-11-26T10:00:00Z"),
    );
    const entries = await auditEntries(db());
    expect(entries.map((e) => e.action)).toEqual(["member.premium-granted", "owner.created"]);
    expect(entries[0]).toMatchObject({
      actorId: owner.id,
      subjectId: member.id,
      detail: { reason: "Course given as a gift" },
      ip: "203.0.113.7",
      at: new Date("2026-11-26T10:00:00Z"),
    });
    expect((await auditEntries(db(), { subjectId: member.id })).map((e) => e.action)).toEqual([
      "member.premium-granted",
    ]);
  });

  it("refuses to change or delete an entry, and keeps entries when the member's account goes", async () => {
    const member = await aMember(db());
    await recordAudit(db(), { actorId: COMMAND_ACTOR, action: "member.deleted", subjectId: member.id });
    // Shown with her address while her account exists.
    expect((await auditEntries(db(), { subjectId: member.id }))[0]?.subjectEmail).toBe(member.email);
    await expect(sql`update audit_log set action = 'nothing'`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db())).rejects.toThrow(/append-only/);
    await db().deleteFrom("user").where("id", "=", member.id).execute();
    const [entry] = await auditEntries(db(), { subjectId: member.id });
    expect(entry?.action).toBe("member.deleted");
    expect(entry?.subjectEmail).toBeNull();
    expect(JSON.stringify(entry)).not.toContain(member.email);
  });
});
