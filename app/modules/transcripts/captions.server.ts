import type { ContentVersionReader } from "#app/platform/content-version.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import { publishedCaptions } from "./caption-revisions.server.ts";
import { captionSnapshot, type CaptionSnapshot } from "./transcripts.server.ts";

/**
 * The captions this instance serves: a snapshot in memory (the bundled files
 * with the published revisions over them), made again when the shared content
 * version has moved. The transcript page, the player's captions and the
 * library's search all read it, so they follow a publish on any instance
 * within the version's TTL, and at once on the instance that published.
 */
export function createCaptionLibrary(db: Db, version: ContentVersionReader) {
  let kept: { version: number; snapshot: CaptionSnapshot } | null = null;
  // One read of the captions at a time per version, however many requests ask.
  let making: { version: number; snapshot: Promise<CaptionSnapshot> } | null = null;
  const make = (at: number) => {
    if (making?.version === at) return making.snapshot;
    const snapshot = publishedCaptions(db)
      .then((published) => {
        const made = captionSnapshot(published);
        // A newer one may have been kept meanwhile: never go back.
        if (!kept || kept.version <= at) kept = { version: at, snapshot: made };
        return made;
      })
      .finally(() => {
        if (making?.snapshot === snapshot) making = null;
      });
    making = { version: at, snapshot };
    return snapshot;
  };
  return {
    /** The captions as published at the content version now. */
    async current(): Promise<CaptionSnapshot> {
      const at = await version.current();
      if (kept && kept.version === at) return kept.snapshot;
      return make(at);
    },
    /** After this instance published: read the version, and the captions, again. */
    changed(): void {
      version.changed();
    },
  };
}

export type CaptionLibrary = ReturnType<typeof createCaptionLibrary>;
