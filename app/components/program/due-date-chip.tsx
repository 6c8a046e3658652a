import { Baby, CalendarDays } from "#app/components/ui/icons.tsx";
import { Link } from "react-router";
import { FOCUS_AFTER, focusTarget } from "#app/components/ui/focus-after.ts";
import { formatShortDate } from "#app/modules/calendar/dates.ts";

/**
 * The dashboard's corner chip: the date the programme runs to. Before the
 * member has set one, it says in words what the default means, and the date
 * picker is one tap away. Once her baby has arrived, it is the baby's birthday.
 */
export function DueDateChip({
  dueDate,
  isInduction,
  saved,
  bornOn = null,
}: {
  dueDate: string;
  isInduction: boolean;
  saved: boolean;
  bornOn?: string | null;
}) {
  const chip =
    "inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-medium text-ink shadow-soft hover:border-plum/40";
  if (bornOn) {
    return (
      <Link to="/portal/profile#baby-heading" className={chip}>
        <Baby aria-hidden="true" className="size-4 text-plum" />
        Born {formatShortDate(bornOn)}
      </Link>
    );
  }
  if (saved) {
    return (
      // Where focus goes once she saves her date (the form she used is gone): the date, saved.
      <Link ref={focusTarget(FOCUS_AFTER.dueDate)} to="/portal/profile" className={chip}>
        <CalendarDays aria-hidden="true" className="size-4 text-plum" />
        {isInduction ? "Induction" : "Due"} {formatShortDate(dueDate)}
      </Link>
    );
  }
  return (
    <div className="grid max-w-xs gap-1.5 sm:justify-items-end sm:text-right">
      <a href="#onboarding-date" onClick={openPicker} className={`${chip} w-fit`}>
        <CalendarDays aria-hidden="true" className="size-4 text-plum" />
        Due {formatShortDate(dueDate)}
        <span className="rounded-full bg-lavender-soft px-2 py-0.5 text-xs text-plum-deep">Default</span>
      </a>
      <p className="text-sm text-ink-soft">
        We have planned two weeks from today until you set your date.{" "}
        <a
          href="#onboarding-date"
          onClick={openPicker}
          className="font-medium text-plum underline underline-offset-4"
        >
          Set your date
        </a>
      </p>
    </div>
  );
}

/** Straight to the picker: focused, and opened where the browser can. */
function openPicker(event: React.MouseEvent<HTMLAnchorElement>) {
  const input = document.getElementById("onboarding-date");
  if (!(input instanceof HTMLInputElement)) return;
  event.preventDefault();
  input.scrollIntoView({ block: "center", behavior: "smooth" });
  input.focus({ preventScroll: true });
  try {
    input.showPicker();
  } catch {
    // Not allowed here (or not offered): the focused field is enough.
  }
}
