import { Link } from "react-router";
import type { Route } from "./+types/overview";
import { AuditTable } from "#app/components/studio/audit-table.tsx";
import { FailedWorkPanel } from "#app/components/studio/failed-work.tsx";
import { FigureCards, MoneyTables } from "#app/components/studio/figure-cards.tsx";
import { failedEmails } from "#app/modules/email/outbox.server.ts";
import { auditEntries } from "#app/modules/studio/audit.server.ts";
import { figureCards } from "#app/modules/studio/figures.ts";
import { studioOwnerContext } from "#app/modules/studio/context.server.ts";
import { studioTimeZone } from "#app/modules/studio/settings.server.ts";
import { studioFigures } from "#app/modules/studio/figures.server.ts";
import { deadJobs } from "#app/platform/jobs.server.ts";
import { db, now } from "#app/request.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Overview · Tidewell Studio" }];

export async function loader(args: Route.LoaderArgs) {
  // Weeks on the owner's clock (the layout says which zone that is).
  const timeZone = await studioTimeZone(db(args), args.context.get(studioOwnerContext)!.id);
  const [figures, recent, jobs, emails] = await Promise.all([
    studioFigures(db(args), { now: now(args), timeZone }),
    auditEntries(db(args), { limit: 10 }),
    deadJobs(db(args), 20),
    failedEmails(db(args), 20),
  ]);
  return { figures, recent, failed: { jobs, emails } };
}

export default function StudioOverview({ loaderData }: Route.ComponentProps) {
  const { figures, recent, failed } = loaderData;
  const cards = figureCards(figures);
  return (
    <>
      <h1 className="text-3xl font-semibold">Overview</h1>
      <FigureCards
        cards={[cards.members, cards.paid, cards.given, cards.began, cards.joinedThisWeek, cards.payments]}
      />
      <MoneyTables money={figures.money} weekWords={figures.weekWords} />
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
