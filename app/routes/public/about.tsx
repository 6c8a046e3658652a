import { Link } from "react-router";
import type { Route } from "./+types/about";
import { Art } from "#app/components/art.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { siteWords } from "#app/request.server.ts";
import { baseUrlFrom, pageMeta } from "#app/modules/site/seo.ts";

export async function loader(args: Route.LoaderArgs) {
  const { about } = await siteWords(args);
  return { title: about.title, founder: about.founder, html: about.html };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "About us",
    description:
      "Why a computer scientist and mother made Tidewell: calm, evidence-based birth preparation that's easy to reach.",
    path: "/about",
    baseUrl: baseUrlFrom(matches),
  });
}

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <article className="container-page py-12 md:py-16">
      <div className="grid gap-10 md:grid-cols-[1.3fr_1fr] md:items-end">
        <div>
          <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">About us</p>
          <h1 className="mt-2 text-4xl font-semibold md:text-5xl">{loaderData.title}</h1>
          <p className="mt-4 measure text-lg text-ink-soft">
            {loaderData.founder}, founder of Tidewell: a computer scientist and a mother.
          </p>
        </div>
        <Art
          seed="about"
          colour="sage"
          motif="hands"
          className="aspect-[3/2] w-full rounded-[var(--radius-card)]"
        />
      </div>
      <div className="prose-calm mt-12" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
      <aside className="mt-12 max-w-[68ch] rounded-[var(--radius-card)] bg-sand p-6">
        <h2 className="text-xl font-semibold">Start where you are</h2>
        <p className="mt-2 text-ink-soft">
          The Foundation Course is free: two calming sessions and three guides.
        </p>
        <Button asChild className="mt-4">
          <Link to="/auth?tier=free">Start the free course</Link>
        </Button>
      </aside>
    </article>
  );
}
