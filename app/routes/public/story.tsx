import { ArrowLeft } from "#app/components/ui/icons.tsx";
import { data, Link } from "react-router";
import type { Route } from "./+types/story";
import { Art } from "#app/components/art.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { siteWords } from "#app/request.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { baseUrlFrom, pageMeta } from "#app/modules/site/seo.ts";

export async function loader(args: Route.LoaderArgs) {
  const story = (await siteWords(args)).stories.find((s) => s.slug === args.params.slug);
  if (!story) throw data(null, { status: 404 });
  const { slug, title, name, birthType, excerpt, colour, html } = story;
  return { story: { slug, title, name, birthType, excerpt, colour, html } };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Story not found · ${BRAND.name}` }];
  return pageMeta({
    title: loaderData.story.title,
    description: loaderData.story.excerpt,
    path: `/stories/${loaderData.story.slug}`,
    baseUrl: baseUrlFrom(matches),
    type: "article",
  });
}

export default function StoryPage({ loaderData }: Route.ComponentProps) {
  const { story } = loaderData;
  return (
    <article className="container-page max-w-3xl py-10 md:py-14">
      <Button asChild variant="ghost" className="-ml-4">
        <Link to="/stories">
          <ArrowLeft aria-hidden="true" /> All birth stories
        </Link>
      </Button>
      <p className="mt-6 text-sm font-semibold tracking-wide text-sage-deep uppercase">
        {story.birthType} · {story.name}'s story
      </p>
      <h1 className="mt-2 text-4xl font-semibold md:text-5xl">{story.title}</h1>
      <Art
        seed={story.slug}
        colour={story.colour}
        motif="moon"
        className="mt-8 aspect-[5/2] w-full rounded-[var(--radius-card)]"
      />
      <div className="prose-calm mt-8" dangerouslySetInnerHTML={{ __html: story.html }} />
      <aside className="mt-12 rounded-[var(--radius-card)] bg-sand p-6">
        <h2 className="text-xl font-semibold">Your own preparation</h2>
        <p className="mt-2 text-ink-soft">
          Start with the free Foundation Course: two calming audio sessions and three guides, for you and your
          birth partner.
        </p>
        <Button asChild className="mt-4">
          <Link to="/auth?tier=free">Start the free course</Link>
        </Button>
      </aside>
    </article>
  );
}
