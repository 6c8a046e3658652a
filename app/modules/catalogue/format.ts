import { countOf } from "#app/modules/words/plural.ts";

/** "22 mins", as every page writes lengths; under a minute, its seconds ("35 secs"), as the player counts them. */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  if (seconds < 59.5) return countOf(Math.max(1, Math.round(seconds)), "sec");
  const minutes = Math.max(1, Math.round(seconds / 60));
  return countOf(minutes, "min");
}

export function formatPages(pages: number | null): string | null {
  if (pages === null) return null;
  return countOf(pages, "page");
}
