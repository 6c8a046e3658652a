import crypto from "node:crypto";
import type { CompiledQuery } from "kysely";
import type { Db } from "#app/platform/db.server.ts";
import type { AppServices } from "#app/services.server.ts";
import type { SessionChange } from "#app/modules/offline/device.ts";
import type { Auth } from "./auth.server.ts";
import { avatarGradient, displayName, firstName, initials } from "#app/modules/people/display.ts";
import { isOwner } from "./roles.ts";
import { accessOf, getProfileAccess, type ProfileAccess } from "./profile.server.ts";

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
  /** A birth partner's account (the partner seat): their portal shows the member's week. */
  isPartner: boolean;
  /** A partner whose member has premium: the partner sessions are theirs through her. */
  partnerPremium: boolean;
  /** The course's owner: her menus lead to the studio too (the studio checks her again on every request). */
  isOwner: boolean;
  timeZone: string;
}

type SessionServices = Pick<AppServices, "auth" | "database" | "sessions">;

/**
 * Reads the session cookie and returns the member, plus any cookies Better Auth
 * wants to set (a session nearing expiry is extended).
 */
export async function loadMember(
  { auth, database, sessions }: SessionServices,
  headers: Headers,
): Promise<{ member: Member | null; setCookies: string[] }> {
  const quick = await sessions.read(headers.get("cookie"));
  if (quick !== ASK_BETTER_AUTH) return { member: quick?.member ?? null, setCookies: [] };
  const { headers: responseHeaders, response: session } = await auth.api.getSession({
    headers,
    returnHeaders: true,
  });
  const setCookies = responseHeaders?.getSetCookie() ?? [];
  // With no session, Better Auth clears the cookie the request carried. A request that set out before
  // the session was replaced (turning on the studio's second factor does that; a kept page refreshing in
  // the background may still carry the old cookie) would then wipe the new cookie and sign her out. An
  // unknown token is harmless where it is: it opens nothing, and signing out clears it.
  if (!session) return { member: null, setCookies: setCookies.filter((cookie) => !clearsCookie(cookie)) };
  const { user } = session;
  return { member: memberOf(user, await getProfileAccess(database.db, user.id)), setCookies };
}

/**
 * Who is signed in once a response reaches the browser: the member the
 * request came with, unless the response sets the session cookie (signing in:
 * that session's member; a daily refresh keeps the same one) or removes it
 * (signing out, deleting the account).
 */
export async function memberAfter(
  services: SessionServices,
  before: Member | null,
  response: Headers,
): Promise<{ member: Member | null; change: SessionChange }> {
  const tokenCookie = `${await sessionCookieName(services.auth)}=`;
  const set = response.getSetCookie().findLast((cookie) => cookie.startsWith(tokenCookie));
  if (set === undefined) return { member: before, change: null };
  if (clearsCookie(set)) return { member: null, change: "ended" };
  const end = set.indexOf(";");
  const { member } = await loadMember(services, new Headers({ cookie: end < 0 ? set : set.slice(0, end) }));
  return { member, change: member !== null && member.id === before?.id ? null : "started" };
}

async function sessionCookieName(auth: Auth): Promise<string> {
  return (await auth.$context).authCookies.sessionToken.name;
}

