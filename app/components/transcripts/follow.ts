/**
 * Following a transcript as its recording plays: which paragraph is "now".
 * A paragraph stays current through the pause after it, so the highlight
 * moves once per paragraph and never blinks off between them.
 */

/** A seek lands on the audio's nearest frame, which may be a moment before the time asked for. */
const SEEK_SLACK_SECONDS = 0.25;

/** The paragraph being said, or the last one said; -1 before the first. */
export function paragraphAt(paragraphs: readonly { start: number }[], seconds: number): number {
  let low = 0;
  let high = paragraphs.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (paragraphs[middle]!.start <= seconds + SEEK_SLACK_SECONDS) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
