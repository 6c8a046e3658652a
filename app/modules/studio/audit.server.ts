import crypto from "node:crypto";
import type { Db } from "~/platform/db.server.ts";

/**
 * The studio's audit log: every studio action, who did it, when and from
 * where. Append-only in the database itself (migration 0021), and it names
 * accounts by id only, so it outlives a deleted member without keeping her
 * address.
 */
export type AuditAction =
  | "owner.created"
  | "owner.two-factor-enrolled"
  | "owner.two-factor-reset"
  | "owner.passkey-added"
  | "owner.passkey-removed"
  | "studio.second-factor"
  | "studio.second-factor-failed"
  | "member.premium-granted"
  | "member.premium-revoked"
  | "member.sign-in-link-sent"
  | "member.deleted"
  | "member.role-changed"
  | "members.exported"
  | "purchase.refunded"
  | "contact.replied"
  | "contact.archived"
  | "contact.unarchived"
  | "contact.marked-unread";

/** The command line, when an action was not taken by a signed-in owner. */
export const COMMAND_ACTOR = "command";

export interface AuditEntry {
  id: string;
  at: Date;
  actorId: string;
  action: AuditAction;
  subjectId: string | null;
  detail: Record<string, string | number | boolean>;
  ip: string | null;
}

/** An entry as the studio shows it: with the accounts' addresses while the accounts exist. */
export interface ShownAuditEntry extends AuditEntry {
  actorEmail: string | null;
  subjectEmail: string | null;
}

export async function recordAudit(
  db: Db,
  entry: {
    actorId: string;
    action: AuditAction;
    subjectId?: string | null;
    detail?: AuditEntry["detail"];
    ip?: string | null;
  },
  now = new Date(),
): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: crypto.randomUUID(),
      at: now.toISOString(),
      actor_id: entry.actorId,
      action: entry.action,
      subject_id: entry.subjectId ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
      ip: entry.ip ?? null,
    })
    .execute();
}

/** The newest entries first, optionally about one account. */
export async function auditEntries(
  db: Db,
  { limit = 50, subjectId }: { limit?: number; subjectId?: string } = {},
): Promise<ShownAuditEntry[]> {
  let query = db
    .selectFrom("audit_log")
    // The log keeps ids only; the addresses are read from the accounts that still exist.
    .leftJoin("user as actor", "actor.id", "audit_log.actor_id")
    .leftJoin("user as subject", "subject.id", "audit_log.subject_id")
    .selectAll("audit_log")
    .select(["actor.email as actor_email", "subject.email as subject_email"])
    .orderBy("audit_log.at", "desc")
    .orderBy("audit_log.id", "desc")
    .limit(Math.min(Math.max(limit, 1), 500));
  if (subjectId) query = query.where("audit_log.subject_id", "=", subjectId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    at: new Date(row.at),
    actorId: row.actor_id,
    action: row.action as AuditAction,
    subjectId: row.subject_id,
    detail: JSON.parse(row.detail) as AuditEntry["detail"],
    ip: row.ip,
    actorEmail: row.actor_email,
    subjectEmail: row.subject_email,
  }));
}
