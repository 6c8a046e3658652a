import { SERVICE_WORKER_URL, SKIP_WAITING } from "#app/modules/offline/protocol.ts";

/**
 * Registers the service worker once the page has finished loading, so it never
 * competes with the first view, and calls `onUpdate` when a new version is
 * installed and waiting (not on the first install). Only in a production build.
 */
export function registerServiceWorker(onUpdate: (waiting: ServiceWorker) => void): () => void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return () => {};
  let stopped = false;
  const start = async () => {
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
    const offer = () => {
      // With no controller yet, a waiting worker is the first install, not an update.
      if (!stopped && registration.waiting && navigator.serviceWorker.controller)
        onUpdate(registration.waiting);
    };
    offer();
    registration.addEventListener("updatefound", () => {
      const installing = registration.installing;
      installing?.addEventListener("statechange", () => installing.state === "installed" && offer());
    });
  };
  const startQuietly = () => void start().catch(() => {});
  if (document.readyState === "complete") startQuietly();
  else window.addEventListener("load", startQuietly, { once: true });
  return () => {
    stopped = true;
    window.removeEventListener("load", startQuietly);
  };
}

/** Lets the waiting version take over, then reloads the page into it. */
export function applyUpdate(waiting: ServiceWorker) {
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), {
    once: true,
  });
  waiting.postMessage(SKIP_WAITING);
}
