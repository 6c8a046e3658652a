import type { Testimonial } from "#app/modules/catalogue/pieces.ts";
import { formatDuration } from "#app/modules/catalogue/format.ts";
import { PREVIEW_AUDIO_FILE } from "#app/modules/catalogue/tracks.ts";
import type { MediaFacts } from "#app/modules/media/facts.server.ts";
import { formatPrice, type Price } from "#app/modules/payments/price.ts";
import { BUNDLED_CAPTIONS, PREVIEW_ID } from "#app/modules/transcripts/transcripts.server.ts";

/** What the landing page shows: the price, the preview's length and words, and six voices. */
export async function homePage(
  price: Price,
  mediaFacts: Pick<MediaFacts, "audioDuration">,
  testimonials: readonly Testimonial[],
) {
  return {
    price: formatPrice(price),
    previewDuration: formatDuration(await mediaFacts.audioDuration(PREVIEW_AUDIO_FILE)),
    // Its captions, paragraph by paragraph: the words as the recording says them.
    previewTranscript: (BUNDLED_CAPTIONS.transcriptOf(PREVIEW_ID)?.paragraphs ?? []).map(
      (paragraph) => paragraph.text,
    ),
    testimonials: testimonials.slice(0, 6),
  };
}
