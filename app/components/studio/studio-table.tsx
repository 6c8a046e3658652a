import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "#app/components/ui/cn.ts";

/** A heading cell: its words, or words for screen readers only (a column of buttons). */
export type StudioColumn = string | { label: string; hidden: true };

/**
 * A studio list as a table in a card, with a caption for screen readers. On
 * a wide screen it is a table (scrolling sideways, by keyboard too, if it
 * must); on a phone (`studio-table` in app.css) each row is a card of its
 * own, each cell under its column's name, so nothing runs off the screen.
 * The rows are the caller's `<tr>`s; each cell is given its column's name
 * here. The table's roles are spelled out, as a browser may drop a table's
 * meaning once its rows are laid out as blocks.
 */
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
  const labels = columns.map((column) => (typeof column === "string" ? column : null));
  return (
    // On a wide screen the table may scroll sideways: the region takes focus, so the keyboard can scroll it too.
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
      <table role="table" className="studio-table w-full text-left text-[0.95rem]">
        <caption className="sr-only">{caption}</caption>
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- the roles stay when a phone shows cards */}
        <thead role="rowgroup" className="border-b border-ink/10 text-sm text-ink-soft">
          <tr role="row">
            {columns.map((column) =>
              typeof column === "string" ? (
                <th key={column} role="columnheader" scope="col" className="px-4 py-2 font-medium">
                  {column}
                </th>
              ) : (
                <th key={column.label} role="columnheader" scope="col" className="px-4 py-2 font-medium">
                  <span className="sr-only">{column.label}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles */}
        <tbody role="rowgroup">{labelledRows(children, labels)}</tbody>
      </table>
    </div>
  );
}

type Props = Record<string, unknown> & { children?: ReactNode };

/** The caller's rows, each cell given its column's name (`data-label`, shown on a phone) and its role. */
function labelledRows(rows: ReactNode, labels: (string | null)[]): ReactNode {
  return Children.map(rows, (row) => {
    if (!isValidElement<Props>(row)) return row;
    let column = 0;
    const cells = Children.map(row.props.children, (cell) => {
      if (!isValidElement<Props>(cell)) return cell;
      const label = labels[column++] ?? undefined;
      return cloneElement(cell as ReactElement<Props>, { role: "cell", "data-label": label });
    });
    return cloneElement(row as ReactElement<Props>, { role: "row" }, cells);
  });
}

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
