import { findTrack } from "#app/modules/catalogue/tracks.ts";
import type { MediaFacts } from "#app/modules/media/facts.server.ts";
import {
  CAPTION_FILE_MAX_BYTES,
  uploadProblemText,
  withWords,
} from "#app/modules/transcripts/caption-edits.ts";
import { captionHistory, saveCaptionRevision } from "#app/modules/transcripts/caption-revisions.server.ts";
import type { CaptionLibrary } from "#app/modules/transcripts/captions.server.ts";
import { captionProblems } from "#app/modules/transcripts/check-files.server.ts";
import { BUNDLED_CAPTIONS } from "#app/modules/transcripts/transcripts.server.ts";
import { parseVtt, type Cue } from "#app/modules/transcripts/vtt.ts";
import type { Db } from "#app/platform/db.server.ts";
import { hitLimit, limitKey, tooManyAttemptsMessage } from "#app/platform/rate-limit.server.ts";
import { recordAudit } from "./audit.server.ts";
import { captionsForms, readStudioForm } from "./forms.ts";
import { requireRecentStudioCheck } from "./recent-check.server.ts";
import type { StudioOwner } from "./studio.server.ts";

/**
 * A session's captions in the studio: the words of each cue as she last saved
 * them (a draft, else the published captions, else the bundled file), fixed in
 * the browser or replaced by an uploaded .vtt checked as the build checks the
 * bundled ones. Each change needs a recent second factor, is counted, and is
 * kept as a revision with its audit entry in one transaction.
 */

/** Saves and uploads an owner may make in an hour. */
const CAPTION_CHANGES_PER_HOUR = 60;

/** The most a captions form may send: the file, or every cue's words, with room for the form itself. */
export const CAPTIONS_FORM_MAX_BYTES = 2 * CAPTION_FILE_MAX_BYTES;

export const captionsPath = (sessionId: string) =>
  `/studio/content/${encodeURIComponent(sessionId)}/captions`;

export interface CaptionEditor {
  session: { id: string; title: string };
  /** The cues she edits; null when the session has no captions yet (an upload gives it some). */
  cues: Pick<Cue, "start" | "end" | "text">[] | null;
  /** The revision they are (0: the file bundled with the site), sent back with her words. */
  after: number;
  /** What members read now compared with what she edits. */
  standing: "bundled" | "published" | "draft";
  savedAt: string | null;
}

/** The working copy of a session's captions: its newest revision, else the bundled file. */
async function workingCopy(db: Db, sessionId: string) {
  const history = await captionHistory(db, sessionId);
  const source = history.newest?.source ?? BUNDLED_CAPTIONS.transcriptOf(sessionId)?.source ?? null;
  const reading = source === null ? null : parseVtt(source);
  return { history, cues: reading?.ok ? reading.cues : null };
}

/** The caption page of a session; null when there is no such session. */
export async function captionEditor(db: Db, sessionId: string): Promise<CaptionEditor | null> {
  const track = findTrack(sessionId);
  if (!track) return null;
  const { history, cues } = await workingCopy(db, track.id);
  return {
    session: { id: track.id, title: track.title },
    cues: cues?.map(({ start, end, text }) => ({ start, end, text })) ?? null,
    after: history.newest?.number ?? 0,
    standing: history.newest?.state ?? "bundled",
    savedAt: history.newest?.createdAt ?? null,
  };
}

export interface CaptionDeps {
  db: Db;
  mediaFacts: Pick<MediaFacts, "audioDuration">;
  captions: Pick<CaptionLibrary, "changed">;
}

/** What a captions form did; a refused upload lists every problem with its file and line. */
export type CaptionsAnswer =
  | { ok: true; message: string; next: string }
  | { ok: false; status: number; message: string; problems?: string[] };

const CHANGED_MEANWHILE =
  "These captions were saved elsewhere meanwhile (another tab?). Nothing was changed: please open the page again.";

export async function answerCaptionsForm(
  deps: CaptionDeps,
  owner: StudioOwner,
  sessionId: string,
  formData: FormData,
  now: Date,
): Promise<CaptionsAnswer> {
  const track = findTrack(sessionId);
  if (!track) return { ok: false, status: 404, message: "There is no such session." };
  const here = captionsPath(track.id);
  requireRecentStudioCheck(owner, now, here);
  const limit = await hitLimit(deps.db, limitKey("studio-captions", owner.id), {
    limit: CAPTION_CHANGES_PER_HOUR,
    windowSeconds: 3600,
  });
  if (!limit.allowed)
    return { ok: false, status: 429, message: tooManyAttemptsMessage(limit.retryAfterSeconds) };
  const read = readStudioForm(formData, captionsForms);
  if (!read.ok) return { ok: false, status: 400, message: read.message };
  const { history, cues } = await workingCopy(deps.db, track.id);
  const newest = history.newest?.number ?? 0;
  const duration = (await deps.mediaFacts.audioDuration(track.audioFile)) ?? undefined;
  let source: string;
  let publish = false;
  let done: string;
  if (read.form.intent === "upload") {
    const { file } = read.form;
    if (file.size > CAPTION_FILE_MAX_BYTES) {
      return {
        ok: false,
        status: 413,
        message: `Nothing was changed: a caption file may be up to ${CAPTION_FILE_MAX_BYTES / 1024} KB.`,
      };
    }
    source = await file.text();
    const problems = captionProblems(source, duration);
    if (problems.length > 0) {
      return {
        ok: false,
        status: 400,
        message: "Nothing was changed: the file has a problem to fix first.",
        problems: problems.map((problem) => uploadProblemText(file.name, problem)),
      };
    }
    done = "Uploaded as a draft: check its words below, then publish.";
  } else {
    if (read.form.after !== newest || cues === null)
      return { ok: false, status: 409, message: CHANGED_MEANWHILE };
    const edited = withWords(cues, formData.getAll("text").map(String));
    if (!edited.ok) return { ok: false, status: 400, message: `Nothing was changed: ${edited.message}` };
    const problems = captionProblems(edited.source, duration);
    if (problems.length > 0)
      return { ok: false, status: 400, message: `Nothing was changed: ${problems[0]!.message}.` };
    source = edited.source;
    publish = read.form.intent === "publish";
    done = publish
      ? "Published: members read the new words now."
      : "Draft saved: members still read the published captions until you publish.";
  }
  const saved = await saveCaptionRevision(
    deps.db,
    { recordingId: track.id, source, publish, after: newest, now },
    (trx, revision) =>
      recordAudit(
        trx,
        {
          actorId: owner.id,
          action: publish ? "captions.published" : "captions.drafted",
          detail: { session: track.id, revision },
          ip: owner.ip,
        },
        now,
      ),
  );
  if (!saved.ok) return { ok: false, status: 409, message: CHANGED_MEANWHILE };
  if (publish) deps.captions.changed();
  return { ok: true, message: done, next: here };
}

/**
 * The form as the browser sent it, or null when it weighs more than `maxBytes`:
 * read as it arrives and stopped there, never held whole beyond the limit.
 */
export async function formDataWithin(request: Request, maxBytes: number): Promise<FormData | null> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) return null;
  if (!request.body) return request.formData();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new Response(new Blob(chunks as BlobPart[]), {
    headers: { "Content-Type": request.headers.get("content-type") ?? "" },
  }).formData();
}
