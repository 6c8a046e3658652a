/**
 * Tidewell's service worker, registered from the portal (app/components/offline).
 * Serwist precaches the build's scripts, styles, fonts, icons and the offline
 * page (the list is written in at build time: worker/build.ts); the member's
 * portal pages are kept per member (kept-pages.ts), which reads whose session
 * every page's answer leaves, and her downloaded sessions
 * play from the device with their captions (downloads.ts); what she did with no signal is sent
 * when the connection returns (outbox-sync.ts); her reminders are shown as
 * notifications (notifications.ts); nothing else is kept, so public pages
 * and audio reach the network as if there were no worker.
 * A new version waits until the member asks for it ("Refresh to update").
 */
import {
  NetworkFirst,
  Serwist,
  type PrecacheEntry,
  type RouteHandlerCallbackOptions,
  type RouteMatchCallbackOptions,
} from "serwist";
import { isPortalView, OFFLINE_PAGE, readsTheSession } from "#app/modules/offline/protocol.ts";
import { downloadedAudio, downloadedCaptions } from "./downloads.ts";
import { keepFirstPages, passOn, portalView } from "./kept-pages.ts";
import { showRemindersOnPush } from "./notifications.ts";
import { sendOutboxOnSync } from "./outbox-sync.ts";

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] };

const serwist: Serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ url, request, sameOrigin }) => sameOrigin && isPortalView(url, request),
      handler: ({ request, event }): Promise<Response> =>
        portalView(request, event, () => serwist.matchPrecache(OFFLINE_PAGE)),
    },
    // Downloaded sessions play from the device, with or without a signal.
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/offline-audio/"),
      handler: ({ request }) => downloadedAudio(request),
    },
    // Their captions too, kept beside them; the network's for a session not downloaded.
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && /^\/captions\/[^/]+\.vtt$/.test(url.pathname),
      handler: ({ request }) => downloadedCaptions(request),
    },
    // The router asks which routes exist as the member moves around; offline it needs the last answer.
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname === "/__manifest",
      handler: new NetworkFirst({ cacheName: "tidewell-route-manifest-v1", networkTimeoutSeconds: 4 }),
    },
    // Every other page and data request, and every form sent (signing in and out, deleting the
    // account), goes to the network as it is; its answer says whose session it leaves.
    ...(["GET", "POST"] as const).map((method) => ({
      method,
      matcher: ({ url, request, sameOrigin }: RouteMatchCallbackOptions) =>
        sameOrigin && readsTheSession(url, request),
      handler: ({ request, event }: RouteHandlerCallbackOptions) => passOn(request, event),
    })),
  ],
});

self.addEventListener("activate", (event) => event.waitUntil(keepFirstPages()));
sendOutboxOnSync();
showRemindersOnPush();
serwist.addEventListeners();
