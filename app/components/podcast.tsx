import { ExternalLink, Headphones, Play } from "#app/components/ui/icons.tsx";
import { useState } from "react";
import { Art } from "#app/components/art.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { PODCAST } from "#app/modules/site/podcast.ts";

/** The podcast's headline, shared by the public page and the members' one. */
export const PODCAST_TITLE = "Ten-minute appointments leave a lot unsaid";

/** The pitch under the headline: why a listening list at all. */
export function PodcastPitch() {
  return (
    <p>
      Antenatal appointments are often rushed. There is rarely time to ask what an induction involves, how to
      write birth preferences, or what your birth partner can actually do. Our listening list gathers calm,
      well-informed conversations to fill those gaps, for walks, commutes and night feeds.
    </p>
  );
}

/** The player beside where else to listen, and the reminder that a podcast is not medical advice. */
export function PodcastListening() {
  return (
    <div className="grid gap-10 lg:grid-cols-[1.2fr_1fr]">
      <PodcastPlayer />
      <div className="grid content-start gap-4">
        <h2 className="text-2xl font-semibold">Listen where you like</h2>
        <p className="text-ink-soft">
          Follow the list in your usual app and new episodes arrive on their own.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <a href={PODCAST.spotifyUrl} target="_blank" rel="noopener noreferrer">
              Listen on Spotify <ExternalLink aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={PODCAST.applePodcastsUrl} target="_blank" rel="noopener noreferrer">
              Find it on Apple Podcasts <ExternalLink aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </Button>
        </div>
        <p className="text-sm text-ink-soft">
          Podcasts share stories and ideas, not medical advice. Your midwife or doctor knows your situation
          best.
        </p>
      </div>
    </div>
  );
}

/**
 * The player is Spotify's, so it would tell Spotify you visited: it loads only
 * when you ask for it.
 */
function PodcastPlayer() {
  const [loaded, setLoaded] = useState(false);
  if (loaded) {
    return (
      <iframe
        title={`${PODCAST.name} player`}
        src={PODCAST.embedUrl}
        height={PODCAST.embedHeight}
        className="w-full rounded-[var(--radius-card)] border-0"
        allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
        loading="lazy"
      />
    );
  }
  return (
    <div
      className="relative grid place-items-center overflow-hidden rounded-[var(--radius-card)] border border-line"
      style={{ minHeight: PODCAST.embedHeight }}
    >
      <Art seed="podcast" colour="lavender" motif="breath" className="absolute inset-0 h-full w-full" />
      <div className="relative grid max-w-sm gap-3 rounded-2xl bg-cream/95 p-6 text-center shadow-soft">
        <Headphones aria-hidden="true" className="mx-auto size-8 text-plum" />
        <p className="font-serif text-xl font-semibold">{PODCAST.name}</p>
        <p className="text-sm text-ink-soft">
          The player comes from Spotify. It loads when you press play, and then Spotify's own privacy terms
          apply.
        </p>
        <Button type="button" onClick={() => setLoaded(true)}>
          <Play aria-hidden="true" /> Load the player
        </Button>
      </div>
    </div>
  );
}
