import { Link } from "react-router";
import type { Route } from "./+types/overview";
import { AuditTable } from "#app/components/studio/audit-table.tsx";
import { FailedWorkPanel } from "#app/components/studio/failed-work.tsx";
import { failedEmails } from "#app/modules/email/outbox.server.ts";
import { auditEntries } from "#app/modules/studio/audit.server.ts";
import { studioOverview } from "#app/modules/studio/overview.server.ts";
import { deadJobs } from "#app/platform/jobs.server.ts";
import { db } from "#app/request.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Overview · Tidewell Studio" }];

export async function loader(args: Route.LoaderArgs) {
  const [overview, recent, jobs, emails] = await Promise.all([
    studioOverview(db(args)),
    auditEntries(db(args), { limit: 10 }),
    deadJobs(db(args), 20),
    failedEmails(db(args), 20),
  ]);
  return { overview, recent, failed: { jobs, emails } };
}

export default function StudioOverview({ loaderData }: Route.ComponentProps) {
  const { overview, recent, failed } = loaderData;
  const figures = [
    { label: "Members", value: overview.members },
    { label: "Premium", value: overview.premium },
    { label: "Joined in the last 7 days", value: overview.joinedThisWeek },
    { label: "Payments", value: overview.payments },
  ];
  return (
    <>
      <h1 className="text-3xl font-semibold">Overview</h1>
      <dl className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-2xl border border-ink/10 bg-white p-4">
            <dt className="text-sm text-ink-soft">{figure.label}</dt>
            <dd className="mt-1 font-serif text-3xl font-semibold text-ink">
              {figure.value.toLocaleString("en-GB")}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-10 flex items-baseline justify-between gap-4">
        <h2 className="text-xl font-semibold">Latest in the audit log</h2>
        <Link to="/studio/audit" className="text-plum underline underline-offset-4">
          The whole log
        </Link>
      </div>
      <AuditTable entries={recent} caption="The ten latest studio actions" />
      <FailedWorkPanel jobs={failed.jobs} emails={failed.emails} />
    </>
  );
}
