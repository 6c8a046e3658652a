import type { AppServices } from "~/services.server.ts";
import { avatarGradient, displayName, firstName, initials } from "./display.ts";
import { getProfileAccess } from "./profile.server.ts";

/** The signed-in member, as every page sees them. Nothing secret: it is sent to the browser. */
export interface Member {
  id: string;
  email: string;
  /** The name as entered (may be empty). */
  fullName: string;
  displayName: string;
  firstName: string;
  initials: string;
  gradient: readonly [string, string];
  image: string | null;
  tier: "free" | "premium";
  /** Premium tier, or course access granted: everything is unlocked. */
  hasPremium: boolean;
  timeZone: string;
}

/**
 * Reads the session cookie and returns the member, plus any cookies Better Auth
 * wants to set (a session nearing expiry is extended).
 */
export async function loadMember(
  { auth, database }: Pick<AppServices, "auth" | "database">,
  headers: Headers,
): Promise<{ member: Member | null; setCookies: string[] }> {
  const { headers: responseHeaders, response: session } = await auth.api.getSession({
    headers,
    returnHeaders: true,
  });
  const setCookies = responseHeaders?.getSetCookie() ?? [];
  if (!session) return { member: null, setCookies };
  const { user } = session;
  const access = await getProfileAccess(database.db, user.id);
  const name = displayName(user);
  return {
    member: {
      id: user.id,
      email: user.email,
      fullName: user.name?.trim() ?? "",
      displayName: name,
      firstName: firstName(user.name),
      initials: initials(name),
      gradient: avatarGradient(user.id),
      image: user.image ?? null,
      tier: access.tier,
      hasPremium: access.tier === "premium" || access.courseAccess,
      timeZone: access.timeZone,
    },
    setCookies,
  };
}
