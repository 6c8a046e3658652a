import { canPlayTrack, type Viewer } from "#app/modules/catalogue/access.ts";
import { ALL_SESSIONS, PREVIEW_AUDIO_FILE } from "#app/modules/catalogue/tracks.ts";
import { paragraphsOf, parseVtt, type Cue, type Paragraph } from "./vtt.ts";

/**
 * Each recording's captions: first content/audio/<id>.vtt beside content/audio/<id>.mp3,
 * bundled with the server, then whatever the owner publishes from the studio
 * (caption-revisions.server.ts), read into a snapshot each instance keeps
 * (captions.server.ts). The build has checked every bundled file (vite.config.ts);
 * reading one again here fails the start with the same message, never a visitor.
 */
const files = import.meta.glob<string>("/content/audio/*.vtt", {
  query: "?raw",
  import: "default",
  eager: true,
});

interface Transcript {
  /** The recording's id: a track's, or "preview". */
  id: string;
  /** The file as written, served to the player. */
  source: string;
  cues: Cue[];
  paragraphs: Paragraph[];
}

/** The landing page's recording has an id of its own. */
export const PREVIEW_ID = PREVIEW_AUDIO_FILE.replace(/\.mp3$/, "");

/** A checked file as a transcript; null when it does not read (a stored revision is checked before it is kept). */
function transcriptFrom(id: string, source: string): Transcript | null {
  const reading = parseVtt(source);
  if (!reading.ok) return null;
  return { id, source, cues: reading.cues, paragraphs: paragraphsOf(reading.cues) };
}

const bundled = new Map<string, Transcript>();
for (const [file, source] of Object.entries(files)) {
  const id = file.replace(/^.*\//, "").replace(/\.vtt$/, "");
  const reading = parseVtt(source);
  if (!reading.ok) {
    const { line, message } = reading.problems[0]!;
    throw new Error(`content/audio/${id}.vtt:${line}: ${message}`);
  }
  bundled.set(id, transcriptFrom(id, source)!);
}

export type TranscriptAccess = "read" | "not-found" | "sign-in" | "premium";

/** Every recording's captions at one moment: the bundled files, each replaced by its published revision. */
export interface CaptionSnapshot {
  /** A recording's transcript, or null while it has none. */
  transcriptOf(id: string): Transcript | null;
  /**
   * Captions and transcripts are as open as their recording: the preview's to
   * everyone, a track's to whoever may play it.
   */
  access(viewer: Viewer, id: string): TranscriptAccess;
}

/** The snapshot with these published files (recording id → WebVTT) over the bundled ones. */
export function captionSnapshot(published: ReadonlyMap<string, string> = new Map()): CaptionSnapshot {
  const transcripts = new Map(bundled);
  for (const [id, source] of published) {
    const transcript = transcriptFrom(id, source);
    if (transcript) transcripts.set(id, transcript);
  }
  return {
    transcriptOf: (id) => transcripts.get(id) ?? null,
    access(viewer, id) {
      if (!transcripts.has(id)) return "not-found";
      if (id === PREVIEW_ID) return "read";
      const track = ALL_SESSIONS.find((candidate) => candidate.id === id);
      if (!track) return "not-found";
      if (!viewer.signedIn) return "sign-in";
      return canPlayTrack(viewer, track) ? "read" : "premium";
    },
  };
}

/** The captions as bundled with the server: what a recording has before the owner publishes any. */
export const BUNDLED_CAPTIONS = captionSnapshot();

export const TRANSCRIPT_MESSAGES = {
  "not-found": "We couldn't find captions for that recording.",
  "sign-in": "Please sign in to read this transcript.",
  premium: "This session's transcript is part of the Complete Course. Upgrade to read it.",
} as const satisfies Record<Exclude<TranscriptAccess, "read">, string>;

/** A locked transcript, to a birth partner, whom nothing is sold: the session and its words are hers. */
export const PARTNER_TRANSCRIPT_MESSAGE =
  "This session and its transcript are part of her Complete Course, on her own account.";
