/**
 * The outbox: what the member did with no signal, kept on her device until
 * the server has it. A finished listen and a day's completed practice are
 * queued here, each under an idempotency key, and sent oldest first when the
 * connection returns, by the portal's page or by the service worker (Background
 * Sync). The worker bundles this file, so it imports only relative files and
 * uses what pages and workers both have (IndexedDB, fetch, Web Locks).
 *
 * A queued body is an ordinary request: the server checks it as it checks a
 * live one, for the session that sends it. So items are stored with the member
 * key of the member who made them, and only hers are ever sent.
 */
import { MEMBER_HEADER } from "./protocol.ts";

/** The Background Sync tag a page registers after queueing; the worker's `sync` sends the outbox. */
export const OUTBOX_SYNC_TAG = "tidewell-outbox";

const DATABASE = "tidewell-outbox";
const STORE = "items";
/** Held while sending, so the page and the worker never send the same item at the same time. */
const SENDING_LOCK = "tidewell-outbox-sending";

/** What can be queued: a listen played to its end, or a day's practice marked complete. */
export type OutboxEntry = { kind: "progress"; trackId: string } | { kind: "practice"; date: string };

export type OutboxItem = (
  | { kind: "progress"; trackId: string; body: { finished: true; listenId: string } }
  | {
      kind: "practice";
      date: string;
      body: { intent: "complete-practice"; practisedOn: string; key: string };
    }
) & {
  /** The idempotency key: the listen's id, or the practice's own. */
  key: string;
  /** Whose it is: her member key (MEMBER_HEADER), never sent under anyone else's session. */
  member: string;
  /** When she did it (ISO), on the device's clock: items are sent in this order. */
  createdAt: string;
};

/** A random UUID, also where `crypto.randomUUID` is missing (a page not served over HTTPS). */
export function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The item to keep for what she did, under a new idempotency key (`key` for a listen whose id is known). */
export function outboxItem(entry: OutboxEntry, member: string, now = new Date(), key = newKey()): OutboxItem {
  const kept = { key, member, createdAt: now.toISOString() };
  return entry.kind === "progress"
    ? { ...kept, ...entry, body: { finished: true, listenId: key } }
    : {
        ...kept,
        ...entry,
        // The server counts one completion per day (the date is what makes a retry harmless); the key is for the device.
        body: { intent: "complete-practice", practisedOn: entry.date, key },
      };
}

/** The request that sends an item: the same the page sends when online, checked by the server the same way. */
export function requestFor(item: OutboxItem): { url: string; init: RequestInit } {
  // A redirect (to sign in) is an answer about the session, not the item: it is not followed.
  const common = { method: "POST", credentials: "same-origin", redirect: "manual" } as const;
  if (item.kind === "progress") {
    return {
      url: `/api/audio/${encodeURIComponent(item.trackId)}/progress`,
      init: { ...common, headers: { "Content-Type": "application/json" }, body: JSON.stringify(item.body) },
    };
  }
  // The programme page's action, as its router sends a form (React Router's data request).
  return { url: "/portal/program.data", init: { ...common, body: new URLSearchParams(item.body) } };
}

/**
 * Whether the server has decided about an item ("done": it goes) or it must
 * wait ("later": sending stops and tries again). Decided: a 2xx, or a 4xx that
 * refuses the item itself. Waiting: no answer (no network), a 5xx, 408 or 429;
 * and any answer about the session rather than the item: a redirect, a 401,
 * or an answer for someone other than her (signed out, or another member),
 * which the server marks in MEMBER_HEADER.
 */
export function outcomeOf(
  response: { status: number; headers: Headers } | null,
  member: string,
): "done" | "later" {
  if (!response) return "later";
  const answeredFor = response.headers.get(MEMBER_HEADER);
  if (answeredFor !== null && answeredFor !== member) return "later";
  const { status } = response;
  if (status >= 200 && status < 300) return "done";
  if (status >= 400 && status < 500) return [401, 408, 429].includes(status) ? "later" : "done";
  return "later";
}

/** Where the items are kept: IndexedDB on the device, or a stand-in in tests. */
export interface OutboxStore {
  list(): Promise<OutboxItem[]>;
  remove(key: string): Promise<void>;
}

