import { TRACKS, type Track } from "#app/modules/catalogue/tracks.ts";

/** The rules of the bottom player, kept apart from the React that draws it. */

export const SEEK_STEP_SECONDS = 0.1;
export const VOLUME_STEP = 0.01;
const UNMUTE_DEFAULT_VOLUME = 0.5;
/** Arrow keys move this far, on the position slider as anywhere in the player. */
export const KEYBOARD_SEEK_SECONDS = 10;
/** Page Up and Page Down on the position slider move this far. */
const PAGE_SEEK_SECONDS = 60;
/** A signed URL this close to expiry is replaced before it is used again. */
const URL_REFRESH_MARGIN_MS = 60_000;

/** The course's sessions in the course's own order: the player's order until the server sends the owner's. */
export const COURSE_ORDER: readonly string[] = [...TRACKS].sort((a, b) => a.order - b.order).map((t) => t.id);

/**
 * Previous and next within the track's own course group, in `order`: the ids of
 * the sessions members are offered, in the owner's order (the portal's layout
 * sends it). A session she marked coming soon is in no one's order.
 */
export function neighbours(
  trackId: string,
  order: readonly string[] = COURSE_ORDER,
): { previous: Track | null; next: Track | null } {
  const track = TRACKS.find((t) => t.id === trackId);
  if (!track) return { previous: null, next: null };
  const group = order
    .map((id) => TRACKS.find((t) => t.id === id))
    .filter((t): t is Track => t?.courseTier === track.courseTier);
  const index = group.findIndex((t) => t.id === trackId);
  if (index < 0) return { previous: null, next: null };
  return { previous: group[index - 1] ?? null, next: group[index + 1] ?? null };
}

/** Unmuting returns to the volume before muting, or to 0.5 if that was silence. */
export function volumeAfterUnmute(previous: number): number {
  return previous > 0 ? previous : UNMUTE_DEFAULT_VOLUME;
}

export interface Position {
  seconds: number;
  /** ISO time it was saved. */
  savedAt: string;
}

/**
 * Where to start: the most recently saved position, from this device or the
 * server. A few seconds in, or the very end, means start again.
 */
export function resumeFrom(device: Position | null, server: Position | null, duration?: number): number {
  const latest = [device, server]
    .filter((p): p is Position => p !== null)
    .sort((a, b) => Date.parse(b.savedAt) - Date.parse(a.savedAt))[0];
  if (!latest || latest.seconds < 3) return 0;
  if (duration && latest.seconds > duration - 10) return 0;
  return latest.seconds;
}

export function needsFreshUrl(expiresAt: number, now: number, marginMs = URL_REFRESH_MARGIN_MS): boolean {
  return expiresAt - now <= marginMs;
}

/** 75 → "1:15"; 3725 → "1:02:05". */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/**
 * Where a key pressed on the position slider takes the track: arrows ten seconds, Page Up and
 * Page Down a minute, Home and End the start and the end; null for any other key. (The slider's
 * own step is the fine one a finger drags by.)
 */
export function sliderSeekTarget(key: string, currentTime: number, duration: number): number | null {
  const move = {
    ArrowRight: KEYBOARD_SEEK_SECONDS,
    ArrowUp: KEYBOARD_SEEK_SECONDS,
    ArrowLeft: -KEYBOARD_SEEK_SECONDS,
    ArrowDown: -KEYBOARD_SEEK_SECONDS,
    PageUp: PAGE_SEEK_SECONDS,
    PageDown: -PAGE_SEEK_SECONDS,
  }[key];
  const end = Math.max(0, duration || 0);
  if (key === "Home") return 0;
  if (key === "End") return end;
  if (move === undefined) return null;
  return Math.min(end, Math.max(0, currentTime + move));
}

/** 75 → "1 minute 15 seconds"; 3600 → "1 hour"; 0 → "0 seconds": a position as a screen reader says it. */
export function spokenClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const parts = [
    [Math.floor(seconds / 3600), "hour"],
    [Math.floor((seconds % 3600) / 60), "minute"],
    [seconds % 60, "second"],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, unit]) => `${n} ${unit}${n === 1 ? "" : "s"}`);
  return said.length > 0 ? said.join(" ") : "0 seconds";
}
