import { ArrowRight } from "#app/components/ui/icons.tsx";
import { Link } from "react-router";
import type { Route } from "./+types/stories";
import { Art } from "#app/components/art.tsx";
import { PageIntro } from "#app/components/page-intro.tsx";
import { siteWords } from "#app/request.server.ts";
import { baseUrlFrom, pageMeta } from "#app/modules/site/seo.ts";

export async function loader(args: Route.LoaderArgs) {
  const { stories } = await siteWords(args);
  return {
    stories: stories.map(({ slug, title, name, birthType, excerpt, colour }) => ({
      slug,
      title,
      name,
      birthType,
      excerpt,
      colour,
    })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Birth stories",
    description:
      "Stories of calm births of every kind: induced, at home, in hospital, with an epidural and by caesarean.",
    path: "/stories",
    baseUrl: baseUrlFrom(matches),
  });
}

export default function Stories({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro eyebrow="Birth stories" title="Every kind of birth can be a good birth">
        <p>
          Inductions, home births, epidurals and caesareans: stories of families who used calm breathing and
          preparation on the day, including when plans changed. Each is a composite, drawn from several
          families' experiences, with names and details changed.
        </p>
      </PageIntro>
      <section aria-label="Stories" className="container-page">
        <ul className="grid gap-6 md:grid-cols-2">
          {loaderData.stories.map((story) => (
            <li key={story.slug}>
              <article className="group relative grid h-full overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-soft sm:grid-cols-[10rem_1fr]">
                <Art seed={story.slug} colour={story.colour} motif="moon" className="h-36 w-full sm:h-full" />
                <div className="flex flex-col gap-2 p-5">
                  <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">
                    {story.birthType}
                  </p>
                  <h2 className="text-xl font-semibold">
                    <Link to={`/stories/${story.slug}`} className="after:absolute after:inset-0">
                      {story.title}
                    </Link>
                  </h2>
                  <p className="text-ink-soft">{story.excerpt}</p>
                  <p className="mt-auto inline-flex items-center gap-1 font-medium text-plum">
                    Read {story.name}'s story <ArrowRight aria-hidden="true" className="size-4" />
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
