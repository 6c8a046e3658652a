import type { Route } from "./+types/audit";
import { AuditTable } from "#app/components/studio/audit-table.tsx";
import { auditEntries } from "#app/modules/studio/audit.server.ts";
import { db } from "#app/request.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Audit log · Tidewell Studio" }];

export async function loader(args: Route.LoaderArgs) {
  return { entries: await auditEntries(db(args), { limit: 200 }) };
}

export default function StudioAudit({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-semibold">Audit log</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">
        Every studio action, newest first. The log can't be changed or deleted, and keeps an entry when the
        account it is about is deleted (by its id alone).
      </p>
      <AuditTable entries={loaderData.entries} caption="Studio actions, newest first" />
    </>
  );
}
