import { data } from "react-router";
import type { Route } from "./+types/article";
import { ArticleReader } from "#app/components/articles.tsx";
import { RouteErrorScreen } from "#app/components/error-screens.tsx";
import { siteWords } from "#app/request.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";

export async function loader(args: Route.LoaderArgs) {
  const article = (await siteWords(args)).articles.find((a) => a.slug === args.params.slug);
  if (!article) throw data(null, { status: 404 });
  const { slug, title, excerpt, readTime, icon, colour, html, references } = article;
  return { article: { slug, title, excerpt, readTime, icon, colour, html, references } };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? loaderData.article.title : "Article not found";
  return [{ title: `${title} · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

/** The public reader, inside the portal: Back returns to the members' list, and the next step is her library. */
export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  return (
    <ArticleReader
      article={loaderData.article}
      backTo="/portal/hypno-science"
      callToAction={{
        title: "Put it into practice",
        text: "A few quiet minutes with a calming session is the best way to feel what you've just read.",
        label: "Listen in your library",
        to: "/portal/library",
      }}
    />
  );
}

/** An unknown article keeps the portal around it, so the way back is still there. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} />;
}
