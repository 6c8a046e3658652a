import type { Route } from "./+types/hypno-science";
import { ArticleCard, WantToLearnMore } from "#app/components/articles.tsx";
import { articleSummary } from "#app/modules/catalogue/pieces.ts";
import { siteWords } from "#app/request.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";

export function meta() {
  return [{ title: `Hypno-Science · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { articles } = await siteWords(args);
  return { articles: articles.map(articleSummary) };
}

/** The seven articles as on the public page; each opens in the portal's own reader. */
export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-page py-8 md:py-12" aria-labelledby="science-heading">
      <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">Hypno-Science</p>
      <h1 id="science-heading" className="mt-2 text-3xl font-semibold md:text-4xl">
        The science of calm
      </h1>
      <p className="mt-3 measure text-lg text-ink-soft">
        What research tells us about relaxation, hormones and birth, explained simply and honestly, with the
        sources at the end of every article. Each one takes five to eight minutes: a good read before a
        practice session.
      </p>
      <div className="mt-8 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
        {loaderData.articles.map((article) => (
          <ArticleCard key={article.slug} article={article} basePath="/portal/hypno-science" />
        ))}
        <WantToLearnMore
          invitation={{
            text: "Your library turns the science into practice. Press play on a calming session tonight and feel what these articles describe.",
            label: "Go to your library",
            to: "/portal/library",
          }}
        />
      </div>
    </section>
  );
}
