import { NOTIFICATION_ICON, portalPath, pushNotice } from "#app/modules/offline/protocol.ts";

declare const self: ServiceWorkerGlobalScope;

/**
 * Her reminders, as notifications: a push message from the server
 * (`{ title, body, url, tag }`, encrypted for this browser by its push
 * service) is shown at once; tapping it opens the page it names, in a window
 * of ours already open if there is one. Only pages of the portal are opened.
 */
export function showRemindersOnPush(): void {
  self.addEventListener("push", (event) => {
    let data: unknown = null;
    try {
      data = event.data?.json();
    } catch {
      // Not JSON: shown as a plain reminder all the same.
    }
    const notice = pushNotice(data, self.location.origin);
    event.waitUntil(
      self.registration.showNotification(notice.title, {
        body: notice.body,
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_ICON,
        data: { url: notice.url },
        ...(notice.tag ? { tag: notice.tag } : {}),
      }),
    );
  });

  self.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const url = new URL(portalPath(data?.url, self.location.origin), self.location.origin).href;
    event.waitUntil(openPage(url));
  });
}

/** Brings a window of ours forward on `url` (the portal's first), or opens a new one. */
async function openPage(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const ours = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const portal = (client: WindowClient) => new URL(client.url).pathname.startsWith("/portal");
  const open = ours.find(portal) ?? ours[0];
  if (open) {
    try {
      const focused = await open.focus();
      // navigate() works only for a window this worker controls; the others are focused as they are.
      if (focused.url !== url) await focused.navigate(url);
      return;
    } catch {
      // Closed meanwhile, or not ours to steer: a new window instead.
    }
  }
  await self.clients.openWindow(url);
}

/**
 * Stops reminders reaching this browser when the member who turned them on
 * leaves it (signs out, deletes her account, or another member signs in): its
 * push service then tells the server the subscription is gone.
 */
export async function stopPushOnThisDevice(): Promise<void> {
  const subscription = await self.registration.pushManager.getSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
}
