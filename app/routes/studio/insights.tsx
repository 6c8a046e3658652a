import type { Route } from "./+types/insights";
import {
  AdherenceChart,
  CohortChart,
  TracksChart,
  WeeklyChart,
} from "#app/components/studio/insights-charts.tsx";
import { FigureCards } from "#app/components/studio/figure-cards.tsx";
import { figureCards } from "#app/modules/studio/figures.ts";
import { studioOwnerContext } from "#app/modules/studio/context.server.ts";
import { studioTimeZone } from "#app/modules/studio/settings.server.ts";
import { studioFigures } from "#app/modules/studio/figures.server.ts";
import { studioInsights } from "#app/modules/studio/insights.server.ts";
import { db, now } from "#app/request.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Insights · Tidewell Studio" }];

export async function loader(args: Route.LoaderArgs) {
  // Weeks on the owner's clock (the layout says which zone that is).
  const timeZone = await studioTimeZone(db(args), args.context.get(studioOwnerContext)!.id);
  const at = { now: now(args), timeZone };
  const [figures, insights] = await Promise.all([studioFigures(db(args), at), studioInsights(db(args), at)]);
  return { figures, insights };
}

export default function StudioInsights({ loaderData }: Route.ComponentProps) {
  const { figures, insights } = loaderData;
  const { weeks, cohorts, adherence, tracks } = insights;
  const cards = figureCards(figures);
  return (
    <>
      <h1 className="text-3xl font-semibold">Insights</h1>
      <p className="mt-2 max-w-prose text-ink-soft">
        How people join, buy and practise. Members are the course&apos;s own accounts (not studio owners or
        birth partners). {figures.weekWords} This week is the last.
      </p>
      <FigureCards cards={[cards.members, cards.course, cards.began, cards.payments]} />
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <WeeklyChart weeks={weeks} weekWords={figures.weekWords} />
        <CohortChart cohorts={cohorts} />
        <AdherenceChart days={adherence.days} drop={adherence.biggestDrop} />
        <TracksChart tracks={tracks.all} most={tracks.most} least={tracks.least} />
      </div>
    </>
  );
}
