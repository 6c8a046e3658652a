import type { Route } from "./+types/hypno-science";
import { ArticleCard, WantToLearnMore } from "#app/components/articles.tsx";
import { PageIntro } from "#app/components/page-intro.tsx";
import { articleSummary } from "#app/modules/catalogue/pieces.ts";
import { siteWords } from "#app/request.server.ts";
import { baseUrlFrom, pageMeta } from "#app/modules/site/seo.ts";

export async function loader(args: Route.LoaderArgs) {
  const { articles } = await siteWords(args);
  return { articles: articles.map(articleSummary) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Hypno-Science: the science of calm birth",
    description:
      "Seven short, carefully sourced articles on calm, hormones, the relaxation response and what the evidence says about hypnobirthing.",
    path: "/hypno-science",
    baseUrl: baseUrlFrom(matches),
  });
}

export default function HypnoScience({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro eyebrow="Hypno-Science" title="The science of calm">
        <p>
          What research tells us about relaxation, hormones and birth, explained simply and honestly, with the
          sources at the end of every article. Each one takes five to eight minutes to read.
        </p>
      </PageIntro>
      <section aria-label="Articles" className="container-page pb-8">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.articles.map((article) => (
            <ArticleCard key={article.slug} article={article} basePath="/hypno-science" />
          ))}
          <WantToLearnMore />
        </div>
      </section>
    </>
  );
}
