import { versionedSnapshot, type ContentVersionReader } from "#app/platform/content-version.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import { firstRevisionTexts, PIECE_ORDER } from "./content.server.ts";
import { siteWordsFrom } from "./pieces.server.ts";
import { pieceKey, type PieceText, type SiteWords } from "./pieces.ts";
import { publishedTexts } from "./revisions.server.ts";

/** The site's words from published texts, a piece not (yet) in the database as content/ has it. */
function siteWordsOf(published: readonly PieceText[]): SiteWords {
  const found = new Set(published.map(pieceKey));
  const texts = [...published, ...firstRevisionTexts.filter((text) => !found.has(pieceKey(text)))];
  return siteWordsFrom(texts, PIECE_ORDER);
}

/**
 * The published words, kept in memory by each instance and read again when a
 * publish (on any instance) moves the content version on. A request costs the
 * version reader's question (answered from memory for a second at a time).
 */
export function siteWordsSnapshot(db: Db, version: ContentVersionReader) {
  return versionedSnapshot(version, async () => siteWordsOf(await publishedTexts(db)));
}

export type SiteWordsSnapshot = ReturnType<typeof siteWordsSnapshot>;
