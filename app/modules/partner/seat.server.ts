import crypto from "node:crypto";
import { isPostgres, isUniqueViolation, oneAtATimeFor, type Db } from "#app/platform/db.server.ts";
import { addressKey, hitLimit, peekLimit, type LimitRule } from "#app/platform/rate-limit.server.ts";
import { firstName } from "#app/modules/people/display.ts";
import { normalizeEmail } from "#app/modules/people/email-address.ts";
import {
  acceptRefusal,
  INVITATION_TOKEN_BYTES,
  invitationExpiry,
  invitationStatus,
  type AcceptRefusal,
  type Invitation,
} from "./invitation.ts";

/**
 * The partner seat's records: a member's invitation (one waiting at a time;
 * the link's token is kept only as its SHA-256) and, once her partner accepts,
 * the link between the two accounts. The rules are invitation.ts's; this
 * module makes them hold when two people click at once.
 */

const hash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export type InviteOutcome =
  | { ok: true; token: string; expiresAt: Date }
  | { ok: false; reason: "own-address" | "has-partner" | "is-a-partner" };

/** Invites her birth partner at `email`, replacing an invitation still waiting. Returns the link's token. */
export async function invitePartner(
  db: Db,
  member: { id: string; email: string },
  email: string,
  now: Date,
): Promise<InviteOutcome> {
  const address = normalizeEmail(email);
  if (address === normalizeEmail(member.email)) return { ok: false, reason: "own-address" };
  return db.transaction().execute(async (trx) => {
    // Her invitations are made one at a time, so each cancels the one before and only one link works.
    await oneAtATimeFor(trx, member.id);
    if (await partnerIdOf(trx, member.id)) return { ok: false, reason: "has-partner" } as const;
    // A partner's seat has no seat of its own.
    if (await memberIdOf(trx, member.id)) return { ok: false, reason: "is-a-partner" } as const;
    await cancelWaiting(trx, member.id, now);
    const token = crypto.randomBytes(INVITATION_TOKEN_BYTES).toString("base64url");
    const expiresAt = invitationExpiry(now);
    await trx
      .insertInto("partner_invitations")
      .values({
        id: crypto.randomUUID(),
        user_id: member.id,
        email: address,
        token_hash: hash(token),
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
      })
      .execute();
    return { ok: true, token, expiresAt } as const;
  });
}

/** Cancels her invitation still waiting, if any: its link stops working. */
export async function cancelInvitation(db: Db, memberId: string, now: Date): Promise<void> {
  await cancelWaiting(db, memberId, now);
}

async function cancelWaiting(db: Db, memberId: string, now: Date) {
  await db
    .updateTable("partner_invitations")
    .set({ cancelled_at: now.toISOString() })
    .where("user_id", "=", memberId)
    .where("accepted_at", "is", null)
    .where("cancelled_at", "is", null)
    .execute();
}