/**
 * How long a page waits to send again what a send with a signal left waiting (the server busy, or a
 * request that failed as the signal came back): soon, then less often, then not until the next page
 * or the signal's next return. Browsers without Background Sync (Safari, Firefox) have nothing else
 * to send it meanwhile.
 */
export const RESEND_DELAYS_MS = [2_000, 10_000, 30_000, 60_000] as const;

export interface FlushResult {
  sent: number;
  /** Her items still queued: sending stopped at one the server couldn't take yet. */
  waiting: number;
}

/**
 * Sends the member's queued items, oldest first, one at a time, removing each
 * the server has decided about; stops at the first that must wait, so nothing
 * overtakes it. Another member's items are never sent.
 */
export async function sendInOrder(
  fetchFn: typeof fetch,
  member: string,
  store: OutboxStore,
): Promise<FlushResult> {
  const items = (await store.list())
    .filter((item) => item.member === member)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  let sent = 0;
  for (const item of items) {
    const { url, init } = requestFor(item);
    const response = await fetchFn(url, init).catch(() => null);
    void response?.body?.cancel().catch(() => {});
    if (outcomeOf(response, member) === "later") break;
    await store.remove(item.key);
    sent += 1;
  }
  return { sent, waiting: items.length - sent };
}

/**
 * Sends the member's outbox (`sendInOrder`) while holding the outbox's lock
 * where the browser has Web Locks: when the signal returns the page and the
 * worker may both start, and the second then finds sent items gone.
 */
export function flushOutbox(
  fetchFn: typeof fetch,
  member: string,
  store: OutboxStore = deviceOutbox,
): Promise<FlushResult> {
  const send = () => sendInOrder(fetchFn, member, store);
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  return locks ? locks.request(SENDING_LOCK, send) : send();
}

// The device's outbox, in IndexedDB: one store of items keyed by their idempotency key.

function openOutbox(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** One request in its own transaction, answered once the transaction has committed. */
async function inStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await openOutbox();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = transaction.onabort = () => reject(transaction.error ?? request.error);
    });
  } finally {
    database.close();
  }
}

export async function addToOutbox(item: OutboxItem): Promise<void> {
  await inStore("readwrite", (store) => store.put(item));
  outboxChanged();
}

export function listOutbox(): Promise<OutboxItem[]> {
  return inStore("readonly", (store) => store.getAll() as IDBRequest<OutboxItem[]>);
}

export async function removeFromOutbox(key: string): Promise<void> {
  await inStore("readwrite", (store) => store.delete(key));
  outboxChanged();
}

/** Removes every queued item of anyone but `member` (null: everyone's): the device keeps one member's things. */
export async function keepOnlyMembersItems(
  member: string | null,
  store: OutboxStore = deviceOutbox,
): Promise<void> {
  for (const item of await store.list()) {
    if (item.member !== member) await store.remove(item.key);
  }
}

const deviceOutbox: OutboxStore = {
  // Opening a database that isn't there makes one: a device that never queued anything has nothing in it.
  list: async () => ((await hasOutbox()) ? listOutbox() : []),
  remove: removeFromOutbox,
};

async function hasOutbox(): Promise<boolean> {
  const known = await indexedDB.databases?.().catch(() => null);
  return !known || known.some((database) => database.name === DATABASE);
}

// Pages show what is queued ("will sync"): each change is told to this page's listeners
// and, through a BroadcastChannel, to the other pages and the worker.

const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;
function outboxChannel(): BroadcastChannel | null {
  if (!channel && typeof BroadcastChannel !== "undefined") channel = new BroadcastChannel(DATABASE);
  return channel;
}

function outboxChanged() {
  for (const listener of listeners) listener();
  outboxChannel()?.postMessage("changed");
}

/** Calls `onChange` whenever an item is queued or removed, here or in another page or the worker. */
export function subscribeToOutbox(onChange: () => void): () => void {
  listeners.add(onChange);
  const fromElsewhere = outboxChannel();
  fromElsewhere?.addEventListener("message", onChange);
  return () => {
    listeners.delete(onChange);
    fromElsewhere?.removeEventListener("message", onChange);
  };
}
