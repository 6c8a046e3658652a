import { authMessages } from "./providers.ts";

/**
 * Where the link that confirms a new account leads: the portal, or the payment for the Complete
 * Course; for a birth partner who signed up from her invitation (checked first), back to it to accept.
 * A page that sent her to sign up (`next`, already a signInDestination, such as the gift's page) is
 * where the welcome takes her on to.
 */
export function afterConfirmation(tier: "free" | "premium", invitationToken?: string, next = "/portal") {
  if (invitationToken) return `/partner/join/${invitationToken}`;
  const back = next === "/portal" ? "" : `&next=${encodeURIComponent(next)}`;
  return `/auth?tier=${tier}&welcome=1${back}`;
}

/** The words for an error a provider or a sign-in link came back with. */
export function describeAuthError(code: string, description: string | null) {
  const known: Record<string, string> = {
    INVALID_TOKEN: "This sign-in link has expired or was already used. Please ask for a new one.",
    EXPIRED_TOKEN: "This sign-in link has expired. Please ask for a new one.",
    TOKEN_EXPIRED:
      "This link has expired. Sign in with your password and we'll send you a new one, or ask for a sign-in link.",
    USER_NOT_FOUND: "This link is no longer valid. Please sign up again or sign in.",
    access_denied: "You cancelled the sign-in.",
  };
  // Own keys only: a code such as "toString" must not find Object's methods.
  return authMessages.authFailed(description || (Object.hasOwn(known, code) ? known[code]! : code));
}
