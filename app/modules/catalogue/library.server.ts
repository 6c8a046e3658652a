import type { MediaFacts } from "../media/facts.server.ts";
import { canPlayTrack } from "./access.ts";
import { formatDuration } from "./format.ts";
import { COURSE_GROUPS, tracksIn, type Track } from "./tracks.ts";

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

/** The library's course groups for a signed-in member: every track, each with its length and whether she may play it. */
export async function libraryFor(hasPremium: boolean, mediaFacts: MediaFacts) {
  const viewer = { signedIn: true, hasPremium };
  return Promise.all(
    COURSE_GROUPS.map(async (group) => ({
      ...group,
      tracks: await Promise.all(
        tracksIn(group.tier).map(async (track): Promise<LibraryTrack> => ({
          id: track.id,
          title: track.title,
          description: track.description,
          audioFile: track.audioFile,
          courseTier: track.courseTier,
          duration: formatDuration(await mediaFacts.audioDuration(track.audioFile)),
          bytes: await mediaFacts.audioBytes(track.audioFile),
          locked: !canPlayTrack(viewer, track),
        })),
      ),
    })),
  );
}
