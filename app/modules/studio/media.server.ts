import fs from "node:fs";
import type { Readable } from "node:stream";
import { GUIDES } from "#app/modules/catalogue/guides.ts";
import { ALL_SESSIONS } from "#app/modules/catalogue/tracks.ts";
import { checkGuide, checkRecording } from "#app/modules/media/checks.server.ts";
import type { MediaFacts } from "#app/modules/media/facts.server.ts";
import { stageUpload } from "#app/modules/media/staging.server.ts";
import type { Bucket, MediaStorage } from "#app/modules/media/storage.server.ts";
import {
  completeVersion,
  dropVersion,
  mediaVersions,
  publishVersion,
  recordSeedVersion,
  reserveVersion,
  type MediaVersion,
  type PublishedMedia,
} from "#app/modules/media/versions.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import type { Logger } from "#app/platform/log.server.ts";
import { hitLimit, limitKey, tooManyAttemptsMessage } from "#app/platform/rate-limit.server.ts";
import { recordAudit } from "./audit.server.ts";
import type { MediaForm } from "./forms.ts";
import type { StudioOwner } from "./studio.server.ts";

/**
 * The owner replaces a session's recording or a guide's PDF (decision 0031):
 * an upload is streamed to this server's disk, checked by its content, stored
 * under a key of its own as a new version and logged; members get it only
 * once she publishes it, and any earlier version can be published again.
 */
type MediaKind = "recording" | "guide";

export interface MediaItem {
  kind: MediaKind;
  /** The session's or guide's id. */
  id: string;
  title: string;
  bucket: Bucket;
  /** The file it was seeded as, which names it in the media storage and in `media_versions`. */
  item: string;
}

export function mediaItem(kind: string, id: string): MediaItem | null {
  if (kind === "recording") {
    const track = ALL_SESSIONS.find((t) => t.id === id);
    return track ? { kind, id, title: track.title, bucket: "audio", item: track.audioFile } : null;
  }
  if (kind === "guide") {
    const guide = GUIDES.find((g) => g.id === id);
    return guide ? { kind, id, title: guide.title, bucket: "pdfs", item: guide.filename } : null;
  }
  return null;
}

/** Uploads and publishes each owner may make in an hour: a morning's work, not a flood. */
export const MEDIA_UPLOADS_PER_HOUR = 30;
const MEDIA_PUBLISHES_PER_HOUR = 60;

export interface MediaDeps {
  db: Db;
  media: MediaStorage;
  facts: MediaFacts;
  published: PublishedMedia;
  /** Where an upload is kept while it comes in and is checked (DATA_DIR/uploads). */
  stagingDir: string;
  maxBytes: number;
  log?: Logger;
}

export type UploadAnswer =
  | { ok: true; status: 200; message: string; version: number; seconds: number | null; pages: number | null }
  | { ok: false; status: 400 | 404 | 413 | 429 | 500; message: string };

const minutes = (seconds: number) => `${Math.max(1, Math.round(seconds / 60))} min`;
const pagesText = (pages: number) => `${pages} ${pages === 1 ? "page" : "pages"}`;

export const tooLargeMessage = (maxBytes: number) =>
  `That file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the most the studio takes. Nothing was changed.`;

/**
 * One upload: counted against her hourly allowance, streamed to disk within the
 * size limit, checked, stored as the item's next version and logged. Anything
 * refused or failed leaves nothing behind: no file stored, no version listed.
 */
