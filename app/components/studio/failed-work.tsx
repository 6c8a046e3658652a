import type { ReactNode } from "react";
import { Link } from "react-router";
import { useStudioTime } from "#app/components/studio/studio-clock.tsx";
import { STUDIO_LINK, StudioTable } from "#app/components/studio/studio-table.tsx";

export interface FailedWork {
  jobs: {
    id: string;
    kind: string;
    user_id: string | null;
    attempts: number;
    last_error: string | null;
    finished_at: string | Date | null;
  }[];
  emails: {
    id: string;
    kind: string;
    to_address: string;
    attempts: number;
    last_error: string | null;
    failed_at: string | Date;
  }[];
}

const cell = "px-4 py-2 align-top";

/**
 * Work the server gave up on after every retry (a reminder whose job died, an
 * email the mail server kept refusing): nothing tries it again, so the owner
 * sees it here. Shown only when there is some.
 */
export function FailedWorkPanel({ jobs, emails }: FailedWork) {
  if (jobs.length === 0 && emails.length === 0) return null;
  return (
    <section aria-labelledby="failed-work" className="mt-10">
      <h2 id="failed-work" className="text-xl font-semibold">
        What could not be done
      </h2>
      <p className="mt-1 max-w-3xl text-ink-soft">
        These failed on every try and will not be tried again. The server's log has each one's full story.
      </p>
      <GivenUpTable
        caption="Jobs given up on, newest first"
        columns={["Job", "Member"]}
        rows={jobs.map((job) => ({
          ...job,
          who: job.user_id ? (
            <Link to={`/studio/members/${job.user_id}`} className={STUDIO_LINK}>
              Their page
            </Link>
          ) : (
            "—"
          ),
          at: job.finished_at,
        }))}
      />
      <GivenUpTable
        caption="Emails given up on, newest first"
        columns={["Email", "To"]}
        rows={emails.map((email) => ({
          ...email,
          who: <span className="whitespace-nowrap">{email.to_address}</span>,
          at: email.failed_at,
        }))}
      />
    </section>
  );
}

interface GivenUp {
  id: string;
  kind: string;
  who: ReactNode;
  attempts: number;
  last_error: string | null;
  at: string | Date | null;
}

/** One kind of work given up on: what it was, for whom, its tries, its last error and when; nothing when none. */
function GivenUpTable({
  caption,
  columns: [what, whom],
  rows,
}: {
  caption: string;
  columns: [string, string];
  rows: GivenUp[];
}) {
  const when = useStudioTime();
  if (rows.length === 0) return null;
  return (
    <StudioTable caption={caption} columns={[what, whom, "Tries", "Last error", "Given up"]} className="mt-4">
      {rows.map((row) => (
        <tr key={row.id} className="border-b border-ink/5 last:border-0">
          <td className={cell}>{row.kind}</td>
          <td className={cell}>{row.who}</td>
          <td className={cell}>{row.attempts}</td>
          <td className={`${cell} min-w-48`}>{row.last_error ?? "—"}</td>
          <td className={`${cell} whitespace-nowrap`}>{when(row.at)}</td>
        </tr>
      ))}
    </StudioTable>
  );
}
