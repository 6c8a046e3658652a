import { normalise, searchWords } from "#app/modules/catalogue/resource-search.ts";
import { countOf } from "#app/modules/words/plural.ts";

/**
 * Finding sessions by what is said in them, with the resource centre's rules
 * (every word typed must appear, case and punctuation aside). Pure: the
 * caller decides whose words may be searched (transcript-search.server.ts).
 */

/** A session as a search reads it. */
export interface SearchableSession {
  id: string;
  title: string;
  description: string;
  /**
   * What is said in it, paragraph by paragraph: empty for a session she may
   * not play, so its words can never find it (nor be shown).
   */
  transcript: readonly string[];
}

export interface SessionMatch {
  id: string;
  /**
   * The sentence that matched, when the title and description alone don't
   * hold every word: plain text, shortened around the words.
   */
  excerpt: string | null;
}

/** An excerpt is at most this many words, with "…" where the sentence was cut. */
export const EXCERPT_WORDS = 24;
/** Words kept before the first matching one, when a sentence is cut. */
const WORDS_BEFORE = 6;

/** The sessions that match, in the order given; an empty search matches every one. */
export function searchSessions(sessions: readonly SearchableSession[], query: string): SessionMatch[] {
  const words = searchWords(query);
  const matches: SessionMatch[] = [];
  for (const session of sessions) {
    if (words.length === 0) {
      matches.push({ id: session.id, excerpt: null });
      continue;
    }
    const about = normalise(`${session.title} ${session.description}`);
    if (words.every((word) => about.includes(word))) {
      matches.push({ id: session.id, excerpt: null });
      continue;
    }
    const said = normalise(session.transcript.join(" "));
    if (!words.every((word) => about.includes(word) || said.includes(word))) continue;
    const unsaid = words.filter((word) => !about.includes(word));
    matches.push({ id: session.id, excerpt: excerptOf(session.transcript, words, unsaid) });
  }
  return matches;
}

/**
 * The sentence holding the most of the words (the first of equals), shortened
 * around them. The `wanted` words count first: those only the words said
 * hold, so the excerpt shows why the session was found.
 */
export function excerptOf(
  paragraphs: readonly string[],
  words: readonly string[],
  wanted: readonly string[] = words,
): string | null {
  let best: { sentence: string; score: number } | null = null;
  for (const sentence of paragraphs.flatMap(sentencesOf)) {
    const text = normalise(sentence);
    const count = (some: readonly string[]) => some.filter((word) => text.includes(word)).length;
    const score = count(wanted) * (words.length + 1) + count(words);
    if (score > 0 && (!best || score > best.score)) best = { sentence, score };
  }
  return best ? shorten(best.sentence, words) : null;
}

/** A paragraph's sentences: split after a full stop, question or exclamation mark (and a closing quote). */
function sentencesOf(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[.!?…]["”’)]*)\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

function shorten(sentence: string, words: readonly string[]): string {
  const tokens = sentence.split(/\s+/);
  if (tokens.length <= EXCERPT_WORDS) return sentence;
  const first = tokens.findIndex((token) => {
    const text = normalise(token);
    return words.some((word) => text.includes(word));
  });
  const start = Math.max(0, Math.min(first - WORDS_BEFORE, tokens.length - EXCERPT_WORDS));
  const end = start + EXCERPT_WORDS;
  return `${start > 0 ? "…" : ""}${tokens.slice(start, end).join(" ")}${end < tokens.length ? "…" : ""}`;
}

/** What a live region says after a search of the sessions. */
export function sessionCountText(count: number) {
  return countOf(count, "session");
}

/** Whether two searches read the same (so results for one answer the other). */
export function sameSearch(a: string, b: string): boolean {
  return searchWords(a).join(" ") === searchWords(b).join(" ");
}

/** Where a session's transcript is read in the portal. */
export const transcriptPath = (trackId: string) =>
  `/portal/library/${encodeURIComponent(trackId)}/transcript`;
