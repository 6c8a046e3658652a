import {
  DOWNLOADS_CACHE,
  endsTheSession,
  KEPT_ON_INSTALL,
  MEMBER_HEADER,
  SIGNED_OUT,
  keptPageKey,
} from "../app/modules/offline/protocol.ts";
import { stopPushOnThisDevice } from "./notifications.ts";

/**
 * The member's portal pages, kept on her device so she can open them with no
 * signal: network first, her last copy when the network fails or is slow.
 * Every copy is kept under her key (the server's member header), one member
 * at a time: when another member's page arrives, or the session ends, every
 * kept page goes.
 */
const PAGES = "tidewell-portal-pages-v1";
const META = "tidewell-portal-meta-v1";
const CURRENT_MEMBER = "/__kept-pages/member";
/** How long a page may take before her kept copy is shown instead (the page still updates it). */
const SLOW_NETWORK_MS = 4000;

/** Whose pages the device keeps now: the member the server last answered for, or null. */
export async function currentMember(): Promise<string | null> {
  const stored = await (await caches.open(META)).match(CURRENT_MEMBER);
  return stored ? stored.text() : null;
}

/** Deletes every kept page and download, and whose they were. */
export async function forgetMember(): Promise<void> {
  await Promise.all([caches.delete(PAGES), caches.delete(META), caches.delete(DOWNLOADS_CACHE)]);
}

/** Sends a form on, and forgets every kept page if it signs her out or deletes her account. */
export async function forgetIfSessionEnds(request: Request): Promise<Response> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const intent = form?.get("intent");
  const response = await fetch(request);
  if (endsTheSession(new URL(request.url), request.method, typeof intent === "string" ? intent : null)) {
    // Her reminders stop coming here too, without holding her sign-out on the browser's push service.
    void stopPushOnThisDevice();
    await forgetMember();
  }
  return response;
}

async function becomeMember(member: string): Promise<void> {
  const before = await currentMember();
  if (before === member) return;
  // Her reminders stop coming to a browser another member now uses.
  if (before !== null) void stopPushOnThisDevice();
  await forgetMember();
  await (await caches.open(META)).put(CURRENT_MEMBER, new Response(member));
}

/** Keeps a page the network gave, if it is a member's whole page; forgets all if she is signed out. */
async function keep(url: URL, response: Response): Promise<void> {
  const member = response.headers.get(MEMBER_HEADER);
  if (member === SIGNED_OUT) return forgetMember();
  if (!member || response.status !== 200) return;
  await becomeMember(member);
  await (await caches.open(PAGES)).put(keptPageKey(url, member), response);
}

async function keptCopy(url: URL): Promise<Response | undefined> {
  const member = await currentMember();
  if (!member) return undefined;
  return (await caches.open(PAGES)).match(keptPageKey(url, member));
}

/** Where the precached offline page is found (Serwist keeps it under its revision). */
type OfflinePage = () => Promise<Response | undefined>;

/** What a portal page or its data request gets: the network's answer, else her kept copy, else an offline answer. */
export async function portalView(
  request: Request,
  event: ExtendableEvent,
  offlinePage: OfflinePage,
): Promise<Response> {
  const url = new URL(request.url);
  const fromNetwork = fetch(request).then((response) => {
    event.waitUntil(keep(url, response.clone()).catch(() => {}));
    return response;
  });
  const slow = new Promise<"slow">((resolve) => setTimeout(() => resolve("slow"), SLOW_NETWORK_MS));
  try {
    const first = await Promise.race([fromNetwork, slow]);
    if (first !== "slow") return first;
    return (await keptCopy(url)) ?? (await fromNetwork);
  } catch {
    return (await keptCopy(url)) ?? offlineAnswer(url, request, offlinePage);
  }
}

/**
 * Nothing kept for this address. A page gets the offline page; a data request
 * asks the router to load the page itself (a 204 with React Router's redirect
 * headers), which then gets her kept copy or the offline page.
 */
async function offlineAnswer(url: URL, request: Request, offlinePage: OfflinePage): Promise<Response> {
  if (request.mode === "navigate") {
    return (await offlinePage()) ?? new Response("You're offline.", { status: 503 });
  }
  const page = new URL(url);
  page.pathname = page.pathname.replace(/(\/_)?\.data$/, "") || "/";
  page.searchParams.delete("_routes");
  return new Response(null, {
    status: 204,
    headers: { "X-Remix-Redirect": page.pathname + page.search, "X-Remix-Reload-Document": "true" },
  });
}

/** Keeps the dashboard and labour mode as soon as the worker starts, while the member is online. */
export async function keepFirstPages(): Promise<void> {
  for (const path of KEPT_ON_INSTALL) {
    const url = new URL(path, self.location.origin);
    const response = await fetch(url, { credentials: "same-origin", redirect: "manual" }).catch(() => null);
    if (response) await keep(url, response);
  }
}
