import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "#app/components/ui/cn.ts";

/** A heading cell: its words, or words for screen readers only (a column of buttons). */
export type StudioColumn = string | { label: string; hidden: true };

/** A studio list as a table in a card: scrolls sideways on a phone (by keyboard too), with a caption for screen readers. */
export function StudioTable({
  caption,
  columns,
  className,
  children,
}: {
  caption: string;
  columns: readonly StudioColumn[];
  className?: string;
  children: ReactNode;
}) {
  return (
    // On a phone the table scrolls sideways: the region takes focus, so the keyboard can scroll it too.
    <div
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={cn(
        "overflow-x-auto rounded-2xl border border-ink/10 bg-white focus-visible:outline-2 focus-visible:outline-plum",
        className,
      )}
    >
      <table className="w-full text-left text-[0.95rem]">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-ink/10 text-sm text-ink-soft">
          <tr>
            {columns.map((column) =>
              typeof column === "string" ? (
                <th key={column} scope="col" className="px-4 py-2 font-medium">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col" className="px-4 py-2 font-medium">
                  <span className="sr-only">{column.label}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A moment as the studio shows it: "26 Nov 2026, 07:55", in UTC like the audit log. */
export const STUDIO_WHEN = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

export const STUDIO_LINK = "inline-flex min-h-11 items-center text-plum underline underline-offset-4";

/** Links to a list's first and next page, where there are such pages. */
export function Pager({ first, next }: { first: string | null; next: string | null }) {
  return (
    <nav aria-label="Pages" className="mt-4 flex gap-4">
      {first ? (
        <Link to={first} className={STUDIO_LINK}>
          First page
        </Link>
      ) : null}
      {next ? (
        <Link to={next} className={STUDIO_LINK}>
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
