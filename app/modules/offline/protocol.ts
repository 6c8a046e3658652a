/**
 * What the server, the portal's pages and the service worker agree on. The
 * worker (worker/service-worker.ts) is bundled on its own and imports only this.
 */

/** On every page and data response: whose it is (an opaque key per member), or SIGNED_OUT. */
export const MEMBER_HEADER = "x-tidewell-member";
export const SIGNED_OUT = "-";

export const SERVICE_WORKER_URL = "/sw.js";
/** Shown for a portal page the device has never kept, while offline. */
export const OFFLINE_PAGE = "/offline.html";

/** Pages kept for offline use as soon as the worker starts, so the first visit is enough. */
export const KEPT_ON_INSTALL = ["/portal", "/portal/labour"] as const;
/**
 * On the worker's own fetches of those pages: no one sees the answer, so the server leaves a message
 * meant for her next page (a flash) where it is. Without it, "Payment successful!" could go to the
 * labour page the worker was keeping as she came back from paying.
 */
export const KEEPING_HEADER = "x-tidewell-keeping";

/**
 * Where a downloaded session plays from: the worker answers this address from
 * the member's downloads on the device, Range requests included, and never
 * from the network.
 */
export const DOWNLOADS_CACHE = "tidewell-downloads-v1";
export const downloadAddress = (trackId: string) => `/offline-audio/${encodeURIComponent(trackId)}`;

/**
 * A session's captions, at the address the player asks for them. A download
 * keeps them beside its recording in DOWNLOADS_CACHE, under this same address,
 * so the worker can answer it from the device.
 */
export const captionsAddress = (trackId: string) => `/captions/${encodeURIComponent(trackId)}.vtt`;

/** The session whose recording a downloads-cache address holds; null for anything else (its captions). */
export function downloadedTrackId(pathname: string): string | null {
  const match = /^\/offline-audio\/([^/]+)$/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** The message a page sends the waiting worker when the member asks to update. */
export const SKIP_WAITING = { type: "SKIP_WAITING" } as const;

/** A portal page or its data, as the browser asks for them: what the worker keeps per member. */
export function isPortalView(url: URL, request: { method: string; mode: string }): boolean {
  if (request.method !== "GET") return false;
  if (url.pathname !== "/portal" && !url.pathname.startsWith("/portal/") && url.pathname !== "/portal.data") {
    return false;
  }
  // File downloads under /portal (the data export) are never kept.
  if (url.pathname.endsWith("/export")) return false;
  return request.mode === "navigate" || url.pathname.endsWith(".data");
}

/**
 * A page or router data request of the site, of any kind (public, portal,
 * a form sent): the server's answer says whose session it leaves, which the
 * worker reads on its way through.
 */
export function readsTheSession(url: URL, request: { mode: string }): boolean {
  return request.mode === "navigate" || url.pathname.endsWith(".data");
}

/** Whose things the worker keeps: the member the server last named, and whether she is still the one it knows of. */
export interface Keeper {
  member: string;
  /** False after an answer the worker couldn't read: her kept pages wait for the next that names her. */
  sure: boolean;
}

/** What an answer says about the session: the member it names, signed out, unreadable, or nothing (not the site's page). */
export type SessionAnswer = { member: string } | "signed-out" | "unreadable" | null;

export function sessionAnswer(response: {
  type: string;
  headers: { get(name: string): string | null };
}): SessionAnswer {
  // A redirect the worker passes on for a navigation can't be read: it may be a sign-in link's, or a
  // session that ended elsewhere sending her to sign in.
  if (response.type === "opaqueredirect") return "unreadable";
  const member = response.headers.get(MEMBER_HEADER);
  if (member === null) return null;
  return member === SIGNED_OUT ? "signed-out" : { member };
}

/**
 * Whose things the device keeps after an answer, and whether everything kept
 * goes first. An answer for another member, or signed out, takes everything
 * (one member at a time); hers makes the worker sure of her again; an
 * unreadable one leaves her things kept but not shown until an answer names
 * her again.
 */
export function keeperAfter(
  keeper: Keeper | null,
  answer: SessionAnswer,
): { keeper: Keeper | null; forget: boolean } {
  if (answer === null) return { keeper, forget: false };
  if (answer === "unreadable") return { keeper: keeper && { ...keeper, sure: false }, forget: false };
  if (answer === "signed-out") return { keeper: null, forget: keeper !== null };
  return { keeper: { member: answer.member, sure: true }, forget: keeper?.member !== answer.member };
}

/** The member whose kept pages may be shown when the network fails: only one the worker is sure of. */
export function shownMember(keeper: Keeper | null): string | null {
  return keeper?.sure ? keeper.member : null;
}

/** The key a member's copy of a page is kept under: her key joins the address. */
export function keptPageKey(url: URL, member: string): string {
  const kept = new URL(url);
  kept.searchParams.set("__member", member);
  return kept.href;
}

/** Where a reminder opens when its push message names no page of the portal. */
const PUSH_FALLBACK_PATH = "/portal";
/** The notification's picture, and the small monochrome mark in the status bar (its shape, on Android). */
export const NOTIFICATION_ICON = "/icons/icon-192.png";

/** A push message as the worker shows it. */
export interface PushNotice {
  title: string;
  body: string;
  /** A path of the portal on this origin, with its query and fragment. */
  url: string;
  tag?: string;
}

/**
 * What a push message's JSON `{ title, body, url, tag }` shows (the server's
 * reminders: modules/reminders/push.server.ts). Only a page of the portal on
 * this origin is opened; any other address opens the portal's dashboard. A
 * message that isn't ours still shows something: the browser insists that
 * every push is seen.
 */
export function pushNotice(data: unknown, origin: string): PushNotice {
  const fields = (data !== null && typeof data === "object" ? data : {}) as Record<string, unknown>;
  const text = (value: unknown, max: number) => (typeof value === "string" ? value.trim().slice(0, max) : "");
  const tag = text(fields.tag, 64);
  return {
    title: text(fields.title, 120) || "Tidewell",
    body: text(fields.body, 400),
    url: portalPath(fields.url, origin),
    ...(tag ? { tag } : {}),
  };
}

/** `url` when it is a page of the portal on `origin` (as a path), else PUSH_FALLBACK_PATH. */
export function portalPath(url: unknown, origin: string): string {
  if (typeof url !== "string" || url.length > 2000) return PUSH_FALLBACK_PATH;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return PUSH_FALLBACK_PATH;
  }
  const ours = parsed.origin === new URL(origin).origin;
  const portal = parsed.pathname === "/portal" || parsed.pathname.startsWith("/portal/");
  return ours && portal ? parsed.pathname + parsed.search + parsed.hash : PUSH_FALLBACK_PATH;
}