/** A Set-Cookie that removes its cookie (expired at once). */
export function clearsCookie(setCookie: string): boolean {
  return setCookie
    .split(";")
    .slice(1)
    .some(
      (attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=Thu, 01 Jan 1970/i.test(attribute),
    );
}

/** The member as pages see them, from their account and access. */
export function memberOf(
  user: { id: string; email: string; name: string | null; image?: string | null; role?: string | null },
  access: ProfileAccess,
): Member {
  const name = displayName(user);
  return {
    id: user.id,
    email: user.email,
    fullName: user.name?.trim() ?? "",
    displayName: name,
    firstName: firstName(user.name),
    initials: initials(name),
    gradient: avatarGradient(user.id),
    image: user.image ?? null,
    tier: access.tier,
    hasPremium: hasPremium(access),
    isPartner: access.partnerOf !== null,
    // What her partner may play follows her: her premium (bought, or granted) is theirs while she has it, so a
    // refund of hers takes it from them too, with no second purchase.
    partnerPremium: access.partnerOf !== null && hasPremium(access.partnerOf),
    isOwner: isOwner(user.role),
    timeZone: access.timeZone,
  };
}

function hasPremium(access: Pick<ProfileAccess, "tier" | "courseAccess">): boolean {
  return access.tier === "premium" || access.courseAccess;
}

/** The quick read's answer when anything but the everyday case is in front of it. */
export const ASK_BETTER_AUTH = "ask-better-auth";

interface SessionRead {
  member: Member;
  /**
   * The member's data version (see migration 0006): it moves whenever their pages would change. The
   * partner seat's pages show the linked account's data too, so it is the pair "own.linked" (linked 0
   * without a partner). Each only grows, and a link made or ended moves both accounts' own, so a pair
   * never comes back; a sum could (the link ended, then their own grown by as much as hers was).
   */
  version: string;
}

export interface SessionReader {
  /** The member, null without a session cookie, or ASK_BETTER_AUTH for anything else. */
  read(cookieHeader: string | null | undefined): Promise<SessionRead | null | typeof ASK_BETTER_AUTH>;
}

/**
 * Every member request reads the session, so the everyday case is read here
 * in one query: a signed session cookie for a live session that needs no
 * refresh, with the member's account, profile and data version. The cookie's
 * signature is Better Auth's (HMAC-SHA256 with its secret), checked in
 * constant time. Anything else (no such session, an expired one, one due for
 * its daily refresh, a bad signature, Better Auth's other cookies) is left to
 * Better Auth, which also answers with the cookies to set.
 */
export function createSessionReader(auth: Auth, db: Db, now: () => number = Date.now): SessionReader {
  let settings: Promise<SessionSettings> | undefined;
  // Compiled once: it runs on every member request, with the token as its one parameter.
  const sessionQuery = db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .innerJoin("profiles", "profiles.id", "session.userId")
    .innerJoin("member_versions", "member_versions.user_id", "session.userId")
    .leftJoin("member_access", "member_access.user_id", "session.userId")
    .leftJoin("partner_links", "partner_links.partner_id", "session.userId")
    .leftJoin("member_access as her", "her.user_id", "partner_links.user_id")
    .leftJoin("member_versions as her_version", "her_version.user_id", "partner_links.user_id")
    // Her pages show her partner's days too (practised together).
    .leftJoin("partner_links as her_link", "her_link.user_id", "session.userId")
    .leftJoin("member_versions as partner_version", "partner_version.user_id", "her_link.partner_id")
    .select([
      "session.expiresAt",
      "user.id",
      "user.email",
      "user.name",
      "user.image",
      "user.role",
      "member_access.subscription_tier",
      "member_access.course_access",
      "profiles.time_zone",
      "member_versions.version",
      "partner_links.user_id as partner_of",
      "her.subscription_tier as her_tier",
      "her.course_access as her_course_access",
      "her_version.version as her_version",
      "partner_version.version as partner_version",
    ])
    .where("session.token", "=", "")
    .compile();
  type SessionRow = typeof sessionQuery extends CompiledQuery<infer Row> ? Row : never;
  return {
    async read(cookieHeader) {
      const { tokenCookie, otherCookies, key, expiresInMs, updateAgeMs } = await (settings ??=
        sessionSettings(auth));
      const cookies = parseCookies(cookieHeader ?? "");
      if (cookies === null || otherCookies.some((name) => cookies.has(name))) return ASK_BETTER_AUTH;
      const value = cookies.get(tokenCookie);
      if (value === undefined) return null;
      const token = verifiedToken(value, key);
      if (token === null) return ASK_BETTER_AUTH;
      const {
        rows: [row],
      } = await db.executeQuery<SessionRow>({ ...sessionQuery, parameters: [token] });
      if (!row) return ASK_BETTER_AUTH;
      const expiresAt = new Date(row.expiresAt).getTime();
      // Better Auth extends a session once a day (updateAge), with a new cookie.
      const dueForRefresh = expiresAt - expiresInMs + updateAgeMs <= now();
      if (!(expiresAt > now()) || dueForRefresh) return ASK_BETTER_AUTH;
      const linked = Number(row.her_version ?? row.partner_version ?? 0);
      return { member: memberOf(row, accessOf(row)), version: `${Number(row.version)}.${linked}` };
    },
  };
}

interface SessionSettings {
  tokenCookie: string;
  otherCookies: string[];
  key: crypto.KeyObject;
  expiresInMs: number;
  updateAgeMs: number;
}

async function sessionSettings(auth: Auth): Promise<SessionSettings> {
  const context = await auth.$context;
  const { authCookies, sessionConfig } = context;
  return {
    tokenCookie: authCookies.sessionToken.name,
    otherCookies: [authCookies.sessionData.name, authCookies.dontRememberToken.name],
    key: crypto.createSecretKey(Buffer.from(context.secret, "utf8")),
    expiresInMs: sessionConfig.expiresIn * 1000,
    updateAgeMs: sessionConfig.updateAge * 1000,
  };
}

/** "token.signature", the signature being base64 HMAC-SHA256 of the token: the token if it holds. */
function verifiedToken(value: string, key: crypto.KeyObject): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(crypto.createHmac("sha256", key).update(token).digest("base64"));
  return signature.length === expected.length && crypto.timingSafeEqual(signature, expected) ? token : null;
}

/** The cookies by name, the first of a name winning as Better Auth reads them; null if one can't be decoded. */
function parseCookies(header: string): Map<string, string> | null {
  const cookies = new Map<string, string>();
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at < 0) continue;
    const name = pair.slice(0, at).trim();
    if (cookies.has(name)) continue;
    let value = pair.slice(at + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      return null;
    }
  }
  return cookies;
}
