import crypto from "node:crypto";
import { z } from "zod";
import { REFUND_REASONS } from "#app/modules/payments/owner-refunds.ts";
import { isValidTimeZone } from "#app/modules/calendar/dates.ts";
import { PIECE_KINDS, pieceKey, type PieceKind } from "#app/modules/catalogue/pieces.ts";
import { pieceStandings } from "#app/modules/catalogue/revisions.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import { MEMBER_ROLE, OWNER_ROLE } from "./gate.ts";
import { MEMBER_FILTER_PARAMS, type MemberFilters } from "./member-filters.ts";

/**
 * The studio's audit log: every studio action, who did it, when and from
 * where. Append-only in the database itself (migration 0021), and it names
 * accounts by id only, so it outlives a deleted member without keeping her
 * address.
 *
 * So an entry holds no text anyone typed either: each action's detail is
 * declared here as ids, numbers and the studio's own words, and every write
 * is checked against it (an unknown key, a sentence or an address is refused).
 * A reason an owner gives goes to `studio_reasons`, beside its entry, and is
 * deleted with the member it is about.
 */

/** An id one of our tables made (a UUID, Better Auth's): never an address, a name or words. */
const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const nothing = z.strictObject({});
const method = z.strictObject({ method: z.enum(["totp", "backup-code", "passkey"]) });
const thread = z.strictObject({ thread: id });
/** A version of a session's recording, with its length read from it (whole seconds). */
const recording = z.strictObject({
  session: id,
  version: z.int().positive(),
  seconds: z.int().nonnegative(),
});
/** A version of a guide, with its pages read from it. */
const guide = z.strictObject({ guide: id, version: z.int().positive(), pages: z.int().nonnegative() });
/** A piece of the site's words and the revision written; the one it was brought back from, if it was. */
const words = z.strictObject({
  kind: z.enum(PIECE_KINDS),
  piece: id,
  revision: z.int().positive(),
  restored: z.int().positive().optional(),
});
const MEMBER_FILTERS = Object.keys(MEMBER_FILTER_PARAMS) as [keyof MemberFilters, ...(keyof MemberFilters)[]];

