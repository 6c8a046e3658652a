import { PIECE_KIND_WORDS, type PieceKind } from "#app/modules/catalogue/pieces.ts";

/** The studio's words about the site's words: where each piece is edited, and what was done. Pure. */

export const WORDS_PATH = "/studio/words";

export function piecePath(kind: PieceKind, slug: string, restore?: number): string {
  const path = `${WORDS_PATH}/${kind}/${encodeURIComponent(slug)}`;
  return restore === undefined ? path : `${path}?restore=${restore}`;
}

/** A title as a sentence quotes it: whole, or its first words and an ellipsis. */
export function quotedTitle(title: string, max = 40): string {
  const words = title.length <= max ? title : `${title.slice(0, max).replace(/\s+\S*$/, "")}…`;
  return `‘${words}’`;
}

/** What the page says once a piece is saved or published ("Published the article ‘Oxytocin…’."). */
export function wordsDoneMessage(kind: PieceKind, title: string, published: boolean): string {
  const what = `the ${PIECE_KIND_WORDS[kind].one} ${quotedTitle(title)}`;
  return published
    ? `Published ${what}: it's on the site now.`
    : `Saved a draft of ${what}. The site still shows what you last published.`;
}

/** A piece's standing as the list shows it. */
export function standingWords(piece: {
  published: { savedAt: string } | null;
  draft: { savedAt: string } | null;
}): { label: "Draft saved" | "Published" | "Not published"; at: string | null } {
  if (piece.draft) return { label: "Draft saved", at: piece.draft.savedAt };
  if (piece.published) return { label: "Published", at: piece.published.savedAt };
  return { label: "Not published", at: null };
}

/** What each revision's state is called in its list. */
export const REVISION_STATE_WORDS = {
  published: "Published",
  draft: "Draft",
  earlier: "Earlier",
} as const;
