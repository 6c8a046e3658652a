import { Headphones } from "#app/components/ui/icons.tsx";
import { Link } from "react-router";
import { Art } from "#app/components/art.tsx";
import { Button } from "#app/components/ui/button.tsx";

/** The landing page's word about the podcast, with a link to it. */
export function PodcastTeaser() {
  return (
    <section aria-labelledby="podcast-heading" className="bg-lavender-soft py-12 md:py-16">
      <div className="container-page grid items-center gap-10 md:grid-cols-[1fr_1.2fr]">
        <Art
          seed="home-podcast"
          colour="lavender"
          motif="breath"
          className="hidden aspect-[3/2] w-full rounded-[var(--radius-card)] md:block"
        />
        <div>
          <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-plum uppercase">
            <Headphones aria-hidden="true" className="size-4" /> Podcast
          </p>
          <h2 id="podcast-heading" className="mt-2 text-3xl font-semibold">
            For the questions a short appointment can't answer
          </h2>
          <p className="mt-3 text-lg text-ink-soft">
            Gentle, well-informed conversations about pregnancy, birth and the first weeks, for walks,
            commutes and night feeds.
          </p>
          <Button asChild variant="secondary" className="mt-6">
            <Link to="/podcast">Listen to the podcast</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
