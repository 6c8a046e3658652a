import { redirect } from "react-router";
import type { Route } from "./+types/home";
import { CommunityInvite } from "#app/components/home/community-invite.tsx";
import { Hero } from "#app/components/home/hero.tsx";
import { LearningPath } from "#app/components/home/learning-path.tsx";
import { PodcastTeaser } from "#app/components/home/podcast-teaser.tsx";
import { Preview } from "#app/components/home/preview.tsx";
import { Voices } from "#app/components/home/voices.tsx";
import { homePage } from "#app/modules/site/home-page.server.ts";
import { baseUrlFrom, pageMeta } from "#app/modules/site/seo.ts";
import { memberContext, services, siteWords } from "#app/request.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Hypnobirthing for a calmer birth",
    description:
      "An online hypnobirthing course for you and your birth partner: calming audio, a two-week preparation programme and clear, evidence-based guides. Start free.",
    path: "/",
    baseUrl: baseUrlFrom(matches),
  });
}

/** A signed-in member belongs in the portal: sent there before anything is painted. */
export async function loader(args: Route.LoaderArgs) {
  if (args.context.get(memberContext)) throw redirect("/portal");
  const { payments, mediaFacts } = services(args);
  const { testimonials, course } = await siteWords(args);
  const { foundation, complete, guarantee } = course;
  return {
    ...(await homePage(payments.price, mediaFacts, testimonials)),
    offers: { foundation, complete, guarantee },
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { price, previewDuration, previewTranscript, testimonials, offers } = loaderData;
  return (
    <>
      <Hero />
      <Preview durationLabel={previewDuration} transcript={previewTranscript} />
      <LearningPath price={price} offers={offers} />
      <PodcastTeaser />
      <Voices testimonials={testimonials} />
      <CommunityInvite />
    </>
  );
}
