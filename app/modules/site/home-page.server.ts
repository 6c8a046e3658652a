import { testimonials, transcriptFor } from "../catalogue/content.server.ts";
import { formatDuration } from "../catalogue/format.ts";
import { PREVIEW_AUDIO_FILE } from "../catalogue/tracks.ts";
import type { MediaFacts } from "../media/facts.server.ts";
import { formatPrice, type Price } from "../payments/price.ts";

/** What the landing page shows: the price, the preview's length and words, and six voices. */
export async function homePage(price: Price, mediaFacts: Pick<MediaFacts, "audioDuration">) {
  return {
    price: formatPrice(price),
    previewDuration: formatDuration(await mediaFacts.audioDuration(PREVIEW_AUDIO_FILE)),
    previewTranscript: transcriptFor("preview"),
    testimonials: testimonials.slice(0, 6),
  };
}
