import type { ContentVersionReader } from "#app/platform/content-version.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import { firstRevisionTexts, PIECE_ORDER } from "./content.server.ts";
import { siteWordsFrom } from "./pieces.server.ts";
import { pieceKey, type PieceText, type SiteWords } from "./pieces.ts";
import { publishedTexts } from "./revisions.server.ts";

/**
 * The published words, kept in memory by each instance: read from the
 * database once per content version, and read again when a publish (on any
 * instance) moves the version on. A request costs the version reader's
 * question (answered from memory for a second at a time) and nothing else.
 */
export interface SiteWordsSnapshot {
  /** The words as published at the version this instance knows now. */
  current(): Promise<SiteWords>;
  /** The same, with the version they were read at (for a page cache's stamp). */
  withVersion(): Promise<{ version: number; words: SiteWords }>;
}

/** The site's words from published texts, a piece not (yet) in the database as content/ has it. */
function siteWordsOf(published: readonly PieceText[]): SiteWords {
  const found = new Set(published.map(pieceKey));
  const texts = [...published, ...firstRevisionTexts.filter((text) => !found.has(pieceKey(text)))];
  return siteWordsFrom(texts, PIECE_ORDER);
}

export function siteWordsSnapshot(db: Db, version: ContentVersionReader): SiteWordsSnapshot {
  let kept: { version: number; words: SiteWords } | null = null;
  let loading: { version: number; promise: Promise<{ version: number; words: SiteWords }> } | null = null;

  const load = (at: number) => {
    if (loading?.version === at) return loading.promise;
    const promise = publishedTexts(db)
      .then((texts) => {
        const snapshot = { version: at, words: siteWordsOf(texts) };
        // A slower read of an older version never replaces a newer one.
        if (!kept || kept.version <= at) kept = snapshot;
        return snapshot;
      })
      .finally(() => {
        if (loading?.promise === promise) loading = null;
      });
    loading = { version: at, promise };
    return promise;
  };

  async function withVersion() {
    const at = await version.current();
    if (kept && kept.version === at) return kept;
    return load(at);
  }
  return { withVersion, current: async () => (await withVersion()).words };
}
