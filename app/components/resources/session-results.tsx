import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Headphones, Lock } from "#app/components/ui/icons.tsx";
import { sessionCountText, transcriptPath } from "#app/modules/transcripts/transcript-search.ts";
import type { SessionResult } from "#app/modules/transcripts/transcript-search.server.ts";

/**
 * The sessions that match the resource centre's search, found by the server
 * (their words never come to the page). While she types a new search they
 * answer an older one, so the page offers to search them again instead.
 * Shown only when some match, or to offer that.
 */
export function SessionResults({
  query,
  found,
  current,
  onSearch,
}: {
  query: string;
  found: readonly SessionResult[];
  /** Whether `found` answers the search in the box. */
  current: boolean;
  onSearch: () => void;
}) {
  return (
    <section aria-labelledby="session-results" className="mt-10">
      <h2 id="session-results" className="text-2xl font-semibold">
        Sessions
      </h2>
      <p role="status" aria-atomic="true" className="mt-1 text-sm font-medium text-ink-soft">
        {current ? sessionCountText(found.length) : ""}
      </p>
      {current ? (
        <ul className="mt-3 grid gap-3">
          {found.map((session) => (
            <li key={session.id} className="rounded-2xl border border-line bg-white p-4 shadow-soft md:p-5">
              <h3 className="flex items-center gap-2 text-lg font-semibold">
                {session.locked ? (
                  <Lock aria-hidden="true" className="size-4 text-ink-soft" />
                ) : (
                  <Headphones aria-hidden="true" className="size-4 text-plum" />
                )}
                {session.title}
              </h3>
              {session.excerpt ? (
                <p className="mt-1 text-ink">
                  <span className="font-medium">In the session: </span>“{session.excerpt}”
                </p>
              ) : null}
              <Link
                to={transcriptPath(session.id)}
                className="mt-1 inline-flex min-h-11 items-center font-medium text-plum underline underline-offset-4 hover:text-plum-deep"
              >
                {session.locked ? "In the Complete Course" : "Read the transcript"}{" "}
                <span className="sr-only">of {session.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <Button type="button" variant="link" size="md" className="mt-2 min-h-11" onClick={onSearch}>
          Search the sessions for “{query}”
        </Button>
      )}
    </section>
  );
}
