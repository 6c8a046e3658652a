import { PODCAST_TITLE, PodcastListening, PodcastPitch } from "#app/components/podcast.tsx";
import { BRAND } from "#app/modules/site/brand.ts";

export function meta() {
  return [{ title: `Podcast · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

/** The public podcast page's words and player, inside the portal. */
export default function Page() {
  return (
    <section className="container-page py-8 md:py-12" aria-labelledby="podcast-heading">
      <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">Podcast</p>
      <h1 id="podcast-heading" className="mt-2 max-w-3xl text-3xl font-semibold md:text-4xl">
        {PODCAST_TITLE}
      </h1>
      <div className="mt-3 measure text-lg text-ink-soft">
        <PodcastPitch />
      </div>
      <div className="mt-8">
        <PodcastListening />
      </div>
    </section>
  );
}
