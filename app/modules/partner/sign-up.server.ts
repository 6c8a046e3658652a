import type { Db } from "#app/platform/db.server.ts";
import { tooManyAttemptsMessage } from "#app/platform/rate-limit.server.ts";
import { normalizeEmail } from "#app/modules/people/email-address.ts";
import { invitationMessages, type AcceptRefusal } from "./invitation.ts";
import { invitationPreview, JOIN_MISS_LIMIT, type InvitationPreview } from "./seat.server.ts";

/**
 * Her invitation, carried from its link through her partner's sign-up: who
 * invited them and the address it was sent to, to fill in. It only fills the
 * form in: accepting stays on the invitation's own page, signed in, as
 * before. Read like the link itself, so a wrong token counts as a wrong link.
 */
export type SignUpInvitation =
  { ok: true; token: string; memberFirstName: string; email: string } | { ok: false; message: string };

/** Only what could be a link's token (256 bits in base64url) is looked up. */
function isInvitationToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

export async function invitationForSignUp(
  db: Db,
  token: string,
  { now, clientIp }: { now: Date; clientIp: string },
): Promise<SignUpInvitation> {
  const preview = isInvitationToken(token)
    ? await invitationPreview(db, token, { now, clientIp })
    : ({ status: "unknown" } as const);
  if (preview.status !== "pending") return { ok: false, message: invitationRefusalMessage(preview.status) };
  return { ok: true, token, memberFirstName: preview.memberFirstName, email: preview.email };
}

/**
 * Why a sign-up carrying an invitation is refused, or null: the invitation no longer works, or the
 * address isn't the one it was sent to (she invited that address; another is asked for anew).
 */
export async function signUpInvitationRefusal(
  db: Db,
  token: string,
  email: string,
  at: { now: Date; clientIp: string },
): Promise<string | null> {
  const invitation = await invitationForSignUp(db, token, at);
  if (!invitation.ok) return invitation.message;
  if (normalizeEmail(email) === invitation.email) return null;
  return `${invitation.memberFirstName}'s invitation was sent to another address. Create your account with the address it was sent to, or ask ${invitation.memberFirstName} to invite this one.`;
}

/** Why an invitation can't be used, in words: the link's page and the sign-up page say the same. */
export function invitationRefusalMessage(
  reason: AcceptRefusal | Exclude<InvitationPreview["status"], "pending">,
): string {
  if (reason === "limited") return tooManyAttemptsMessage(JOIN_MISS_LIMIT.windowSeconds);
  return invitationMessages[reason === "accepted" ? "used" : reason];
}