export async function receiveMediaUpload(
  deps: MediaDeps,
  owner: StudioOwner,
  target: MediaItem,
  body: Readable,
  now: Date,
): Promise<UploadAnswer> {
  const limit = await hitLimit(deps.db, limitKey("studio-media-upload", owner.id), {
    limit: MEDIA_UPLOADS_PER_HOUR,
    windowSeconds: 3600,
  });
  if (!limit.allowed)
    return { ok: false, status: 429, message: tooManyAttemptsMessage(limit.retryAfterSeconds) };

  const staged = await stageUpload(body, deps.stagingDir, deps.maxBytes);
  if (!staged.ok) {
    if (staged.reason === "too-large")
      return { ok: false, status: 413, message: tooLargeMessage(deps.maxBytes) };
    if (staged.reason === "empty")
      return { ok: false, status: 400, message: "That file is empty. Nothing was changed." };
    return {
      ok: false,
      status: 400,
      message: "The upload stopped before the whole file came. Nothing was changed.",
    };
  }
  try {
    const checked =
      target.kind === "recording" ? await checkRecording(staged.file) : await checkGuide(staged.file);
    if (!checked.ok) return { ok: false, status: 400, message: checked.message };

    // The seeded file becomes version 1 the first time, so it stays listed and can be restored.
    const seeded = await deps.media.info(target.bucket, target.item).catch(() => null);
    const seededFacts = seeded && {
      bytes: seeded.size,
      seconds: target.kind === "recording" ? await deps.facts.audioDuration(target.item) : null,
      pages: target.kind === "guide" ? await deps.facts.pdfPageCount(target.item) : null,
    };
    await recordSeedVersion(deps.db, target.bucket, target.item, seededFacts, now);

    const reserved = await reserveVersion(deps.db, target.bucket, target.item, checked.extension, now);
    try {
      await deps.media.write(target.bucket, reserved.key, fs.createReadStream(staged.file), staged.size);
    } catch (error) {
      await dropVersion(deps.db, reserved.id);
      deps.log?.error({ err: error, key: reserved.key }, "an upload could not be stored");
      return {
        ok: false,
        status: 500,
        message: "We couldn't store that file just now. Nothing was changed; please try again.",
      };
    }
    await completeVersion(deps.db, reserved.id, {
      bytes: staged.size,
      seconds: checked.seconds,
      pages: checked.pages,
    });
    await audit(deps.db, owner, "uploaded", target, reserved.version, checked, now);
    const length = checked.seconds !== null ? minutes(checked.seconds) : pagesText(checked.pages ?? 0);
    return {
      ok: true,
      status: 200,
      message: `Version ${reserved.version} of ${target.title} (${length}) is uploaded. Members get it once you publish it.`,
      version: reserved.version,
      seconds: checked.seconds,
      pages: checked.pages,
    };
  } finally {
    await staged.discard();
  }
}

/** Publish a version (a new one, or an earlier one again: a restore). */
export async function answerMediaForm(
  deps: Pick<MediaDeps, "db" | "published">,
  owner: StudioOwner,
  form: MediaForm,
  now: Date,
): Promise<{ ok: true; message: string } | { ok: false; status: number; message: string }> {
  const target = mediaItem(form.kind, form.id);
  if (!target) return { ok: false, status: 404, message: "There is no such session or guide." };
  const limit = await hitLimit(deps.db, limitKey("studio-media-publish", owner.id), {
    limit: MEDIA_PUBLISHES_PER_HOUR,
    windowSeconds: 3600,
  });
  if (!limit.allowed)
    return { ok: false, status: 429, message: tooManyAttemptsMessage(limit.retryAfterSeconds) };
  // A version published before (the seeded one was, until the first publish) comes back: a restore.
  const before = (await mediaVersions(deps.db, target.bucket, target.item)).find(
    (v) => v.version === form.version,
  );
  const restoring = before !== undefined && (before.publishedAt !== null || before.version === 1);
  const published = await publishVersion(deps.db, target.bucket, target.item, form.version, now);
  if (!published) return { ok: false, status: 404, message: "That version is not there to publish." };
  deps.published.changed();
  const how = restoring ? "restored" : "published";
  await audit(deps.db, owner, how, target, published.version, published, now);
  const what = target.kind === "recording" ? "recording" : "guide";
  const length = published.seconds !== null ? ` (${minutes(published.seconds)})` : "";
  return {
    ok: true,
    message:
      how === "published"
        ? `Published: members now get the new ${what} of ${target.title}${length}.`
        : `Restored: members now get version ${published.version} of ${target.title}${length}.`,
  };
}

async function audit(
  db: Db,
  owner: StudioOwner,
  how: "uploaded" | "published" | "restored",
  target: MediaItem,
  version: number,
  facts: { seconds: number | null; pages: number | null },
  now: Date,
) {
  const entry = { actorId: owner.id, subjectId: null, ip: owner.ip };
  if (target.kind === "recording") {
    await recordAudit(
      db,
      {
        ...entry,
        action: `recording.${how}`,
        detail: { session: target.id, version, seconds: Math.round(facts.seconds ?? 0) },
      },
      now,
    );
  } else {
    await recordAudit(
      db,
      { ...entry, action: `guide.${how}`, detail: { guide: target.id, version, pages: facts.pages ?? 0 } },
      now,
    );
  }
}

/** Each session's and guide's versions, for the content page: only items that have any. */
export async function studioMediaVersions(db: Db): Promise<Record<string, MediaVersion[]>> {
  const items = [
    ...ALL_SESSIONS.map((t) => ({ key: `recording/${t.id}`, bucket: "audio" as const, item: t.audioFile })),
    ...GUIDES.map((g) => ({ key: `guide/${g.id}`, bucket: "pdfs" as const, item: g.filename })),
  ];
  const found = await Promise.all(
    items.map(async (i) => [i.key, await mediaVersions(db, i.bucket, i.item)] as const),
  );
  return Object.fromEntries(found.filter(([, versions]) => versions.length > 0));
}
