import { useSyncExternalStore } from "react";
import {
  captionsAddress,
  DOWNLOADS_CACHE,
  downloadAddress,
  downloadedTrackId,
} from "#app/modules/offline/protocol.ts";
import { revokedDownloads } from "#app/modules/offline/sizes.ts";

/**
 * The sessions downloaded on this device, kept in the service worker's
 * downloads cache (which plays them back, Range requests included) with their
 * captions, and those on their way. One store for every page that shows them, so the library, the
 * labour playlist and the profile agree.
 */
type Download =
  { status: "downloading"; received: number; total: number | null } | { status: "downloaded"; bytes: number };

type Downloads = ReadonlyMap<string, Download>;

let downloads: Downloads = new Map();
const listeners = new Set<() => void>();
const inFlight = new Map<string, AbortController>();

function update(change: (next: Map<string, Download>) => void) {
  const next = new Map(downloads);
  change(next);
  downloads = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether this browser can keep sessions for offline listening (a service worker and its cache). */
export function canDownload(): boolean {
  return typeof window !== "undefined" && "caches" in window && "serviceWorker" in navigator;
}

const never = () => () => {};

/** Whether to offer downloads: never in the server's render, then as the browser can. */
export function useCanDownload(): boolean {
  return useSyncExternalStore(never, canDownload, () => false);
}

/** Every download on the device and under way; empty on the server and before the device is read. */
export function useDownloads(): Downloads {
  return useSyncExternalStore(
    subscribe,
    () => downloads,
    () => EMPTY,
  );
}
const EMPTY: Downloads = new Map();

/** Reads what the device holds (once a page loads), leaving downloads under way as they are. */
export async function readDownloads(): Promise<void> {
  if (!canDownload()) return;
  const cache = await caches.open(DOWNLOADS_CACHE);
  // The recordings only: a session's captions are kept beside it.
  const recordings = (await cache.keys()).flatMap((request) => {
    const trackId = downloadedTrackId(new URL(request.url).pathname);
    return trackId === null ? [] : [{ request, trackId }];
  });
  const held = await Promise.all(
    recordings.map(async ({ request, trackId }) => {
      const stored = await cache.match(request);
      return [trackId, Number(stored?.headers.get("content-length") ?? 0)] as const;
    }),
  );
  update((next) => {
    for (const [trackId, entry] of next) if (entry.status === "downloaded") next.delete(trackId);
    for (const [trackId, bytes] of held)
      if (!next.has(trackId)) next.set(trackId, { status: "downloaded", bytes });
  });
}

/** Removes the downloads the server no longer lets her keep (after a refund, say). */
export async function removeRevoked(entitled: ReadonlySet<string>): Promise<void> {
  if (!canDownload()) return;
  await readDownloads();
  const held = [...downloads].filter(([, entry]) => entry.status === "downloaded").map(([id]) => id);
  await Promise.all(revokedDownloads(held, entitled).map(removeDownload));
}

/**
 * Fetches a session she may play, with a signed URL the server gives only to
 * her, and keeps it on the device, reporting its progress. Resolves with an
 * error message, or null once it is kept.
 */
export async function startDownload(trackId: string): Promise<string | null> {
  if (inFlight.has(trackId) || downloads.get(trackId)?.status === "downloaded") return null;
  const controller = new AbortController();
  inFlight.set(trackId, controller);
  update((next) => next.set(trackId, { status: "downloading", received: 0, total: null }));
  try {
    const signed = await fetch(`/api/audio/${encodeURIComponent(trackId)}/signed-url`, {
      method: "POST",
      signal: controller.signal,
    });
    const { url, error } = (await signed.json().catch(() => ({}))) as { url?: string; error?: string };
    if (!signed.ok || !url)
      throw new Error(error ?? "This session couldn't be downloaded. Please try again.");
    const response = await fetch(url, { signal: controller.signal });
    if (!response.ok || !response.body)
      throw new Error("This session couldn't be downloaded. Please try again.");
    const total = Number(response.headers.get("content-length")) || null;
    const chunks: Uint8Array[] = [];
    let received = 0;
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      chunks.push(part.value);
      received += part.value.length;
      update((next) => next.set(trackId, { status: "downloading", received, total }));
    }
    const audio = new Blob(chunks as BlobPart[], {
      type: response.headers.get("content-type") ?? "audio/mpeg",
    });
    const captions = await captionsToKeep(trackId, controller.signal);
    const cache = await caches.open(DOWNLOADS_CACHE);
    // Captions first: once the recording is there, the session counts as downloaded.
    if (captions) await cache.put(captionsAddress(trackId), captions);
    await cache.put(
      downloadAddress(trackId),
      new Response(audio, { headers: { "Content-Type": audio.type, "Content-Length": String(audio.size) } }),
    );
    update((next) => next.set(trackId, { status: "downloaded", bytes: audio.size }));
    return null;
  } catch (error) {
    update((next) => next.delete(trackId));
    // Captions kept before the recording failed to be would be left alone on the device.
    await forget(captionsAddress(trackId)).catch(() => {});
    if ((error as Error).name === "AbortError") return null;
    return navigator.onLine
      ? (error as Error).message
      : "You're offline, so this session can't be downloaded now. Try again when you have a signal.";
  } finally {
    inFlight.delete(trackId);
  }
}

/**
 * A session's captions to keep with its recording, or null: a recording
 * without captions (or captions that can't be fetched now) is still kept.
 */
async function captionsToKeep(trackId: string, signal: AbortSignal): Promise<Response | null> {
  try {
    const response = await fetch(captionsAddress(trackId), { signal });
    const type = response.headers.get("content-type") ?? "";
    if (!response.ok || !type.startsWith("text/vtt")) return null;
    // Read whole here, so a connection lost halfway fails the captions, never the download.
    return new Response(await response.text(), { headers: { "Content-Type": type } });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    return null;
  }
}

async function forget(address: string): Promise<void> {
  if (canDownload()) await (await caches.open(DOWNLOADS_CACHE)).delete(address);
}

/** Stops a download under way, or removes one kept on the device, with its captions. */
export async function removeDownload(trackId: string): Promise<void> {
  inFlight.get(trackId)?.abort();
  await Promise.all([forget(downloadAddress(trackId)), forget(captionsAddress(trackId))]);
  update((next) => next.delete(trackId));
}

/**
 * Where the player finds a downloaded session: its address on the device, when
 * the service worker is there to answer it; null to stream it instead.
 */
export async function downloadedSource(trackId: string): Promise<string | null> {
  if (!canDownload() || !navigator.serviceWorker.controller) return null;
  const held = await (await caches.open(DOWNLOADS_CACHE)).match(downloadAddress(trackId));
  return held ? downloadAddress(trackId) : null;
}
