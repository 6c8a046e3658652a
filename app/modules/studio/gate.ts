/**
 * Who may enter the studio, and when it asks for the second factor again.
 * Pure: the server reads the session and the studio check, this decides.
 */

/** How long a completed second factor opens the studio: an owner's working day. */
const STUDIO_CHECK_HOURS = 12;
/** Refunds, role changes and exports ask for the second factor again unless it was this recent. */
const RECENT_CHECK_MINUTES = 10;
/**
 * A new way in that lasts (new backup codes, a new authenticator) asks for the second factor given just now, not
 * merely in the last ten minutes: someone who finds her laptop open soon after she gave it could otherwise leave
 * with codes or a key of their own that outlive her session. Two minutes is the check page and straight back.
 */
const JUST_NOW_CHECK_MINUTES = 2;
/** An owner's session lasts this long, not the members' 30 days. */
export const OWNER_SESSION_HOURS = 12;

export const OWNER_ROLE = "owner";
export const MEMBER_ROLE = "member";

export interface StudioVisitor {
  /** The account's role, or null when no one is signed in. */
  role: string | null;
  /** Whether the account has enrolled an authenticator. */
  twoFactorEnabled: boolean;
  /** When this session last completed the second factor for the studio, if ever. */
  checkedAt: Date | null;
}

export type StudioAccess =
  | "sign-in" // no session: to the sign-in page, and back
  | "refused" // a member: the studio is not theirs
  | "enrol" // an owner without an authenticator: set one up first
  | "check" // an owner whose session has not completed the second factor lately
  | "open";

export function studioAccess(visitor: StudioVisitor, now: Date): StudioAccess {
  if (visitor.role === null) return "sign-in";
  if (!isOwner(visitor.role)) return "refused";
  if (!visitor.twoFactorEnabled) return "enrol";
  if (!checkedWithin(visitor.checkedAt, now, STUDIO_CHECK_HOURS * 60)) return "check";
  return "open";
}

/** Whether a sensitive action (a refund, a role change, an export) may go ahead without asking again. */
export function recentlyChecked(checkedAt: Date | null, now: Date): boolean {
  return checkedWithin(checkedAt, now, RECENT_CHECK_MINUTES);
}

/** Whether a change to her second factor itself may go ahead without asking again (JUST_NOW_CHECK_MINUTES). */
export function checkedJustNow(checkedAt: Date | null, now: Date): boolean {
  return checkedWithin(checkedAt, now, JUST_NOW_CHECK_MINUTES);
}

/** Better Auth keeps roles as a comma-separated list. */
export function isOwner(role: string | null | undefined): boolean {
  return (role ?? "").split(",").some((r) => r.trim() === OWNER_ROLE);
}

function checkedWithin(checkedAt: Date | null, now: Date, minutes: number): boolean {
  if (!checkedAt) return false;
  const age = now.getTime() - checkedAt.getTime();
  // A check dated in the future (a clock moved back) counts as none.
  return age >= 0 && age <= minutes * 60_000;
}

/** Where the studio sends a visitor back to after the second factor: a studio path only. */
export function studioReturnPath(value: string | null | undefined): string {
  if (!value || !/^\/studio(\/[\w\-/]*)?(\?[\w=&%\-.]*)?$/.test(value)) return "/studio";
  return value;
}
