import { keepOnlyMembersItems } from "#app/modules/offline/outbox.ts";
import {
  DOWNLOADS_CACHE,
  KEEPING_HEADER,
  KEPT_ON_INSTALL,
  keeperAfter,
  keptPageKey,
  sessionAnswer,
  shownMember,
  type Keeper,
} from "#app/modules/offline/protocol.ts";
import { stopPushOnThisDevice } from "./notifications.ts";

/**
 * The member's portal pages, kept on her device so she can open them with no
 * signal: network first, her kept copy only when the network fails. Every
 * page and data answer the worker passes on says whose session it leaves
 * (protocol.ts: `sessionAnswer`, `keeperAfter`): the worker keeps one member's
 * things at a time, forgets them all on any answer for someone else or signed
 * out, and shows them only while the last answer it could read was hers.
 */
const PAGES = "tidewell-portal-pages-v1";
const META = "tidewell-portal-meta-v1";
const KEEPER = "/__kept-pages/member";

async function readKeeper(): Promise<Keeper | null> {
  const stored = await (await caches.open(META)).match(KEEPER);
  if (!stored) return null;
  const text = await stored.text();
  try {
    const keeper = JSON.parse(text) as Keeper;
    if (typeof keeper.member === "string" && typeof keeper.sure === "boolean") return keeper;
  } catch {
    // A worker before this one kept her key alone: hers, until an answer says so again.
  }
  return { member: text, sure: false };
}

/** The member whose things the device keeps and whose kept pages it may show now, or null. */
export async function currentMember(): Promise<string | null> {
  return shownMember(await readKeeper());
}

/** Deletes every kept page and download, and every queued item of anyone but `member`. */
async function forgetAllBut(member: string | null): Promise<void> {
  await Promise.all([
    caches.delete(PAGES),
    caches.delete(META),
    caches.delete(DOWNLOADS_CACHE),
    keepOnlyMembersItems(member).catch(() => {}),
  ]);
}

// Answers arrive together (a page and its data, the first pages kept): each is weighed after the last.
let lastAnswer: Promise<unknown> = Promise.resolve();

/**
 * Weighs an answer the worker passed on, forgetting everything first when it
 * is for someone else or signed out. Resolves with the member whose page it
 * may keep (null: none), and whether the device has just started keeping for
 * a new member.
 */
function hear(response: Response): Promise<{ member: string | null; newMember: boolean }> {
  const heard = lastAnswer.then(async () => {
    const before = await readKeeper();
    const { keeper, forget } = keeperAfter(before, sessionAnswer(response));
    if (forget) {
      // Her reminders stop coming to a browser that is no longer hers.
      if (before !== null) void stopPushOnThisDevice();
      await forgetAllBut(keeper?.member ?? null);
    }
    if (keeper && (forget || keeper.sure !== before?.sure)) {
      await (await caches.open(META)).put(KEEPER, new Response(JSON.stringify(keeper)));
    }
    return { member: shownMember(keeper), newMember: forget && keeper !== null };
  });
  lastAnswer = heard.catch(() => {});
  return heard;
}

/** Keeps a member's whole page the network gave, under her key. */
async function keep(url: URL, member: string, response: Response): Promise<void> {
  if (response.status !== 200) return;
  const pages = await caches.open(PAGES);
  await pages.put(keptPageKey(url, member), response);
  // Her session ended while the page was arriving: it goes with the rest.
  if ((await readKeeper())?.member !== member) await pages.delete(keptPageKey(url, member));
}

async function keptCopy(url: URL): Promise<Response | undefined> {
  const member = await currentMember();
  if (!member) return undefined;
  return (await caches.open(PAGES)).match(keptPageKey(url, member));
}

/**
 * Any other page or data request of the site (public pages, forms sent,
 * signing in and out): passed to the network as it is, its answer heard on
 * the way through.
 */
export async function passOn(request: Request, event: ExtendableEvent): Promise<Response> {
  const response = await fetch(request);
  const { newMember } = await hear(response).catch(() => ({ newMember: false }));
  if (newMember) event.waitUntil(keepFirstPages());
  return response;
}

/** Where the precached offline page is found (Serwist keeps it under its revision). */
type OfflinePage = () => Promise<Response | undefined>;

/**
 * What a portal page or its data request gets: the network's answer (kept for
 * her), else, when the network fails, her kept copy, else an offline answer.
 * A slow answer is waited for: it may be for a session the worker hasn't heard
 * of yet.
 */
export async function portalView(
  request: Request,
  event: ExtendableEvent,
  offlinePage: OfflinePage,
): Promise<Response> {
  const url = new URL(request.url);
  let response: Response;
  try {
    response = await fetch(request);
  } catch {
    return (await keptCopy(url)) ?? offlineAnswer(url, request, offlinePage);
  }
  const { member, newMember } = await hear(response).catch(() => ({ member: null, newMember: false }));
  if (member) event.waitUntil(keep(url, member, response.clone()).catch(() => {}));
  if (newMember) event.waitUntil(keepFirstPages());
  return response;
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

/** Keeps the dashboard and labour mode for the member signed in: when the worker starts, and for a new member. */
export async function keepFirstPages(): Promise<void> {
  for (const path of KEPT_ON_INSTALL) {
    const url = new URL(path, self.location.origin);
    const response = await fetch(url, {
      credentials: "same-origin",
      redirect: "manual",
      headers: { [KEEPING_HEADER]: "1" },
    }).catch(() => null);
    if (!response) continue;
    const { member } = await hear(response);
    if (member) await keep(url, member, response);
  }
}