/** Her invitation still waiting at `now`: to whom, and until when. */
export async function waitingInvitation(
  db: Db,
  memberId: string,
  now: Date,
): Promise<{ email: string; expiresAt: Date } | null> {
  const row = await db
    .selectFrom("partner_invitations")
    .select(["email", "expires_at"])
    .where("user_id", "=", memberId)
    .where("accepted_at", "is", null)
    .where("cancelled_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return row ? { email: row.email, expiresAt: new Date(row.expires_at) } : null;
}

/** Wrong invitation links a client may open in 15 minutes: a partner needs one. */
export const JOIN_MISS_LIMIT: LimitRule = { limit: 20, windowSeconds: 15 * 60 };

export type InvitationPreview =
  | { status: "pending"; memberFirstName: string; expiresAt: Date; email: string }
  | { status: "accepted" | "cancelled" | "expired" | "unknown" | "limited" };

/**
 * What an invitation link shows before anyone accepts: who invited, until
 * when; or that it no longer works. Wrong links count against the client's
 * address, so guessing goes no faster than the limit.
 */
export async function invitationPreview(
  db: Db,
  token: string,
  { now, clientIp }: { now: Date; clientIp: string },
): Promise<InvitationPreview> {
  const misses = addressKey("partner-join:miss", clientIp);
  if (!(await peekLimit(db, misses, JOIN_MISS_LIMIT)).allowed) return { status: "limited" };
  const row = await db
    .selectFrom("partner_invitations")
    .innerJoin("user", "user.id", "partner_invitations.user_id")
    .select([
      "user.name",
      "partner_invitations.email",
      "expires_at",
      "accepted_at",
      "cancelled_at",
      "created_at",
    ])
    .where("token_hash", "=", hash(token))
    .executeTakeFirst();
  // A miss counts; once over the limit (guesses arriving together), it says so.
  if (!row)
    return (await hitLimit(db, misses, JOIN_MISS_LIMIT)).allowed
      ? { status: "unknown" }
      : { status: "limited" };
  const status = invitationStatus(
    {
      memberId: "",
      createdAt: new Date(row.created_at),
      expiresAt: new Date(row.expires_at),
      acceptedAt: row.accepted_at === null ? null : new Date(row.accepted_at),
      cancelledAt: row.cancelled_at === null ? null : new Date(row.cancelled_at),
    },
    now,
  );
  if (status !== "pending") return { status };
  return {
    status,
    memberFirstName: firstName(row.name),
    expiresAt: new Date(row.expires_at),
    email: row.email,
  };
}

export type AcceptOutcome = { ok: true; memberId: string } | { ok: false; reason: AcceptRefusal };

/**
 * Takes up an invitation for the signed-in account `acceptorId`: once, however
 * many click at the same moment. The invitation is marked used and the two
 * accounts linked in one transaction; the link's unique keys hold the rest
 * (one partner per member, one member per partner) against a race.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  acceptorId: string,
  now: Date,
): Promise<AcceptOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const inviter = await trx
        .selectFrom("partner_invitations")
        .select("user_id")
        .where("token_hash", "=", hash(token))
        .executeTakeFirst();
      // Both accounts take turns with any other acceptance or invitation of either, in one order
      // (no two wait on each other): else a partner could join one member while someone joins them.
      for (const id of [inviter?.user_id, acceptorId].filter((id) => id !== undefined).sort()) {
        await oneAtATimeFor(trx, id);
      }
      const find = trx
        .selectFrom("partner_invitations")
        .select(["id", "user_id", "created_at", "expires_at", "accepted_at", "cancelled_at"])
        .where("token_hash", "=", hash(token));
      // Those who click together wait in turn on the invitation's row (SQLite's transactions already
      // do), so each later one reads it used, not half-way.
      const row = await (isPostgres(trx) ? find.forUpdate() : find).executeTakeFirst();
      const invitation: Invitation | null = row
        ? {
            memberId: row.user_id,
            createdAt: new Date(row.created_at),
            expiresAt: new Date(row.expires_at),
            acceptedAt: row.accepted_at === null ? null : new Date(row.accepted_at),
            cancelledAt: row.cancelled_at === null ? null : new Date(row.cancelled_at),
          }
        : null;
      const [memberPartner, membersMember, acceptorsMember, acceptorsPartner] = row
        ? await Promise.all([
            partnerIdOf(trx, row.user_id),
            memberIdOf(trx, row.user_id),
            memberIdOf(trx, acceptorId),
            partnerIdOf(trx, acceptorId),
          ])
        : [null, null, null, null];
      const refusal = acceptRefusal({
        invitation,
        acceptorId,
        now,
        memberHasPartner: memberPartner !== null,
        memberIsPartner: membersMember !== null,
        acceptorIsPartner: acceptorsMember !== null,
        acceptorHasPartner: acceptorsPartner !== null,
      });
      if (refusal || !row) return { ok: false, reason: refusal ?? "unknown" } as const;
      const used = await trx
        .updateTable("partner_invitations")
        .set({ accepted_at: now.toISOString() })
        .where("id", "=", row.id)
        .where("accepted_at", "is", null)
        .where("cancelled_at", "is", null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return { ok: false, reason: "used" } as const;
      await trx
        .insertInto("partner_links")
        .values({ user_id: row.user_id, partner_id: acceptorId, created_at: now.toISOString() })
        .execute();
      return { ok: true, memberId: row.user_id } as const;
    });
  } catch (error) {
    // Another acceptance linked one of the two accounts in the same moment: the unique keys said no.
    if (isUniqueViolation(error)) return { ok: false, reason: "used" };
    throw error;
  }
}

/** `acceptInvitation` behind the same limit on wrong links as the preview. */
export async function acceptByLink(
  db: Db,
  token: string,
  acceptorId: string,
  { now, clientIp }: { now: Date; clientIp: string },
): Promise<AcceptOutcome | { ok: false; reason: "limited" }> {
  const misses = addressKey("partner-join:miss", clientIp);
  if (!(await peekLimit(db, misses, JOIN_MISS_LIMIT)).allowed) return { ok: false, reason: "limited" };
  const outcome = await acceptInvitation(db, token, acceptorId, now);
  if (outcome.ok || outcome.reason !== "unknown") return outcome;
  return (await hitLimit(db, misses, JOIN_MISS_LIMIT)).allowed ? outcome : { ok: false, reason: "limited" };
}

/** The member removes her partner; the partner's account stays, with its own progress. */
export async function removePartner(db: Db, memberId: string): Promise<boolean> {
  const result = await db.deleteFrom("partner_links").where("user_id", "=", memberId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The partner leaves; the member's account and data stay as they are. */
export async function leaveAsPartner(db: Db, partnerId: string): Promise<boolean> {
  const result = await db.deleteFrom("partner_links").where("partner_id", "=", partnerId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Her birth partner's account id, if she has one. */
export async function partnerIdOf(db: Db, memberId: string): Promise<string | null> {
  const row = await db
    .selectFrom("partner_links")
    .select("partner_id")
    .where("user_id", "=", memberId)
    .executeTakeFirst();
  return row?.partner_id ?? null;
}

/** The member whose birth partner this account is, if any: the account's role is then "partner". */
export async function memberIdOf(db: Db, partnerId: string): Promise<string | null> {
  const row = await db
    .selectFrom("partner_links")
    .select("user_id")
    .where("partner_id", "=", partnerId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}
