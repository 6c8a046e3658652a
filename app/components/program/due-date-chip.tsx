import { CalendarDays } from "lucide-react";
import { Link } from "react-router";
import { formatShortDate } from "~/modules/program/calendar.ts";

/** The dashboard's corner chip: the date the programme runs to, or that it is the default one. */
export function DueDateChip({
  dueDate,
  isInduction,
  saved,
}: {
  dueDate: string;
  isInduction: boolean;
  saved: boolean;
}) {
  return (
    <Link
      to="/portal/profile"
      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-medium text-ink shadow-soft hover:border-plum/40"
    >
      <CalendarDays aria-hidden="true" className="size-4 text-plum" />
      {isInduction ? "Induction" : "Due"} {formatShortDate(dueDate)}
      {saved ? null : (
        <span className="rounded-full bg-lavender-soft px-2 py-0.5 text-xs text-plum-deep">Default</span>
      )}
    </Link>
  );
}
