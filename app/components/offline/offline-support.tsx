import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { othersEntries } from "#app/modules/offline/device.ts";
import {
  addToOutbox,
  flushOutbox,
  keepOnlyMembersItems,
  listOutbox,
  OUTBOX_SYNC_TAG,
  outboxItem,
  RESEND_DELAYS_MS,
  subscribeToOutbox,
  type OutboxEntry,
  type OutboxItem,
} from "#app/modules/offline/outbox.ts";
import { countOf } from "#app/modules/words/plural.ts";
import { readDownloads, removeRevoked } from "./downloads.ts";
import { applyUpdate, registerServiceWorker } from "./service-worker.ts";

function subscribeToConnection(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Whether the device has a connection; the server's render assumes it does. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine,
    () => true,
  );
}

/** The signed-in member's key, from the portal's data (null outside the portal). */
function useMemberKey(): string | null {
  const portal = useRouteLoaderData("routes/portal/layout") as { memberKey?: string } | undefined;
  return portal?.memberKey ?? null;
}

/**
 * The member key of the portal page open now, set by OfflineSupport: what the
 * page queues is hers, and only hers is sent (the player, outside the
 * router's data, queues through this too).
 */
let pageMember: string | null = null;

/**
 * Keeps something she did for sending, and sends it at once if the device has
 * a connection. False when it can't be kept (outside the portal, or no
 * IndexedDB): the caller sends it itself.
 */
export async function queueForSync(entry: OutboxEntry, key?: string): Promise<boolean> {
  if (!pageMember) return false;
  try {
    await addToOutbox(outboxItem(entry, pageMember, new Date(), key));
  } catch {
    return false;
  }
  void sendQueued();
  return true;
}

/**
 * Sends her queued items now if the device has a connection, and says how many
 * are left waiting. Those are handed to the service worker, which sends them
 * when the connection returns (Background Sync, where the browser has it);
 * the page sends them again too (on `online`, and a little later when a send
 * with a signal left them), as does the next portal page.
 */
async function sendQueued(): Promise<number> {
  const member = pageMember;
  if (!member) return 0;
  try {
    const { waiting } = navigator.onLine
      ? await flushOutbox(fetch, member)
      : { waiting: (await listOutbox()).filter((item) => item.member === member).length };
    // Where Background Sync is missing or disabled, the page's own tries are all there is.
    if (waiting > 0) await askWorkerToSend().catch(() => {});
    return waiting;
  } catch {
    // No IndexedDB here: nothing was kept to send.
    return 0;
  }
}

/**
 * The device keeps the things of the member signed in alone: whatever the
 * page kept for anyone else goes (where the browser didn't clear it when the
 * server said so; modules/offline/device.ts), queued items included.
 */
function forgetOthersOnDevice(member: string) {
  try {
    const store = window.localStorage;
    for (const name of othersEntries(Object.keys(store), member)) store.removeItem(name);
  } catch {
    // No storage here, or none that can be read: nothing of anyone's is kept in it.
  }
  void keepOnlyMembersItems(member).catch(() => {});
}

async function askWorkerToSend() {
  if (!("serviceWorker" in navigator)) return;
  // Not `ready`, which waits for ever where no worker is registered (development).
  const registration = (await navigator.serviceWorker.getRegistration()) as
    (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
  await registration?.sync?.register(OUTBOX_SYNC_TAG);
}

/** Her queued items, oldest first, as they change (none while the server renders). */
export function useQueued(): OutboxItem[] {
  const member = useMemberKey();
  const [items, setItems] = useState<OutboxItem[]>([]);
  useEffect(() => {
    if (!member) return;
    let current = true;
    const read = () =>
      void listOutbox()
        .then((all) => {
          const hers = all.filter((item) => item.member === member);
          if (current) setItems(hers.sort((a, b) => a.createdAt.localeCompare(b.createdAt)));
        })
        .catch(() => {});
    read();
    const stop = subscribeToOutbox(read);
    return () => {
      current = false;
      stop();
    };
  }, [member]);
  return items;
}

/**
 * The portal's offline companion: starts the service worker after the page
 * has loaded, reads the sessions downloaded on the device (removing any she
 * may no longer keep), sends what she did with no signal (on every portal
 * page, and as soon as the signal returns), says calmly when the device is
 * offline and what will sync, and offers a new version when one is ready.
 */
export function OfflineSupport({ entitled }: { entitled: string[] }) {
  const online = useOnline();
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => registerServiceWorker(setWaiting), []);
  // What the device holds; online, without what she may no longer keep.
  const entitledKey = entitled.join(",");
  useEffect(() => {
    const keep = new Set(entitledKey.split(","));
    void (navigator.onLine ? removeRevoked(keep) : readDownloads()).catch(() => {});
  }, [entitledKey]);

  const member = useMemberKey();
  useEffect(() => {
    pageMember = member;
    if (member) forgetOthersOnDevice(member);
    let stopped = false;
    let resend: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    const send = () => {
      clearTimeout(resend);
      void sendQueued().then((waiting) => {
        // Left waiting with a signal: sent again a little later (RESEND_DELAYS_MS).
        const delay = waiting > 0 && navigator.onLine ? RESEND_DELAYS_MS[tries++] : undefined;
        if (!stopped && delay !== undefined) resend = setTimeout(send, delay);
      });
    };
    const signalBack = () => {
      tries = 0;
      send();
    };
    send();
    window.addEventListener("online", signalBack);
    return () => {
      stopped = true;
      clearTimeout(resend);
      window.removeEventListener("online", signalBack);
    };
  }, [member]);

  // Once something queued has been sent, the page shows what the server now has.
  const queued = useQueued().length;
  const revalidator = useRevalidator();
  const before = useRef(queued);
  useEffect(() => {
    if (queued < before.current) void revalidator.revalidate().catch(() => {});
    before.current = queued;
  }, [queued, revalidator]);

  return (
    <div role="status" className="empty:hidden">
      {online ? null : (
        <p className="border-b border-line bg-lavender-soft px-4 py-2.5 text-center text-sm text-ink">
          You're offline. Your pages are as they were when you last had a signal, and labour mode works
          without one.
          {queued > 0 ? ` ${countOf(queued, "change")} will sync when you're back online.` : null}
        </p>
      )}
      {waiting ? (
        <p className="flex flex-wrap items-center justify-center gap-3 border-b border-line bg-sand px-4 py-2.5 text-sm text-ink">
          A new version of Tidewell is ready.
          <Button size="sm" onClick={() => applyUpdate(waiting)}>
            Refresh to update
          </Button>
        </p>
      ) : null}
    </div>
  );
}
