import { ArrowRight, Headphones, Quote, Star } from "~/components/ui/icons.tsx";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/home";
import { Art } from "~/components/art.tsx";
import { AudioPreview } from "~/components/audio-preview.tsx";
import { CourseOffers } from "~/components/course-offers.tsx";
import { Button } from "~/components/ui/button.tsx";
import { testimonials, transcriptFor } from "~/modules/catalogue/content.server.ts";
import { formatDuration } from "~/modules/catalogue/format.ts";
import { PREVIEW_AUDIO_FILE } from "~/modules/catalogue/tracks.ts";
import { baseUrlFrom, pageMeta } from "~/modules/site/seo.ts";
import { coursePrice, memberContext, services } from "~/services.server.ts";

/** A signed-in member belongs in the portal: sent there before anything is painted. */
export async function loader(args: Route.LoaderArgs) {
  if (args.context.get(memberContext)) throw redirect("/portal");
  const { mediaFacts } = services(args);
  return {
    price: coursePrice(args),
    previewDuration: formatDuration(await mediaFacts.audioDuration(PREVIEW_AUDIO_FILE)),
    previewTranscript: transcriptFor("preview"),
    testimonials: testimonials.slice(0, 6),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Hypnobirthing for a calmer birth",
    description:
      "An online hypnobirthing course for you and your birth partner: calming audio, a two-week preparation programme and clear, evidence-based guides. Start free.",
    path: "/",
    baseUrl: baseUrlFrom(matches),
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { price, previewDuration, previewTranscript } = loaderData;
  return (
    <>
      <section className="relative overflow-hidden">
        <div className="container-page grid items-center gap-12 py-10 md:grid-cols-[1.1fr_1fr] md:py-20">
          <div>
            <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">
              Online hypnobirthing course
            </p>
            <h1 className="mt-3 text-4xl font-semibold md:text-6xl">
              Feel calmer and more prepared for your birth
            </h1>
            <p className="mt-6 measure text-lg text-ink-soft md:text-xl">
              Guided audio, breathing practice and clear, evidence-based guides, for you and your birth
              partner. Start free, in your own time, from the comfort of home.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to="/auth?tier=free">
                  Start the free course <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/course">See what's inside</Link>
              </Button>
            </div>
          </div>
          {/* On a phone the preview follows the words at once; the picture is for wider screens. */}
          <div className="hidden md:block">
            <HeroIllustration />
          </div>
        </div>
      </section>

      <section aria-labelledby="preview-heading" className="container-page">
        <h2 id="preview-heading" className="sr-only">
          Audio course preview
        </h2>
        <div className="mx-auto max-w-2xl">
          <AudioPreview
            src="/audio/preview.mp3"
            durationLabel={previewDuration}
            transcript={previewTranscript}
          />
        </div>
      </section>

      <section aria-labelledby="path-heading" className="container-page py-14 md:py-20">
        <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">Your learning path</p>
        <h2 id="path-heading" className="mt-2 max-w-2xl text-3xl font-semibold md:text-4xl">
          Begin with the basics, go deeper when you're ready
        </h2>
        <p className="mt-4 measure text-lg text-ink-soft">
          The Foundation Course is free for good. The Complete Course adds every session, every guide and the
          two-week programme. Hypnobirthing works alongside your midwife's care, never instead of it.
        </p>
        <div className="mt-10">
          <CourseOffers price={price} />
        </div>
      </section>

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

      <section aria-labelledby="voices-heading" className="container-page py-14 md:py-20">
        <h2 id="voices-heading" className="text-3xl font-semibold md:text-4xl">
          In their words
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.testimonials.map((t, index) => (
            // Three voices are enough on a phone; wider screens show them all.
            <li key={t.author} className={index >= 3 ? "hidden md:block" : undefined}>
              <figure className="flex h-full flex-col rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft">
                <p
                  className="flex gap-0.5 text-apricot-deep"
                  role="img"
                  aria-label={`Rated ${t.rating} out of 5`}
                >
                  {Array.from({ length: t.rating }, (_, i) => (
                    <Star key={i} aria-hidden="true" className="size-4 fill-current" />
                  ))}
                </p>
                <blockquote className="mt-3 flex-1">
                  <Quote aria-hidden="true" className="mb-1 size-5 text-lavender" />
                  <p>{t.quote}</p>
                </blockquote>
                <figcaption className="mt-4 text-sm text-ink-soft">
                  <span className="font-semibold text-ink">{t.author}</span> · {t.role}, {t.location}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="community-heading" className="container-page">
        <div className="grid items-center gap-8 overflow-hidden rounded-[var(--radius-card)] bg-plum p-8 text-cream md:grid-cols-[1.4fr_1fr] md:p-12">
          <div>
            <h2 id="community-heading" className="text-3xl font-semibold">
              Join a calm community of parents-to-be
            </h2>
            <p className="mt-3 text-lg text-cream/90">
              Free to join. Start tonight with a few quiet minutes, and bring your birth partner along.
            </p>
          </div>
          <div className="md:text-right">
            <Button asChild size="lg">
              <Link to="/auth?tier=free">Join Community</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}

/** A moon rising over soft waves: the feeling we want, in shapes. */
function HeroIllustration() {
  return (
    <svg viewBox="0 0 480 400" className="mx-auto w-full max-w-md" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--color-lavender-soft)" />
          <stop offset="1" stopColor="var(--color-apricot-soft)" />
        </linearGradient>
        <clipPath id="hero-frame">
          <rect x="20" y="10" width="440" height="380" rx="190" />
        </clipPath>
      </defs>
      <g clipPath="url(#hero-frame)">
        <rect x="20" y="10" width="440" height="380" fill="url(#hero-sky)" />
        <circle cx="300" cy="150" r="62" fill="var(--color-apricot)" opacity="0.9" />
        <circle
          cx="300"
          cy="150"
          r="92"
          fill="none"
          stroke="var(--color-apricot)"
          strokeOpacity="0.35"
          strokeWidth="2"
        />
        <circle
          cx="300"
          cy="150"
          r="124"
          fill="none"
          stroke="var(--color-apricot)"
          strokeOpacity="0.18"
          strokeWidth="2"
        />
        <path
          d="M0 270c40-26 80-26 120 0s80 26 120 0 80-26 120 0 80-26 120 0v130H0Z"
          fill="var(--color-lavender)"
          opacity="0.7"
        />
        <path
          d="M0 305c40-22 80-22 120 0s80 22 120 0 80-22 120 0 80-22 120 0v95H0Z"
          fill="var(--color-sage)"
          opacity="0.55"
        />
        <path
          d="M60 340c35-16 70-16 105 0s70 16 105 0 70-16 105 0 50 12 75 6"
          fill="none"
          stroke="var(--color-cream)"
          strokeWidth="3"
          strokeLinecap="round"
          opacity="0.8"
        />
      </g>
    </svg>
  );
}
