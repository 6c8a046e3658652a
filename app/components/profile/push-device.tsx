import { useCallback, useEffect, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import {
  decodeBase64Url,
  encodeBase64Url,
  PUSH_SUBSCRIPTION_URL,
} from "#app/modules/reminders/push-subscription.ts";

type DeviceState = "checking" | "unavailable" | "off" | "on" | "blocked";

export const PUSH_TEXTS = {
  on: "This device shows your reminders as notifications.",
  off: "Your reminders can also come to this device as notifications.",
  blocked: "Notifications are blocked for this site in your browser's settings.",
  turnedOn: "Done. Your reminders will come to this device.",
  turnedOff: "Reminders are off on this device.",
  dismissed: "Notifications weren't allowed this time. You can try again whenever you like.",
  failed: "We couldn't change reminders on this device just now. Please check your connection and try again.",
} as const;

/**
 * Reminders on this device: whether this browser shows her reminders as
 * notifications, and a button to start or stop them. It needs JavaScript, a
 * browser with the Push API and the portal's service worker, and renders
 * nothing otherwise (email reminders work without any of them). `publicKey`
 * is the server's VAPID public key (`services.push.publicKey`).
 */
export function PushOnThisDevice({ publicKey }: { publicKey: string }) {
  const [state, setState] = useState<DeviceState>("checking");
  const [busy, setBusy] = useState<"on" | "off" | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const settle = (next: DeviceState) => !cancelled && setState(next);
    void (async () => {
      const registration = await workerRegistration();
      if (!registration) return settle("unavailable");
      if (Notification.permission === "denied") return settle("blocked");
      const subscription = await registration.pushManager.getSubscription();
      if (!subscription || !madeWith(subscription, publicKey)) return settle("off");
      settle("on");
      // The server may have forgotten it (its push service said it was gone once): tell it again.
      void saveOnServer(subscription).catch(() => {});
    })().catch(() => settle("unavailable"));
    return () => {
      cancelled = true;
    };
  }, [publicKey]);

  // Allowed again in the browser's settings while the page is open: offer the button again.
  useEffect(() => {
    if (state !== "blocked" || !navigator.permissions?.query) return;
    let status: PermissionStatus | undefined;
    const changed = () => {
      if (Notification.permission !== "denied") {
        setMessage(null);
        setState("off");
      }
    };
    void navigator.permissions
      .query({ name: "notifications" })
      .then((found) => {
        status = found;
        found.addEventListener("change", changed);
      })
      .catch(() => {});
    return () => status?.removeEventListener("change", changed);
  }, [state]);

  const turnOn = useCallback(async () => {
    setBusy("on");
    setMessage(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission === "denied") return setState("blocked");
      if (permission !== "granted") return setMessage(PUSH_TEXTS.dismissed);
      const registration = await navigator.serviceWorker.ready;
      let subscription = await registration.pushManager.getSubscription();
      // One made for other keys (the server's were replaced) can't be sent to: start afresh.
      if (subscription && !madeWith(subscription, publicKey)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: decodeBase64Url(publicKey)!,
      });
      const error = await saveOnServer(subscription);
      if (error) {
        // Not kept by the server: not kept here either, so what the page says stays true.
        await subscription.unsubscribe().catch(() => false);
        return setMessage(error);
      }
      setState("on");
      setMessage(PUSH_TEXTS.turnedOn);
    } catch {
      setMessage(PUSH_TEXTS.failed);
    } finally {
      setBusy(null);
    }
  }, [publicKey]);

  const turnOff = useCallback(async () => {
    setBusy("off");
    setMessage(null);
    try {
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.getSubscription();
      if (subscription) {
        // If the server isn't told now, its next push finds the subscription gone and forgets it.
        await fetch(
          PUSH_SUBSCRIPTION_URL,
          jsonPost({ endpoint: subscription.endpoint, unsubscribe: true }),
        ).catch(() => null);
        await subscription.unsubscribe();
      }
      setState("off");
      setMessage(PUSH_TEXTS.turnedOff);
    } catch {
      setMessage(PUSH_TEXTS.failed);
    } finally {
      setBusy(null);
    }
  }, []);

  if (state === "checking" || state === "unavailable") return null;
  const on = state === "on";
  return (
    <div className="mt-4 flex flex-col items-start gap-3">
      <p role="status" aria-live="polite" className="measure text-ink-soft">
        {state === "blocked" ? PUSH_TEXTS.blocked : (message ?? (on ? PUSH_TEXTS.on : PUSH_TEXTS.off))}
      </p>
      {state === "blocked" ? null : (
        <Button type="button" variant="outline" disabled={busy !== null} onClick={on ? turnOff : turnOn}>
          {busy === "on"
            ? "Turning on..."
            : busy === "off"
              ? "Turning off..."
              : on
                ? "Stop reminders on this device"
                : "Send reminders to this device"}
        </Button>
      )}
    </div>
  );
}

/** The portal's service worker registration, when this browser can take pushes at all. */
async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!("PushManager" in window) || !("Notification" in window) || !("serviceWorker" in navigator))
    return null;
  // The portal registers its worker once the page has loaded, which on a slow phone can take a
  // while: wait for it rather than give up. A browser that never gets one keeps showing nothing.
  return (await navigator.serviceWorker.getRegistration()) ?? navigator.serviceWorker.ready;
}

/** Whether a subscription was made with the server's current key (one made with another can't be sent to). */
function madeWith(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options?.applicationServerKey;
  return !key || encodeBase64Url(new Uint8Array(key)) === publicKey.replace(/=+$/, "");
}

const jsonPost = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** Hands the subscription to the server; null when it has it, else what to tell her. */
async function saveOnServer(subscription: PushSubscription): Promise<string | null> {
  const { endpoint, keys } = subscription.toJSON();
  const response = await fetch(PUSH_SUBSCRIPTION_URL, jsonPost({ endpoint, keys }));
  if (response.ok) return null;
  const answer = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof answer?.error === "string" ? answer.error : PUSH_TEXTS.failed;
}
