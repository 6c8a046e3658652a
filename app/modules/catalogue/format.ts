/** "22 mins", as the spec writes lengths; a short recording still reads "1 min". */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? "1 min" : `${minutes} mins`;
}

export function formatPages(pages: number | null): string | null {
  if (pages === null) return null;
  return pages === 1 ? "1 page" : `${pages} pages`;
}
