/**
 * Back to the invitation after signing in: a signed-out partner who opens
 * their invitation link is given a short-lived cookie holding its token, sent
 * only to the portal. Whichever way they then sign up or sign in (password,
 * link, code, Google, Facebook, Apple), they land on the portal, which sends
 * them back to the invitation once and forgets it.
 */
const JOIN_RETURN_COOKIE = "tidewell-partner-invitation";
/** Matches a Cookie header that carries it (the portal's page cache leaves such a request to the app). */
export const JOIN_RETURN_COOKIE_PATTERN = new RegExp(`(^|;\\s*)${JOIN_RETURN_COOKIE}=`);
/** Long enough to make an account and confirm it by email. */
const MAX_AGE_SECONDS = 60 * 60;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const attributes = (secure: boolean) => `Path=/portal; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;

/** The Set-Cookie value that remembers an invitation's token. */
export function rememberInvitation(token: string, secure: boolean): string | null {
  return TOKEN.test(token)
    ? `${JOIN_RETURN_COOKIE}=${token}; Max-Age=${MAX_AGE_SECONDS}; ${attributes(secure)}`
    : null;
}

/** The Set-Cookie value that forgets it. */
export function forgetInvitation(secure: boolean): string {
  return `${JOIN_RETURN_COOKIE}=; Max-Age=0; ${attributes(secure)}`;
}

/** The remembered token, if the request carries a well-formed one. */
export function invitationToReturnTo(cookieHeader: string | null): string | null {
  for (const pair of (cookieHeader ?? "").split(";")) {
    const [name, value] = pair.trim().split("=");
    if (name === JOIN_RETURN_COOKIE && value && TOKEN.test(value)) return value;
  }
  return null;
}
