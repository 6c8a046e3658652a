import { TRACKS, type Track } from "../catalogue/tracks.ts";

/** The rules of the bottom player, kept apart from the React that draws it. */

export const SEEK_STEP_SECONDS = 0.1;
export const VOLUME_STEP = 0.01;
export const UNMUTE_DEFAULT_VOLUME = 0.5;
/** Arrow keys move this far. */
export const KEYBOARD_SEEK_SECONDS = 10;
/** A signed URL this close to expiry is replaced before it is used again. */
export const URL_REFRESH_MARGIN_MS = 60_000;

/** Previous and next within the track's own course group, in course order. */
export function neighbours(trackId: string): { previous: Track | null; next: Track | null } {
  const track = TRACKS.find((t) => t.id === trackId);
  if (!track) return { previous: null, next: null };
  const group = TRACKS.filter((t) => t.courseTier === track.courseTier).sort((a, b) => a.order - b.order);
  const index = group.findIndex((t) => t.id === trackId);
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
