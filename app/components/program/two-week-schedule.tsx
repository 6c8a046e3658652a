import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Schedule, type ScheduleDay } from "./schedule.tsx";

/** The dashboard's two weeks, day by day, with the way to her programme's page. */
export function TwoWeekSchedule({
  days,
  saved,
  busy,
}: {
  days: ScheduleDay[];
  /** She has saved her date: until then the schedule is the default one, and says so. */
  saved: boolean;
  /** Her date is being saved (see Schedule). */
  busy: boolean;
}) {
  return (
    <section
      aria-labelledby="schedule-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="schedule-heading" className="text-2xl font-semibold">
          Your two-week schedule{" "}
          {saved ? null : <span className="text-base font-normal text-ink-soft">(Default Schedule)</span>}
        </h2>
        <Button asChild variant="link">
          <Link to="/portal/program">Open your programme</Link>
        </Button>
      </div>
      <div className="mt-4">
        <Schedule days={days} saved={saved} showDates={saved} busy={busy} />
      </div>
    </section>
  );
}
