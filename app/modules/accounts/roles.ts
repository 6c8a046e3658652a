/**
 * An account's role, as Better Auth's admin plugin keeps it: a member's, or the course
 * owner's. Pure: the session, the sign-in and the owner's role read it here, and the
 * studio's gate asks the same question of whoever comes in.
 */

/** An owner's session lasts this long, not the members' 30 days. */
export const OWNER_SESSION_HOURS = 12;

export const OWNER_ROLE = "owner";
export const MEMBER_ROLE = "member";

/** Better Auth keeps roles as a comma-separated list. */
export function isOwner(role: string | null | undefined): boolean {
  return (role ?? "").split(",").some((r) => r.trim() === OWNER_ROLE);
}
