/** Sizes as a member reads them: "0.9 MB", "740 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000_000) return `${(bytes / 1_000_000_000).toFixed(1)} GB`;
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

/** How far a download has come, in whole percent (0 while its size is unknown). */
export function percentOf(received: number, total: number | null): number {
  if (!total) return 0;
  return Math.min(100, Math.floor((received / total) * 100));
}

/** The downloads she is no longer entitled to (after a refund, say): the server's list decides. */
export function revokedDownloads(downloaded: Iterable<string>, entitled: ReadonlySet<string>): string[] {
  return [...downloaded].filter((trackId) => !entitled.has(trackId));
}
