import { Link } from "react-router";
import type { AuditAction, AuditDetailValue } from "#app/modules/studio/audit.server.ts";
import { auditDetailText, auditHeadline } from "#app/modules/studio/audit-labels.ts";
import { useStudioTime } from "#app/components/studio/studio-clock.tsx";
import { StudioTable } from "#app/components/studio/studio-table.tsx";

export interface AuditRow {
  id: string;
  at: Date | string;
  actorId: string;
  action: AuditAction;
  subjectId: string | null;
  detail: Record<string, AuditDetailValue>;
  ip: string | null;
  actorEmail: string | null;
  subjectEmail: string | null;
  /** The reason the owner gave, while the member it is about has an account. */
  reason: string | null;
  /** The title of the piece of the site's words it is about, as published now. */
  pieceTitle?: string | null;
}

/** An account the log names that no longer exists: by its id, as the log keeps it. */
function DeletedAccount({ id }: { id: string }) {
  return (
    <span className="text-ink-soft">
      Deleted account <span className="font-mono">{id.slice(0, 8)}</span>
    </span>
  );
}

/** What an entry says besides its action, on a line of its own when there is anything. */
function Detail({ entry }: { entry: AuditRow }) {
  const text = auditDetailText(entry.detail, entry.reason, entry.pieceTitle ?? null);
  return text ? <span className="block text-sm text-ink-soft">{text}</span> : null;
}

/** Studio actions as a table: when (on her clock), what, by whom, about whom, and from where. */
export function AuditTable({ entries, caption }: { entries: AuditRow[]; caption: string }) {
  const when = useStudioTime();
  if (entries.length === 0) return <p className="mt-4 text-ink-soft">Nothing yet.</p>;
  return (
    <StudioTable caption={caption} columns={["When", "What", "By", "About", "From"]} className="mt-4">
      {entries.map((entry) => (
        <tr key={entry.id} className="border-b border-ink/5 align-top last:border-0">
          <td className="px-4 py-2 whitespace-nowrap">{when(entry.at)}</td>
          <td className="px-4 py-2">
            {auditHeadline(entry.action, entry.detail)}
            <Detail entry={entry} />
          </td>
          <td className="px-4 py-2 text-sm">
            {entry.actorId === "command"
              ? "Command line"
              : (entry.actorEmail ?? <DeletedAccount id={entry.actorId} />)}
          </td>
          <td className="px-4 py-2 text-sm">
            {entry.subjectId && entry.subjectEmail ? (
              <Link
                to={`/studio/members/${entry.subjectId}`}
                className="text-plum underline underline-offset-4"
              >
                {entry.subjectEmail}
              </Link>
            ) : entry.subjectId ? (
              <DeletedAccount id={entry.subjectId} />
            ) : (
              "—"
            )}
          </td>
          <td className="px-4 py-2 font-mono text-sm">{entry.ip ?? "—"}</td>
        </tr>
      ))}
    </StudioTable>
  );
}
