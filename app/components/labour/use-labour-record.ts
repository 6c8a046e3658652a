import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { historyForAccount, sameHistory, type Contraction } from "#app/modules/labour/contractions.ts";
import {
  parseLabourRecord,
  readStoredRecord,
  serialiseLabourRecord,
  storageKey,
  writeLabourRecord,
  type KeyValueStore,
  type LabourRecord,
} from "#app/modules/labour/device-store.ts";

/** Where the device saves her contraction history to her account. */
export const ACCOUNT_HISTORY_URL = "/api/labour/contractions";
/** Changes come in bursts (a start, a stop): one save a second after the last. */
export const SAVE_DELAY_MS = 1000;
/** A save that failed is tried again after this long, or as soon as the browser is back online. */
export const RETRY_MS = 30_000;
/** A save on a signal that comes and goes is given up after this long, to be tried again. */
const SAVE_TIMEOUT_MS = 15_000;

/**
 * Where her history stands with her account: `saved` (it has this list),
 * `saving` (a change is on its way), `offline` (kept on the device until the
 * browser is back online, or until a failed save is tried again) or
 * `refused` (the account turned this list down; the next change tries again).
 */
export type AccountState = "saved" | "saving" | "offline" | "refused";

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

function readRecord(memberKey: string): string | null {
  const store = deviceStore();
  return unsaved.get(storageKey(memberKey)) ?? (store ? readStoredRecord(store, memberKey) : null);
}

const currentRecord = (memberKey: string) => parseLabourRecord(readRecord(memberKey));

/** Keeps the record on the device (or for this visit, if it refuses) and tells every reader; false when refused. */
function keepRecord(memberKey: string, record: LabourRecord): boolean {
  const store = deviceStore();
  const saved = store !== null && writeLabourRecord(store, memberKey, record);
  if (saved) unsaved.delete(storageKey(memberKey));
  else unsaved.set(storageKey(memberKey), serialiseLabourRecord(record));
  for (const listener of listeners) listener();
  return saved;
}

function subscribeOnline(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/**
 * The member's labour record on this device: read once the page runs in the
 * browser (the server has none; `ready` is false until then, so nothing is
 * written over a history not yet read), saved on every change, and followed
 * when another tab changes it. If the device won't store it, it lasts this
 * visit and `saveFailed` says so.
 *
 * Her contractions are also saved to her account (`account` says how that
 * stands): a device with no history of its own takes the one her account
 * holds (`accountHistory`, from the loader), and every change goes to her
 * account whole, once online. The device's list is never touched by a save
 * that fails.
 */
export function useLabourRecord(memberKey: string, accountHistory: Contraction[]) {
  const stored = useSyncExternalStore(
    subscribe,
    () => readRecord(memberKey),
    () => undefined,
  );
  const ready = stored !== undefined;
  const record = useMemo(() => parseLabourRecord(stored ?? null), [stored]);
  const [saveFailed, setSaveFailed] = useState(false);

  const update = useCallback(
    (change: (current: LabourRecord) => LabourRecord) => {
      const current = currentRecord(memberKey);
      const next = change(current);
      // A change to the contractions is owed to her account; a setting is not.
      const owed = !sameHistory(current.contractions, next.contractions);
      setSaveFailed(!keepRecord(memberKey, owed ? { ...next, awaitingAccount: true } : next));
    },
    [memberKey],
  );

  useAccountHistory(memberKey, ready, accountHistory);
  const account = useSaveToAccount(memberKey, record, ready);

  return { record, ready, saveFailed, update, account };
}

/**
 * Once per page, when the device has no history of its own (none timed here,
 * and no clearing still owed to the account), it takes the one her account
 * holds: timed on her partner's phone, or on a phone she has since replaced.
 * Only online: offline, the page is the copy the device kept, and its history
 * may be one she has cleared since.
 */
function useAccountHistory(memberKey: string, ready: boolean, accountHistory: Contraction[]) {
  const tookFor = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || tookFor.current === memberKey || !navigator.onLine) return;
    tookFor.current = memberKey;
    const current = currentRecord(memberKey);
    if (current.contractions.length > 0 || current.awaitingAccount || accountHistory.length === 0) return;
    keepRecord(memberKey, { ...current, contractions: accountHistory, awaitingAccount: false });
  }, [ready, memberKey, accountHistory]);
}

/** The save in flight, or the last one's failure, for the list (as JSON) it sent. */
interface Attempt {
  list: string;
  outcome: "sending" | "failed" | "refused";
  retryMs: number;
}

/**
 * Sends her whole list to her account a second after each change, one save
 * at a time, while the browser is online; a failed save is tried again when
 * the browser says it is back online (or after a while). Only a save that
 * succeeded marks the device's list as saved, and only if it hasn't changed
 * since it was sent.
 */
function useSaveToAccount(memberKey: string, record: LabourRecord, ready: boolean): AccountState | null {
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const list = JSON.stringify(record.contractions);
  const owed = ready && record.awaitingAccount;

  useEffect(() => {
    const retryNow = () => setAttempt((last) => (last?.outcome === "failed" ? null : last));
    window.addEventListener("online", retryNow);
    return () => window.removeEventListener("online", retryNow);
  }, []);

  useEffect(() => {
    if (!owed || !online || attempt?.outcome === "sending") return;
    const last = attempt?.list === list ? attempt : null;
    // The account refused this very list: the next change tries again.
    if (last?.outcome === "refused") return;
    const delay = last?.outcome === "failed" ? last.retryMs : SAVE_DELAY_MS;
    const timer = window.setTimeout(() => {
      const sent = currentRecord(memberKey).contractions;
      const sentList = JSON.stringify(sent);
      setAttempt({ list: sentList, outcome: "sending", retryMs: 0 });
      void sendToAccount(sent).then((result) => {
        if (result === "saved") {
          markSaved(memberKey, sent);
          setAttempt(null);
        } else {
          setAttempt({ list: sentList, outcome: result.outcome, retryMs: result.retryMs });
        }
      });
    }, delay);
    return () => window.clearTimeout(timer);
  }, [owed, online, attempt, list, memberKey]);

  if (!ready || (!record.awaitingAccount && record.contractions.length === 0)) return null;
  if (!record.awaitingAccount) return "saved";
  if (attempt?.list === list && attempt.outcome === "refused") return "refused";
  if (!online || attempt?.outcome === "failed") return "offline";
  return "saving";
}

/** The account has `sent`: the device's record says so, unless it has changed since. */
function markSaved(memberKey: string, sent: Contraction[]) {
  const current = currentRecord(memberKey);
  if (current.awaitingAccount && sameHistory(current.contractions, sent))
    keepRecord(memberKey, { ...current, awaitingAccount: false });
}

type SendResult = "saved" | { outcome: "failed" | "refused"; retryMs: number };

/** One save: refused for good (signed out, or a list the account won't take), or failed for now. */
async function sendToAccount(list: Contraction[]): Promise<SendResult> {
  try {
    const response = await fetch(ACCOUNT_HISTORY_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ contractions: historyForAccount(list) }),
      signal: AbortSignal.timeout(SAVE_TIMEOUT_MS),
    });
    if (response.ok) return "saved";
    if (response.status !== 429 && response.status < 500) return { outcome: "refused", retryMs: 0 };
    const wait = Number(response.headers.get("Retry-After"));
    return { outcome: "failed", retryMs: wait > 0 ? wait * 1000 : RETRY_MS };
  } catch {
    // No connection, or none that answered in time.
    return { outcome: "failed", retryMs: RETRY_MS };
  }
}
