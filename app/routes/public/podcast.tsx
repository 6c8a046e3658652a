import type { Route } from "./+types/podcast";
import { PageIntro } from "#app/components/page-intro.tsx";
import { PODCAST_TITLE, PodcastListening, PodcastPitch } from "#app/components/podcast.tsx";
import { baseUrlFrom, pageMeta } from "#app/modules/site/seo.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Podcast",
    description:
      "Antenatal appointments are short. Our listening list fills the gaps: gentle, well-informed conversations about pregnancy, birth and the first weeks.",
    path: "/podcast",
    baseUrl: baseUrlFrom(matches),
  });
}

export default function Podcast() {
  return (
    <>
      <PageIntro eyebrow="Podcast" title={PODCAST_TITLE}>
        <PodcastPitch />
      </PageIntro>
      <section className="container-page">
        <PodcastListening />
      </section>
    </>
  );
}
