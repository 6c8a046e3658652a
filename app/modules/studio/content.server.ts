import { COURSE_GROUPS, sessionsIn, stateOf, type CourseTier } from "#app/modules/catalogue/tracks.ts";
import { GUIDES } from "#app/modules/catalogue/guides.ts";
import type { MediaFacts } from "#app/modules/media/facts.server.ts";
import type { SessionState } from "#app/modules/catalogue/session-settings.ts";
import type { CaptionSnapshot } from "#app/modules/transcripts/transcripts.server.ts";

interface ContentTrack {
  id: string;
  title: string;
  group: string;
  /** Who may play it: everyone signed in, or the Complete Course (premium); a partner session through her. */
  access: "free" | "premium" | "partner";
  state: SessionState;
  /** Its place in its group: the first has no Move up, the last no Move down. */
  first: boolean;
  last: boolean;
  file: string;
  /** The recording's length in seconds; null when its file is missing or unreadable. */
  seconds: number | null;
  /** Its published captions' cues; null while it has no transcript. */
  cues: number | null;
}

interface ContentGuide {
  id: string;
  title: string;
  access: "free" | "premium";
  file: string;
  /** Its pages; null when the file is missing or unreadable. */
  pages: number | null;
}

const ACCESS: Record<CourseTier, ContentTrack["access"]> = {
  foundation: "free",
  preparation: "premium",
  partner: "partner",
};

/**
 * The course's content as the studio lists it: every session (in her order within
 * its group) and guide, its state as members see it, and whether its file is there (read from the
 * media storage, as the library reads durations) and its transcript.
 */
export async function studioContent(
  facts: MediaFacts,
  partnerCourseLaunched: boolean,
  captions: CaptionSnapshot,
) {
  const tracks: ContentTrack[] = await Promise.all(
    COURSE_GROUPS.flatMap((group) =>
      sessionsIn(group.tier).map(async (track, index, all) => ({
        id: track.id,
        title: track.title,
        group: group.title,
        access: ACCESS[track.courseTier],
        state: stateOf(track, partnerCourseLaunched),
        first: index === 0,
        last: index === all.length - 1,
        file: track.audioFile,
        seconds: await facts.audioDuration(track.audioFile),
        cues: captions.transcriptOf(track.id)?.cues.length ?? null,
      })),
    ),
  );
  const guides: ContentGuide[] = await Promise.all(
    GUIDES.map(async (guide) => ({
      id: guide.id,
      title: guide.title,
      access: guide.isFree ? "free" : "premium",
      file: guide.filename,
      pages: await facts.pdfPageCount(guide.filename),
    })),
  );
  return { tracks, guides };
}
