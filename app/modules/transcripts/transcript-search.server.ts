import { canPlayTrack, type Viewer } from "#app/modules/catalogue/access.ts";
import { searchWords } from "#app/modules/catalogue/resource-search.ts";
import type { Track } from "#app/modules/catalogue/tracks.ts";
import { searchSessions, type SessionMatch } from "./transcript-search.ts";
import type { CaptionSnapshot } from "./transcripts.server.ts";

/**
 * The sessions whose title (in the captions as published now, `captions`), description or words hold every word of the
 * query. Only the words of a session she may play are searched: a locked
 * session is found by its title and description alone, so a search never
 * tells a free member what a premium session says.
 */
export function findSessions(
  captions: CaptionSnapshot,
  viewer: Viewer,
  tracks: readonly Pick<Track, "id" | "title" | "description">[],
  query: string,
): SessionMatch[] {
  return searchSessions(
    tracks.map(({ id, title, description }) => ({
      id,
      title,
      description,
      transcript:
        captions.access(viewer, id) === "read"
          ? (captions.transcriptOf(id)?.paragraphs.map((paragraph) => paragraph.text) ?? [])
          : [],
    })),
    query,
  );
}

/** A session found by the resource centre's search, as its result shows it. */
export interface SessionResult extends SessionMatch {
  title: string;
  /** In the Complete Course: found by its title or description only. */
  locked: boolean;
}

/** The sessions the library lists (`tracks`) that match the query; none for an empty one. */
export function sessionResults(
  captions: CaptionSnapshot,
  viewer: Viewer,
  tracks: readonly Track[],
  query: string,
): SessionResult[] {
  if (searchWords(query).length === 0) return [];
  const byId = new Map(tracks.map((track) => [track.id, track]));
  return findSessions(captions, viewer, tracks, query).map((match) => {
    const track = byId.get(match.id)!;
    return { ...match, title: track.title, locked: !canPlayTrack(viewer, track) };
  });
}
