import { CalendarHeart, FileText, Headphones, Lock, Users } from "~/components/ui/icons.tsx";
import { COMPLETE_COURSE_CONTAINS } from "~/modules/catalogue/complete-course.ts";
import type { Route } from "./+types/course";
import { CourseOffers } from "~/components/course-offers.tsx";
import { JsonLd } from "~/components/json-ld.tsx";
import { PageIntro } from "~/components/page-intro.tsx";
import { GUIDES } from "~/modules/catalogue/guides.ts";
import { formatDuration, formatPages } from "~/modules/catalogue/format.ts";
import { COURSE_GROUPS, tracksIn } from "~/modules/catalogue/tracks.ts";
import { BRAND } from "~/modules/site/brand.ts";
import { baseUrlFrom, pageMeta } from "~/modules/site/seo.ts";
import { coursePrice, services } from "~/services.server.ts";
import { countOf } from "~/modules/site/plural.ts";

export async function loader(args: Route.LoaderArgs) {
  const { payments, mediaFacts } = services(args);
  const groups = await Promise.all(
    COURSE_GROUPS.map(async (group) => ({
      ...group,
      tracks: await Promise.all(
        tracksIn(group.tier).map(async (track) => ({
          id: track.id,
          title: track.title,
          description: track.description,
          duration: formatDuration(await mediaFacts.audioDuration(track.audioFile)),
        })),
      ),
    })),
  );
  const guides = await Promise.all(
    GUIDES.map(async (guide) => ({
      id: guide.id,
      title: guide.title,
      isFree: guide.isFree,
      pages: formatPages(await mediaFacts.pdfPageCount(guide.filename)),
    })),
  );
  return {
    groups,
    guides,
    price: coursePrice(args),
    offer: { amount: (payments.price.amountMinor / 100).toFixed(2), currency: payments.price.currency },
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "The course",
    description:
      "What's in Tidewell's free Foundation Course and the Complete Course: guided audio, printable guides and a two-week daily programme for you and your birth partner.",
    path: "/course",
    baseUrl: baseUrlFrom(matches),
  });
}

const HOW_IT_WORKS = [
  {
    Icon: Headphones,
    title: "Listen",
    text: "Short guided sessions for breathing, deep relaxation and calm visualisation. Most people listen in bed or on a walk.",
  },
  {
    Icon: CalendarHeart,
    title: "Practise daily",
    text: "The two-week programme tells you which session to play each day in the run-up to your birth, and keeps your streak.",
  },
  {
    Icon: Users,
    title: "Bring your partner",
    text: "Scripts, a partner guide and a read-only link mean your birth partner knows what to do and how to help.",
  },
  {
    Icon: FileText,
    title: "Understand",
    text: "Plain guides to labour, induction and caesarean, so you can ask good questions and make your own choices.",
  },
];

export default function Course({ loaderData, matches }: Route.ComponentProps) {
  const { groups, guides, price, offer } = loaderData;
  return (
    <>
      <PageIntro eyebrow="The course" title="Calm, practical preparation for birth">
        <p>
          Tidewell teaches simple hypnobirthing skills (slow breathing, deep relaxation, visualisation and
          positive words) that many people find help them feel calmer and more in control, whatever kind of
          birth they have. It works alongside your midwife's care, never instead of it.
        </p>
      </PageIntro>

      <section aria-labelledby="how-heading" className="container-page">
        <h2 id="how-heading" className="sr-only">
          How the course works
        </h2>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {HOW_IT_WORKS.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-[var(--radius-card)] bg-sand p-6">
              <Icon aria-hidden="true" className="size-7 text-plum" />
              <h3 className="mt-3 text-xl font-semibold">{title}</h3>
              <p className="mt-2 text-ink-soft">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="offers-heading" className="container-page py-16">
        <h2 id="offers-heading" className="text-3xl font-semibold md:text-4xl">
          Choose how to start
        </h2>
        <p className="mt-3 measure text-lg text-ink-soft">{COMPLETE_COURSE_CONTAINS}</p>
        <div className="mt-8">
          <CourseOffers price={price} />
        </div>
      </section>

      <section aria-labelledby="sessions-heading" className="container-page">
        <h2 id="sessions-heading" className="text-3xl font-semibold">
          The audio sessions
        </h2>
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          {groups.map((group) => (
            <section
              key={group.tier}
              aria-labelledby={`group-${group.tier}`}
              className="rounded-[var(--radius-card)] border border-line bg-white p-6"
            >
              <h3 id={`group-${group.tier}`} className="text-xl font-semibold">
                {group.title}
              </h3>
              <p className="text-sm text-ink-soft">
                {group.comingSoon ? "Coming Soon" : countOf(group.tracks.length, "session")}
                {group.tier === "foundation"
                  ? " · free"
                  : group.tier === "preparation"
                    ? " · Complete Course"
                    : ""}
              </p>
              {group.tracks.length > 0 ? (
                <ol className="mt-4 grid gap-3">
                  {group.tracks.map((track) => (
                    <li key={track.id}>
                      <p className="flex justify-between gap-3 font-medium">
                        {track.title}
                        {track.duration ? (
                          <span className="shrink-0 text-sm font-normal text-ink-soft">{track.duration}</span>
                        ) : null}
                      </p>
                      <p className="text-sm text-ink-soft">{track.description}</p>
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="mt-4 text-ink-soft">Sessions made for birth partners are on their way.</p>
              )}
            </section>
          ))}
        </div>
      </section>

      <section aria-labelledby="guides-heading" className="container-page py-16">
        <h2 id="guides-heading" className="text-3xl font-semibold">
          The printable guides
        </h2>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {guides.map((guide) => (
            <li
              key={guide.id}
              className="flex items-center justify-between gap-3 rounded-2xl border border-line bg-white px-5 py-4"
            >
              <span>
                <span className="block font-medium">{guide.title}</span>
                <span className="text-sm text-ink-soft">{guide.pages}</span>
              </span>
              <span
                className={
                  guide.isFree
                    ? "rounded-full bg-sage-soft px-3 py-1 text-sm font-medium text-sage-deep"
                    : "inline-flex items-center gap-1 rounded-full bg-lavender-soft px-3 py-1 text-sm font-medium text-plum-deep"
                }
              >
                {guide.isFree ? (
                  "Free"
                ) : (
                  <>
                    <Lock aria-hidden="true" className="size-3.5" /> Complete Course
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "Course",
          name: `${BRAND.name} Complete Hypnobirthing Course`,
          description:
            "Guided audio sessions, printable guides and a two-week daily programme to prepare calmly for birth, with your birth partner.",
          provider: { "@type": "Organization", name: BRAND.name, url: baseUrlFrom(matches) },
          inLanguage: "en-GB",
          offers: [
            {
              "@type": "Offer",
              price: "0",
              priceCurrency: offer.currency,
              category: "Free",
              name: "Foundation Course",
            },
            {
              "@type": "Offer",
              price: offer.amount,
              priceCurrency: offer.currency,
              category: "Paid",
              name: "Complete Course",
            },
          ],
          hasCourseInstance: { "@type": "CourseInstance", courseMode: "online", courseWorkload: "PT15M" },
        }}
      />
    </>
  );
}
