import { countOf, nounFor } from "#app/modules/words/plural.ts";

/**
 * Where the course's content stands, in the owner's words: what members can
 * have, what is missing, and which sessions have a transcript. Counted from
 * the content page's lists (content.server.ts); pure.
 */
export function contentStanding({
  tracks,
  guides,
}: {
  tracks: readonly { state: "published" | "coming-soon"; seconds: number | null; cues: number | null }[];
  guides: readonly { pages: number | null }[];
}): string[] {
  const published = tracks.filter((track) => track.state === "published").length;
  const comingSoon = tracks.length - published;
  const recordingsMissing = tracks.filter((track) => track.seconds === null).length;
  const guidesMissing = guides.filter((guide) => guide.pages === null).length;
  const transcribed = tracks.filter((track) => track.cues !== null).length;

  const sessions =
    comingSoon === 0
      ? `All ${countOf(tracks.length, "session")} ${nounFor(tracks.length, "is", "are")} published.`
      : `${countOf(published, "session")} ${nounFor(published, "is", "are")} published, and ${comingSoon} more ${nounFor(comingSoon, "is", "are")} coming soon.`;

  const missing = [
    recordingsMissing > 0 ? countOf(recordingsMissing, "recording") : null,
    guidesMissing > 0 ? countOf(guidesMissing, "guide") : null,
  ].filter((part): part is string => part !== null);
  const files =
    missing.length === 0
      ? "Every recording and guide is in place."
      : `${missing.join(" and ")} ${nounFor(recordingsMissing + guidesMissing, "is", "are")} missing, marked in red below.`;

  const transcripts =
    transcribed === tracks.length
      ? "Every session has its transcript, from its captions."
      : transcribed === 0
        ? "No session has a transcript yet."
        : `${transcribed} of ${countOf(tracks.length, "session")} ${nounFor(transcribed, "has", "have")} a transcript; the others say “No transcript yet” below.`;

  return [sessions, files, transcripts];
}
