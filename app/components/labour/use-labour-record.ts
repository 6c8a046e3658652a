import { useCallback, useMemo, useState, useSyncExternalStore } from "react";
import {
  parseLabourRecord,
  readStoredRecord,
  serialiseLabourRecord,
  storageKey,
  writeLabourRecord,
  type KeyValueStore,
  type LabourRecord,
} from "~/modules/labour/device-store.ts";

/** The browser's localStorage, or null where it is blocked (even reading the property can throw). */
function deviceStore(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Where a record lives for this visit when the device refuses to store it. */
const unsaved = new Map<string, string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed it.
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

function readRecord(memberId: string): string | null {
  const store = deviceStore();
  return unsaved.get(storageKey(memberId)) ?? (store ? readStoredRecord(store, memberId) : null);
}

/**
 * The member's labour record on this device: read once the page runs in the
 * browser (the server has none; `ready` is false until then, so nothing is
 * written over a history not yet read), saved on every change, and followed
 * when another tab changes it. If the device won't store it, it lasts this
 * visit and `saveFailed` says so.
 */
export function useLabourRecord(memberId: string) {
  const stored = useSyncExternalStore(
    subscribe,
    () => readRecord(memberId),
    () => undefined,
  );
  const record = useMemo(() => parseLabourRecord(stored ?? null), [stored]);
  const [saveFailed, setSaveFailed] = useState(false);

  const update = useCallback(
    (change: (current: LabourRecord) => LabourRecord) => {
      const next = change(parseLabourRecord(readRecord(memberId)));
      const store = deviceStore();
      const saved = store !== null && writeLabourRecord(store, memberId, next);
      if (saved) unsaved.delete(storageKey(memberId));
      else unsaved.set(storageKey(memberId), serialiseLabourRecord(next));
      setSaveFailed(!saved);
      for (const listener of listeners) listener();
    },
    [memberId],
  );

  return { record, ready: stored !== undefined, saveFailed, update };
}
