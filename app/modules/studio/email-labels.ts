/**
 * What each kind of email to a member is, in the owner's words. The studio shows
 * this, never the subject: a subject can carry a live sign-in code ("Your sign-in
 * code: 476137"), and what signs a member in is not the studio's to read.
 */
const EMAIL_KIND_LABELS: Record<string, string> = {
  "confirm-email": "Link to confirm her address",
  "account-exists": "Note that she already has an account",
  "magic-link": "Sign-in link",
  "sign-in-code": "Sign-in code",
  "password-reset": "Password reset link",
  "deletion-code": "Code to delete her account",
  welcome: "Welcome",
  receipt: "Receipt",
  refund: "Your refund of her payment",
  "duplicate-refund": "Refund of a second payment",
  "gift-receipt": "Receipt for a gift she gave",
  gift: "A gift given to her, with its link",
  "gift-already-had": "Note that her gift's recipient had the course",
  "gift-ended": "Note that a gift she redeemed was refunded to its giver",
  "practice-reminder": "Practice reminder",
  "partner-invitation": "Invitation to her birth partner",
  "partner-seat-ended": "Birth partner's place ended",
  "contact-message": "Her message, passed on to you",
  "contact-reply": "Your reply to her message",
};

/** The kind of an email in words; a kind this list doesn't know yet is just "Email". */
export function emailKindLabel(kind: string): string {
  return Object.hasOwn(EMAIL_KIND_LABELS, kind) ? EMAIL_KIND_LABELS[kind]! : "Email";
}
