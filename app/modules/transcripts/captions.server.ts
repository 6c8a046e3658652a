import { versionedSnapshot, type ContentVersionReader } from "#app/platform/content-version.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import { publishedCaptions } from "./caption-revisions.server.ts";
import { captionSnapshot } from "./transcripts.server.ts";

/**
 * The captions this instance serves: the bundled files with the published
 * revisions over them, made again when the shared content version has moved.
 * The transcript page, the player's captions and the library's search all read
 * it, so they follow a publish on any instance within the version's TTL, and at
 * once on the instance that published.
 */
export function createCaptionLibrary(db: Db, version: ContentVersionReader) {
  return versionedSnapshot(version, async () => captionSnapshot(await publishedCaptions(db)));
}

export type CaptionLibrary = ReturnType<typeof createCaptionLibrary>;
