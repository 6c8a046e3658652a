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
 * Where a downloaded session plays from: the worker answers this address from
 * the member's downloads on the device, Range requests included, and never
 * from the network.
 */
export const DOWNLOADS_CACHE = "tidewell-downloads-v1";
export const downloadAddress = (trackId: string) => `/offline-audio/${encodeURIComponent(trackId)}`;

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

/** Requests after which nothing of the member's may stay on the device: signing out, deleting the account. */
export function endsTheSession(url: URL, method: string, intent: string | null): boolean {
  if (method !== "POST") return false;
  const path = url.pathname.replace(/\.data$/, "");
  if (path === "/auth/sign-out") return true;
  return path === "/portal/profile" && intent === "delete-account";
}

/** The key a member's copy of a page is kept under: her key joins the address. */
export function keptPageKey(url: URL, member: string): string {
  const kept = new URL(url);
  kept.searchParams.set("__member", member);
  return kept.href;
}
