/**
 * Whose things a device keeps, and when they go. Everything the portal's pages
 * store in the browser is under the member key of the member it is for (the
 * opaque key of MEMBER_HEADER, never her account id), and the server tells the
 * browser to clear the site's data whenever the device would otherwise keep
 * one member's things for anyone else: signing out, deleting the account,
 * another member's session, or none where hers was (a session cookie that
 * names no live session: expired, signed out elsewhere, deleted in the
 * studio). The device's holder (the member it keeps things for) is a cookie
 * the server reads: it outlives the session, so a session that ended unseen
 * still clears the device on its next visit, once.
 */

/** What a response does to the session: starts one for someone new, ends it, or neither (`memberAfter`). */
export type SessionChange = "started" | "ended" | null;

/**
 * What the server tells the browser with a response: `clear` the site's data
 * (Clear-Site-Data), and whose things the device keeps from now on (`holder`;
 * absent when it stays as it was).
 *
 * - Answered for anyone but the holder (another member, or no one: her session
 *   ended elsewhere), the device is cleared; but a device that holds no one's
 *   things yet (a member's session from before the holder was kept) is only
 *   marked as hers.
 * - A session started for anyone but the holder, and one ended here, always
 *   clear it: the device may hold someone's things without saying whose.
 */
export function deviceAfter({
  holder,
  member,
  event,
}: {
  holder: string | null;
  member: string | null;
  event: SessionChange;
}): { clear: boolean; holder?: string | null } {
  const someoneElse = member !== holder;
  const clear = (someoneElse && (holder !== null || event === "started")) || event === "ended";
  return someoneElse ? { clear, holder: member } : { clear };
}

/** Every name the portal's pages store in localStorage starts with this (older names too). */
const OURS = /^tidewell[:-]/;
/** A name of a member's own entry: `tidewell:<member key>:<what>`. */
const MEMBERS = /^tidewell:([\w-]{22}):/;

/** What the page keeps in localStorage for a member. */
export type DeviceEntry = "labour" | "position" | "birth-plan-draft" | "captions";

/** The localStorage name of a member's entry (a position names its track too). */
export function deviceKey(memberKey: string, entry: DeviceEntry, item?: string): string {
  return `tidewell:${memberKey}:${entry}${item === undefined ? "" : `:${item}`}`;
}

/**
 * The names among `names` that the device must not keep for `memberKey` (null:
 * no one is signed in): every entry of ours that is another member's, or
 * whose member the name doesn't say (names from before they carried it).
 */
export function othersEntries(names: Iterable<string>, memberKey: string | null): string[] {
  return [...names].filter((name) => OURS.test(name) && MEMBERS.exec(name)?.[1] !== memberKey);
}
