import type { MediaFacts } from "#app/modules/media/facts.server.ts";
import { canPlayTrack, type Viewer } from "./access.ts";
import { formatDuration } from "./format.ts";
import { courseGroups, type Track } from "./tracks.ts";

/** A track as the library lists it for one member. */
export interface LibraryTrack extends Pick<
  Track,
  "id" | "title" | "description" | "audioFile" | "courseTier"
> {
  duration: string | null;
  /** The recording's size, for downloading it; null when unknown. */
  bytes: number | null;
  locked: boolean;
}

/**
 * The library's course groups for a signed-in member: every published track, in the owner's order, each
 * with its length and whether she may play it. A group still "Coming Soon" lists none. A birth partner's library lists the
 * partner sessions first, launched or not: theirs come with her course, as on their dashboard.
 */
export async function libraryFor(viewer: Viewer, partnerCourseLaunched: boolean, mediaFacts: MediaFacts) {
  const groups = courseGroups(partnerCourseLaunched || viewer.isPartner === true);
  const ordered = viewer.isPartner
    ? [
        ...groups.filter((group) => group.tier === "partner"),
        ...groups.filter((group) => group.tier !== "partner"),
      ]
    : groups;
  return Promise.all(
    ordered.map(async (group) => ({
      ...group,
      tracks: await libraryTracks(group.tracks, viewer, mediaFacts),
    })),
  );
}

/** Tracks as the library lists them for this viewer. */
export function libraryTracks(
  tracks: readonly Track[],
  viewer: Viewer,
  mediaFacts: MediaFacts,
): Promise<LibraryTrack[]> {
  return Promise.all(
    tracks.map(async (track) => ({
      id: track.id,
      title: track.title,
      description: track.description,
      audioFile: track.audioFile,
      courseTier: track.courseTier,
      duration: formatDuration(await mediaFacts.audioDuration(track.audioFile)),
      bytes: await mediaFacts.audioBytes(track.audioFile),
      locked: !canPlayTrack(viewer, track),
    })),
  );
}
