import { canPlayTrack, type Viewer, viewerOf } from "#app/modules/catalogue/access.ts";
import { findTrack, playable, type Track } from "#app/modules/catalogue/tracks.ts";
import type { Contraction } from "./contractions.ts";

/**
 * The labour playlist: the course's sessions made for labour and birth, in the
 * order they play one after another. Pregnancy Relaxation and Adjusting to
 * Parenthood are for before and after, so they are not here.
 */
export const LABOUR_TRACK_IDS = [
  "affirmations-purpose",
  "affirmations-2",
  "practice-contractions",
  "prepare-for-birth",
  "breathing-bonding",
  "fear-release",
  "positive-caesarean",
] as const;

export type PlaylistTrack = ReturnType<typeof playable>;

const LABOUR_TRACKS: Track[] = LABOUR_TRACK_IDS.map((id) => findTrack(id)!);

/**
 * What labour mode needs from the server: whose device record to open (her
 * member key), the history saved to her account (for a device with none of
 * its own), and the tracks she may play.
 */
export interface LabourScreenData {
  memberKey: string;
  history: Contraction[];
  playlist: PlaylistTrack[];
  /** Labour tracks that come with the Complete Course, for a free member. */
  lockedCount: number;
}

export function labourScreenFor(
  member: { hasPremium: boolean },
  memberKey: string,
  history: Contraction[],
): LabourScreenData {
  const viewer: Viewer = viewerOf(member);
  const open = LABOUR_TRACKS.filter((track) => canPlayTrack(viewer, track));
  return {
    memberKey,
    history,
    playlist: open.map(playable),
    lockedCount: LABOUR_TRACKS.length - open.length,
  };
}

/** The track after `id` in the playlist; null at the end, or when `id` is not in it. */
export function nextInPlaylist<T extends { id: string }>(playlist: readonly T[], id: string): T | null {
  const index = playlist.findIndex((track) => track.id === id);
  return index === -1 ? null : (playlist[index + 1] ?? null);
}

/** The track before `id`; null at the start, or when `id` is not in it. */
export function previousInPlaylist<T extends { id: string }>(playlist: readonly T[], id: string): T | null {
  const index = playlist.findIndex((track) => track.id === id);
  return index <= 0 ? null : (playlist[index - 1] ?? null);
}
