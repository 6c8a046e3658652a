import { useEffect, useState, useSyncExternalStore } from "react";
import { LabourSwitch } from "./labour-switch.tsx";

const noSubscription = () => () => {};

/** Whether this browser can keep the screen on; null while rendering on the server. */
function useWakeLockSupported(): boolean | null {
  return useSyncExternalStore(
    noSubscription,
    () => "wakeLock" in navigator,
    () => null,
  );
}

export type WakeLockStatus = "unknown" | "unsupported" | "off" | "asking" | "on" | "refused";

/**
 * Keeps the screen on while `wanted`. The browser lets go of the lock
 * whenever the page is hidden (another app, the screen locked), so it is
 * asked for again each time the page is shown.
 */
function useWakeLock(wanted: boolean): WakeLockStatus {
  const supported = useWakeLockSupported();
  const [held, setHeld] = useState<"asking" | "on" | "refused">("asking");

  useEffect(() => {
    if (!supported || !wanted) return;
    let sentinel: WakeLockSentinel | null = null;
    let asking = false;
    let stopped = false;

    const acquire = async () => {
      if (asking || document.visibilityState !== "visible" || (sentinel && !sentinel.released)) return;
      asking = true;
      try {
        const lock = await navigator.wakeLock.request("screen");
        if (stopped) {
          void lock.release();
          return;
        }
        sentinel = lock;
        lock.addEventListener("release", () => {
          if (!stopped) setHeld("asking");
        });
        setHeld("on");
      } catch {
        // Refused: low battery, or the page not in front. Visible again, it asks again.
        if (!stopped) setHeld("refused");
      } finally {
        asking = false;
      }
    };

    void acquire();
    const onVisibility = () => {
      if (document.visibilityState === "visible") void acquire();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", onVisibility);
      void sentinel?.release().catch(() => {});
      setHeld("asking");
    };
  }, [supported, wanted]);

  if (supported === null) return "unknown";
  if (!supported) return "unsupported";
  return wanted ? held : "off";
}

const STATUS_TEXT: Record<WakeLockStatus, string> = {
  unknown: "",
  unsupported: "This browser can't keep the screen on. Your phone's display settings can keep it on longer.",
  off: "Off: the screen dims and locks as usual. Tap to keep it on.",
  asking: "Asking to keep the screen on…",
  on: "The screen stays on while labour mode is open.",
  refused: "The phone wouldn't keep the screen on just now (it may be low on battery). It will try again.",
};

/** The "Keep screen on" switch, and a line that says what the screen will do. */
export function WakeLockToggle({
  wanted,
  onChange,
}: {
  wanted: boolean;
  onChange: (wanted: boolean) => void;
}) {
  const status = useWakeLock(wanted);
  return (
    <LabourSwitch
      label="Keep screen on"
      checked={wanted}
      unavailable={status === "unsupported"}
      onChange={onChange}
      hint={STATUS_TEXT[status]}
    />
  );
}
