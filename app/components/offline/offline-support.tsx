import { useEffect, useState, useSyncExternalStore } from "react";
import { Button } from "~/components/ui/button.tsx";
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

/**
 * The portal's offline companion: starts the service worker after the page
 * has loaded, reads the sessions downloaded on the device (removing any she
 * may no longer keep), says calmly when the device is offline, and offers a
 * new version when one is ready.
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

  return (
    <div role="status" className="empty:hidden">
      {online ? null : (
        <p className="border-b border-line bg-lavender-soft px-4 py-2.5 text-center text-sm text-ink">
          You're offline. Your pages are as they were when you last had a signal, and labour mode works
          without one.
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
