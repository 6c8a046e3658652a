import * as z from "zod/mini";
import { normalizeEmail } from "#app/modules/people/email-address.ts";
import { INVITATION_DAYS } from "./invitation.ts";

/**
 * The partner seat's forms on her profile page: the same intents and schema in
 * the browser and on the server.
 */

export const PARTNER_SEAT_INTENTS = {
  invite: "invite-partner",
  cancel: "cancel-partner-invitation",
  remove: "remove-partner",
  leave: "leave-as-partner",
} as const;

export type PartnerSeatIntent = (typeof PARTNER_SEAT_INTENTS)[keyof typeof PARTNER_SEAT_INTENTS];

const intents: ReadonlySet<string> = new Set(Object.values(PARTNER_SEAT_INTENTS));

export function isPartnerSeatIntent(intent: string): intent is PartnerSeatIntent {
  return intents.has(intent);
}

const partnerEmail = z.pipe(
  z
    .string({ message: "Please enter your birth partner's email address" })
    .check(
      z.overwrite(normalizeEmail),
      z.minLength(1, "Please enter your birth partner's email address"),
      z.maxLength(254, "That email address is too long"),
    ),
  z.email({ message: "Please enter a valid email address, such as ben@example.com" }),
);

export const partnerInviteSchema = z.object({
  intent: z.literal(PARTNER_SEAT_INTENTS.invite),
  email: partnerEmail,
});

export const partnerSeatMessages = {
  sent: (email: string) => `Invitation sent to ${email}. It works for ${INVITATION_DAYS} days.`,
  ownAddress: "That's your own email address. Please enter your birth partner's.",
  hasPartner: "You already have a birth partner on Tidewell. Remove them first to invite someone else.",
  isAPartner:
    "You're someone's birth partner on Tidewell, so your account can't invite a partner of its own.",
  tooMany: "You've sent as many invitations as we allow in a day. Please try again tomorrow.",
  notSent: "We couldn't send the invitation just now. Please try again in a moment.",
  cancelled: "Invitation cancelled. The link no longer works.",
  nothingWaiting: "There's no invitation waiting to cancel.",
  removed: (name: string) => `${name} is no longer your birth partner. Their account stays theirs.`,
  noPartner: "You don't have a birth partner on Tidewell right now.",
  left: (name: string) => `You're no longer ${name}'s birth partner. Your account stays yours.`,
  notAPartner: "You're not anyone's birth partner on Tidewell right now.",
  failed: "Something went wrong and nothing was changed. Please try again in a moment.",
} as const;
