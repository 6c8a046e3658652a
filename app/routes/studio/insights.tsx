import type { Route } from "./+types/insights";
import {
  AdherenceChart,
  CohortChart,
  TracksChart,
  WeeklyChart,
} from "#app/components/studio/insights-charts.tsx";
import { studioInsights } from "#app/modules/studio/insights.server.ts";
import { formatShare } from "#app/modules/studio/insights.ts";
import { db, now } from "#app/request.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Insights · Tidewell Studio" }];

export async function loader(args: Route.LoaderArgs) {
  return { insights: await studioInsights(db(args), now(args)) };
}

export default function StudioInsights({ loaderData }: Route.ComponentProps) {
  const { weeks, conversion, adherence, tracks } = loaderData.insights;
  const figures = [
    { label: "Members", value: conversion.members.toLocaleString("en-GB") },
    { label: "Premium", value: conversion.premium.toLocaleString("en-GB") },
    { label: "Premium share", value: formatShare(conversion.share) },
    { label: "Began the programme", value: adherence.started.toLocaleString("en-GB") },
  ];
  return (
    <>
      <h1 className="text-3xl font-semibold">Insights</h1>
      <p className="mt-2 max-w-prose text-ink-soft">
        How people join, buy and practise. Members are the course&apos;s own accounts (not owners or birth
        partners); weeks run Monday to Sunday, in UTC, this week last.
      </p>
      <dl className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-2xl border border-ink/10 bg-white p-4">
            <dt className="text-sm text-ink-soft">{figure.label}</dt>
            <dd className="mt-1 font-serif text-3xl font-semibold text-ink">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <WeeklyChart weeks={weeks} />
        <CohortChart cohorts={conversion.cohorts} />
        <AdherenceChart days={adherence.days} drop={adherence.biggestDrop} />
        <TracksChart tracks={tracks.all} most={tracks.most} least={tracks.least} />
      </div>
    </>
  );
}
