/**
 * The partner seat's rules, pure: a member invites one birth partner by email;
 * the invitation is a single-use link that expires after seven days; she can
 * cancel it while it waits, and remove her partner later; her partner can
 * leave. What the partner may play follows the member's purchase (the
 * session's `partnerPremium`), so a refund of hers takes it from her partner
 * too, with no second purchase ever asked.
 */

export const INVITATION_DAYS = 7;
/** 128 random bits at least; the link carries 256. */
export const INVITATION_TOKEN_BYTES = 32;

export type InvitationStatus = "pending" | "accepted" | "cancelled" | "expired";

export interface Invitation {
  memberId: string;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  cancelledAt: Date | null;
}

export function invitationExpiry(createdAt: Date): Date {
  return new Date(createdAt.getTime() + INVITATION_DAYS * 86_400_000);
}

/** Where an invitation stands at `now`: used or cancelled for good, else waiting until it expires. */
export function invitationStatus(invitation: Invitation, now: Date): InvitationStatus {
  if (invitation.acceptedAt !== null) return "accepted";
  if (invitation.cancelledAt !== null) return "cancelled";
  return now.getTime() < invitation.expiresAt.getTime() ? "pending" : "expired";
}

/** Why an account can't take up an invitation now. */
export type AcceptRefusal =
  | "unknown"
  | "expired"
  | "used"
  | "cancelled"
  | "own-invitation"
  | "member-has-partner"
  | "member-is-a-partner"
  | "already-a-partner"
  | "has-a-partner";

export interface AcceptAttempt {
  /** Null when no invitation has the link's token. */
  invitation: Invitation | null;
  acceptorId: string;
  now: Date;
  /** The inviting member already has a partner (she removes one before another joins). */
  memberHasPartner: boolean;
  /** The inviting member has since become someone's partner: a partner's seat has no seat of its own. */
  memberIsPartner: boolean;
  /** The account accepting is already someone's partner. */
  acceptorIsPartner: boolean;
  /** The account accepting has a partner of her own: a member with a seat filled can't be a partner too. */
  acceptorHasPartner: boolean;
}

/** Null when the account may accept; otherwise why not, in the order a person would want to hear it. */
export function acceptRefusal(attempt: AcceptAttempt): AcceptRefusal | null {
  const { invitation } = attempt;
  if (invitation === null) return "unknown";
  const status = invitationStatus(invitation, attempt.now);
  if (status === "accepted") return "used";
  if (status === "cancelled") return "cancelled";
  if (status === "expired") return "expired";
  if (invitation.memberId === attempt.acceptorId) return "own-invitation";
  if (attempt.memberHasPartner) return "member-has-partner";
  if (attempt.memberIsPartner) return "member-is-a-partner";
  if (attempt.acceptorIsPartner) return "already-a-partner";
  if (attempt.acceptorHasPartner) return "has-a-partner";
  return null;
}

export const invitationMessages: Record<AcceptRefusal, string> = {
  unknown: "This invitation link doesn't work. Please ask for a new one.",
  expired: "This invitation has expired. Please ask for a new one: it only takes a moment.",
  used: "This invitation has already been accepted.",
  cancelled: "This invitation was cancelled. Please ask for a new one if you'd still like to join.",
  "own-invitation": "This is your own invitation: send it to your birth partner to accept.",
  "member-has-partner": "This member already has a birth partner on Tidewell.",
  "member-is-a-partner":
    "Whoever sent this invitation is now someone's birth partner on Tidewell, so it can't be accepted.",
  "already-a-partner":
    "You're already someone's birth partner on Tidewell. Leave that first to accept this one.",
  "has-a-partner": "Your account already has a birth partner of its own, so it can't be a partner too.",
};
