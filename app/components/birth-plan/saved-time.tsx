import { useBrowserTimeZone } from "#app/components/program/browser.ts";

/**
 * Times on this page are shown in her own time zone, which only the browser knows. The server (and the first
 * render in the browser, so hydration matches) writes them in UTC, saying so; once the page runs, the same
 * `<time>` is written again in the browser's zone.
 */

/** "26 Nov 2026, 14:05", put together from its parts: engines differ on the comma. */
function formatSavedAt(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute}`;
}

/** "14:05". */
export function formatClock(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}

/** The time zone to write times in: the browser's, or UTC before the page runs there. */
function useTimeZone(): { timeZone: string; suffix: string } {
  const browser = useBrowserTimeZone();
  return browser ? { timeZone: browser, suffix: "" } : { timeZone: "UTC", suffix: " UTC" };
}

/** A saved moment as `<time>`: "26 Nov 2026, 14:05", or just "14:05" with `clock`. */
export function SavedTime({ iso, clock = false }: { iso: string; clock?: boolean }) {
  const { timeZone, suffix } = useTimeZone();
  const text = clock ? formatClock(iso, timeZone) : formatSavedAt(iso, timeZone);
  return (
    <time dateTime={iso}>
      {text}
      {suffix}
    </time>
  );
}