/** What each action's entry may say besides who, about whom, when and from where. */
const AUDIT_DETAILS = {
  "owner.created": z.strictObject({ outcome: z.enum(["created", "promoted"]) }),
  "owner.two-factor-enrolled": nothing,
  "owner.two-factor-reset": nothing,
  "owner.passkey-added": z.strictObject({ passkey: id }),
  "owner.passkey-removed": nothing,
  "owner.backup-codes-remade": nothing,
  "owner.authenticator-replaced": nothing,
  "studio.second-factor": method,
  "studio.second-factor-failed": method,
  // A zone's IANA name, one the runtime knows: never words anyone typed.
  "studio.time-zone-set": z.strictObject({ timeZone: z.string().max(64).refine(isValidTimeZone) }),
  "member.premium-granted": nothing,
  "member.premium-revoked": nothing,
  "member.sign-in-link-sent": nothing,
  "member.deleted": nothing,
  "member.role-changed": z.strictObject({
    from: z.enum([OWNER_ROLE, MEMBER_ROLE]),
    to: z.enum([OWNER_ROLE, MEMBER_ROLE]),
  }),
  // Which filters the search used, never what they held (her address, her name).
  "members.exported": z.strictObject({
    count: z.int().nonnegative(),
    filters: z.array(z.enum(MEMBER_FILTERS)),
  }),
  // The period, as days on her clock, and how many documents it held.
  "invoices.exported": z.strictObject({
    from: z.iso.date(),
    to: z.iso.date(),
    count: z.int().nonnegative(),
  }),
  "purchase.refunded": z.strictObject({
    purchase: id,
    amountMinor: z.int().nonnegative(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    provider: z.enum(["stripe", "paypal"]),
    // Why, as she chose it from the studio's list (anything she wrote goes to studio_reasons).
    because: z.enum(REFUND_REASONS),
  }),
  // An offer's code (the studio's own form of it: upper case, letters, digits and hyphens) and its terms.
  "offer.created": z.strictObject({
    code: z.string().regex(/^[A-Z0-9-]{3,32}$/),
    percentOff: z.int().min(1).max(100).optional(),
    amountMinor: z.int().positive().optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    maxUses: z.int().positive(),
  }),
  "offer.ended": z.strictObject({ code: z.string().regex(/^[A-Z0-9-]{3,32}$/) }),
  "recording.uploaded": recording,
  "recording.published": recording,
  "recording.restored": recording,
  "guide.uploaded": guide,
  "guide.published": guide,
  "guide.restored": guide,
  // A session's captions: which session, and the revision kept (its number, from 1 per session).
  "captions.drafted": z.strictObject({ session: id, revision: z.int().positive() }),
  "captions.published": z.strictObject({ session: id, revision: z.int().positive() }),
  // A session's state or place in its course group, as she set it on the content page.
  "session.published": z.strictObject({ session: id }),
  "session.coming-soon": z.strictObject({ session: id }),
  "session.moved": z.strictObject({ session: id, place: z.int().positive() }),
  "contact.replied": thread,
  "contact.archived": thread,
  "contact.unarchived": thread,
  "contact.marked-unread": thread,
  "words.draft-saved": words,
  "words.published": words,
};

export type AuditAction = keyof typeof AUDIT_DETAILS;
type AuditDetail<A extends AuditAction = AuditAction> = z.infer<(typeof AUDIT_DETAILS)[A]>;
/** A detail's value as it is read back. */
export type AuditDetailValue = string | number | boolean | string[];

/** The command line, when an action was not taken by a signed-in owner. */
export const COMMAND_ACTOR = "command";

interface AuditEntry {
  id: string;
  at: Date;
  actorId: string;
  action: AuditAction;
  subjectId: string | null;
  detail: Record<string, AuditDetailValue>;
  ip: string | null;
}

/** An entry as the studio shows it: with the accounts' addresses, and the reason given, while they exist. */
export interface ShownAuditEntry extends AuditEntry {
  actorEmail: string | null;
  subjectEmail: string | null;
  reason: string | null;
  /** The piece of the site's words it is about, by its title as published now (kept text is never in the log). */
  pieceTitle?: string | null;
}

/** An entry to write: the detail its action declares (optional where it declares none). */
export type NewAuditEntry<A extends AuditAction> = {
  actorId: string;
  action: A;
  subjectId?: string | null;
  ip?: string | null;
} & (Record<string, never> extends AuditDetail<A> ? { detail?: AuditDetail<A> } : { detail: AuditDetail<A> });

/** Writes an entry, its detail checked against its action's; returns the entry's id. */
export async function recordAudit<A extends AuditAction>(
  db: Db,
  entry: NewAuditEntry<A>,
  now = new Date(),
): Promise<string> {
  const detail = AUDIT_DETAILS[entry.action].parse(entry.detail ?? {});
  const entryId = crypto.randomUUID();
  await db
    .insertInto("audit_log")
    .values({
      id: entryId,
      at: now.toISOString(),
      actor_id: entry.actorId,
      action: entry.action,
      subject_id: entry.subjectId ?? null,
      detail: JSON.stringify(detail),
      ip: entry.ip ?? null,
    })
    .execute();
  return entryId;
}

/**
 * An entry about a member with the reason the owner gave, in one transaction (the caller's, when given
 * one): the entry in the log, the reason beside it, tied to her (deleted with her account).
 */
export async function recordAuditWithReason<A extends AuditAction>(
  db: Db,
  entry: NewAuditEntry<A> & { subjectId: string },
  reason: string,
  now = new Date(),
): Promise<void> {
  const run = async (trx: Db) => {
    const auditId = await recordAudit(trx, entry, now);
    await trx
      .insertInto("studio_reasons")
      .values({ audit_id: auditId, member_id: entry.subjectId, reason, created_at: now.toISOString() })
      .execute();
  };
  await (db.isTransaction ? run(db) : db.transaction().execute(run));
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
    .leftJoin("studio_reasons", "studio_reasons.audit_id", "audit_log.id")
    .selectAll("audit_log")
    .select(["actor.email as actor_email", "subject.email as subject_email", "studio_reasons.reason"])
    .orderBy("audit_log.at", "desc")
    .orderBy("audit_log.id", "desc")
    .limit(Math.min(Math.max(limit, 1), 500));
  if (subjectId) query = query.where("audit_log.subject_id", "=", subjectId);
  const rows = await query.execute();
  // A piece of the site's words is named by its title as published now, read from its revisions.
  const aboutWords = rows.some((row) => row.action.startsWith("words."));
  const titles = new Map(
    aboutWords ? (await pieceStandings(db, [])).map((piece) => [pieceKey(piece), piece.title]) : [],
  );
  const titleOf = (detail: AuditEntry["detail"]) =>
    typeof detail.kind === "string" && typeof detail.piece === "string"
      ? (titles.get(pieceKey({ kind: detail.kind as PieceKind, slug: detail.piece })) ?? null)
      : null;
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
    reason: row.reason,
    pieceTitle: titleOf(JSON.parse(row.detail) as AuditEntry["detail"]),
  }));
}
