import { data } from "react-router";
import type { Route } from "./+types/article";
import { ArticleReader } from "#app/components/articles.tsx";
import { JsonLd } from "#app/components/json-ld.tsx";
import { siteWords } from "#app/request.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { baseUrlFrom, pageMeta } from "#app/modules/site/seo.ts";

export async function loader(args: Route.LoaderArgs) {
  const article = (await siteWords(args)).articles.find((a) => a.slug === args.params.slug);
  if (!article) throw data(null, { status: 404 });
  const { slug, title, excerpt, readTime, icon, colour, html, references } = article;
  return { article: { slug, title, excerpt, readTime, icon, colour, html, references } };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Article not found · ${BRAND.name}` }];
  return pageMeta({
    title: loaderData.article.title,
    description: loaderData.article.excerpt,
    path: `/hypno-science/${loaderData.article.slug}`,
    baseUrl: baseUrlFrom(matches),
    type: "article",
  });
}

export default function ArticlePage({ loaderData, matches }: Route.ComponentProps) {
  const { article } = loaderData;
  const baseUrl = baseUrlFrom(matches);
  return (
    <>
      <ArticleReader
        article={article}
        backTo="/hypno-science"
        callToAction={{
          title: "Put it into practice",
          text: "The free Foundation Course gives you two calming audio sessions and three guides. No card needed.",
          label: "Start the free course",
          to: "/auth?tier=free",
        }}
      />
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "Article",
          headline: article.title,
          description: article.excerpt,
          url: `${baseUrl}/hypno-science/${article.slug}`,
          timeRequired: `PT${article.readTime}M`,
          inLanguage: "en-GB",
          author: { "@type": "Organization", name: BRAND.name },
          publisher: { "@type": "Organization", name: BRAND.name },
          citation: article.references,
        }}
      />
    </>
  );
}
