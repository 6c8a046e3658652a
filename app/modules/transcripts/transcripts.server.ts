import { canPlayTrack, type Viewer } from "#app/modules/catalogue/access.ts";
import { ALL_SESSIONS, PREVIEW_AUDIO_FILE } from "#app/modules/catalogue/tracks.ts";
import { paragraphsOf, parseVtt, type Cue, type Paragraph } from "./vtt.ts";

/**
 * Each recording's captions: content/audio/<id>.vtt beside content/audio/<id>.mp3,
 * bundled with the server. The build has checked every file (vite-plugin.ts);
 * reading one again here fails the start with the same message, never a visitor.
 */
const files = import.meta.glob<string>("/content/audio/*.vtt", {
  query: "?raw",
  import: "default",
  eager: true,
});

export interface Transcript {
  /** The recording's id: a track's, or "preview". */
  id: string;
  /** The file as written, served to the player. */
  source: string;
  cues: Cue[];
  paragraphs: Paragraph[];
}

/** The landing page's recording has an id of its own. */
export const PREVIEW_ID = PREVIEW_AUDIO_FILE.replace(/\.mp3$/, "");

const transcripts = new Map<string, Transcript>();
for (const [file, source] of Object.entries(files)) {
  const id = file.replace(/^.*\//, "").replace(/\.vtt$/, "");
  const reading = parseVtt(source);
  if (!reading.ok) {
    const { line, message } = reading.problems[0]!;
    throw new Error(`content/audio/${id}.vtt:${line}: ${message}`);
  }
  transcripts.set(id, { id, source, cues: reading.cues, paragraphs: paragraphsOf(reading.cues) });
}

/** A recording's transcript, or null while it has none. */
export function transcriptOf(id: string): Transcript | null {
  return transcripts.get(id) ?? null;
}

export type TranscriptAccess = "read" | "not-found" | "sign-in" | "premium";

/**
 * Captions and transcripts are as open as their recording: the preview's to
 * everyone, a track's to whoever may play it.
 */
export function transcriptAccess(viewer: Viewer, id: string): TranscriptAccess {
  if (!transcripts.has(id)) return "not-found";
  if (id === PREVIEW_ID) return "read";
  const track = ALL_SESSIONS.find((candidate) => candidate.id === id);
  if (!track) return "not-found";
  if (!viewer.signedIn) return "sign-in";
  return canPlayTrack(viewer, track) ? "read" : "premium";
}

export const TRANSCRIPT_MESSAGES = {
  "not-found": "We couldn't find captions for that recording.",
  "sign-in": "Please sign in to read this transcript.",
  premium: "This session's transcript is part of the Complete Course. Upgrade to read it.",
} as const satisfies Record<Exclude<TranscriptAccess, "read">, string>;

/** A locked transcript, to a birth partner, whom nothing is sold: the session and its words are hers. */
export const PARTNER_TRANSCRIPT_MESSAGE =
  "This session and its transcript are part of her Complete Course, on her own account.";
