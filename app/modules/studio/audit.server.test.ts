import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import {
  auditEntries,
  COMMAND_ACTOR,
  recordAudit,
  recordAuditWithReason,
  type AuditAction,
} from "./audit.server.ts";

/** Details that carry what someone typed (an address, a name, a search, a reason): each refused. */
const FREE_TEXT: [action: AuditAction, detail: Record<string, unknown>][] = [
  ["member.premium-granted", { reason: "Gift for ana.rivers@example.com" }],
  ["members.exported", { count: 1, filters: "q=ana.rivers%40example.com" }],
  ["members.exported", { count: 1, filters: ["query"], query: "Ana Rivers" }],
  ["members.exported", { count: 1, filters: ["Ana Rivers"] }],
  ["owner.passkey-added", { passkey: "Ana's phone" }],
  ["owner.passkey-added", { passkey: "ana.rivers@example.com" }],
  [
    "purchase.refunded",
    { purchase: "p1", amountMinor: 2700, currency: "EUR", provider: "stripe", note: "x" },
  ],
  [
    "purchase.refunded",
    { purchase: "p1", amountMinor: 2700, currency: "euros, from Ana", provider: "stripe" },
  ],
  ["contact.replied", { thread: "Re: Ana Rivers" }],
  ["owner.created", { outcome: "promoted by Ana" }],
  ["member.role-changed", { from: "member", to: "Ana's role" }],
  ["studio.second-factor", { method: "totp", code: "123456" }],
  ["studio.time-zone-set", { timeZone: "Ana Rivers" }],
  ["studio.time-zone-set", { timeZone: "Europe/Dublin", note: "Ana's" }],
];

describe.each(testDialects)("the studio's audit log, on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  it("keeps who did what, to whom, when and from where, newest first, with the reason beside it", async () => {
    const owner = await aMember(db());
    const member = await aMember(db());
    await recordAudit(
      db(),
      {
        actorId: COMMAND_ACTOR,
        action: "owner.created",
        subjectId: owner.id,
        detail: { outcome: "promoted" },
      },
      new Date("2026-11-26T09:00:00Z"),
    );
    await recordAuditWithReason(
      db(),
      { actorId: owner.id, action: "member.premium-granted", subjectId: member.id, ip: "203.0.113.7" },
      "Course given as a gift",
      new Date("2026-11-26T10:00:00Z"),
    );
    const entries = await auditEntries(db());
    expect(entries.map((e) => e.action)).toEqual(["member.premium-granted", "owner.created"]);
    expect(entries[0]).toMatchObject({
      actorId: owner.id,
      subjectId: member.id,
      detail: {},
      reason: "Course given as a gift",
      ip: "203.0.113.7",
      at: new Date("2026-11-26T10:00:00Z"),
    });
    expect(entries[1]).toMatchObject({ detail: { outcome: "promoted" }, reason: null });
    expect((await auditEntries(db(), { subjectId: member.id })).map((e) => e.action)).toEqual([
      "member.premium-granted",
    ]);
  });

  it.each(FREE_TEXT)("refuses %s with %j, and writes nothing", async (action, detail) => {
    const before = await auditEntries(db(), { limit: 500 });
    await expect(recordAudit(db(), { actorId: COMMAND_ACTOR, action, detail } as never)).rejects.toThrow();
    expect(await auditEntries(db(), { limit: 500 })).toEqual(before);
  });

  it("takes ids, numbers and the studio's own words", async () => {
    await recordAudit(db(), {
      actorId: COMMAND_ACTOR,
      action: "members.exported",
      detail: { count: 3, filters: ["query", "tier"] },
    });
    await recordAudit(db(), {
      actorId: COMMAND_ACTOR,
      action: "purchase.refunded",
      detail: {
        purchase: crypto.randomUUID(),
        amountMinor: 2700,
        currency: "EUR",
        provider: "paypal",
        because: "guarantee",
      },
    });
    const typed = recordAudit(db(), {
      actorId: COMMAND_ACTOR,
      action: "member.premium-revoked",
      // @ts-expect-error: a reason is words, and the log's type has no place for it.
      detail: { reason: "Course given as a gift" },
    });
    await expect(typed).rejects.toThrow();
    // Written within the same millisecond, the two may come back in either order.
    const entries = await auditEntries(db(), { limit: 2 });
    const exported = entries.find((entry) => entry.action === "members.exported");
    const refund = entries.find((entry) => entry.action === "purchase.refunded");
    expect(exported?.detail).toEqual({ count: 3, filters: ["query", "tier"] });
    expect(refund?.detail).toMatchObject({ amountMinor: 2700, currency: "EUR", provider: "paypal" });
  });

  it("refuses to change or delete an entry, and keeps entries when the member's account goes, without her reason", async () => {
    const member = await aMember(db());
    await recordAuditWithReason(
      db(),
      { actorId: COMMAND_ACTOR, action: "member.premium-revoked", subjectId: member.id },
      `Paid back by transfer to ${member.email}`,
    );
    await recordAudit(db(), { actorId: COMMAND_ACTOR, action: "member.deleted", subjectId: member.id });
    // Written within the same millisecond, the two may come back in either order: compared by action.
    const byAction = <T extends { action: string }>(entries: T[]) =>
      entries.toSorted((a, b) => a.action.localeCompare(b.action));
    // Shown with her address and the reason while her account exists.
    const shown = byAction(await auditEntries(db(), { subjectId: member.id }));
    expect(shown.map((e) => [e.action, e.subjectEmail, e.reason])).toEqual([
      ["member.deleted", member.email, null],
      ["member.premium-revoked", member.email, `Paid back by transfer to ${member.email}`],
    ]);
    await expect(sql`update audit_log set action = 'nothing'`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db())).rejects.toThrow(/append-only/);
    await db().deleteFrom("user").where("id", "=", member.id).execute();
    const entries = byAction(await auditEntries(db(), { subjectId: member.id }));
    expect(entries.map((e) => [e.action, e.subjectEmail, e.reason])).toEqual([
      ["member.deleted", null, null],
      ["member.premium-revoked", null, null],
    ]);
    expect(JSON.stringify(await sql`select * from audit_log`.execute(db()))).not.toContain(member.email);
    expect(
      await db().selectFrom("studio_reasons").selectAll().where("member_id", "=", member.id).execute(),
    ).toEqual([]);
  });
});
