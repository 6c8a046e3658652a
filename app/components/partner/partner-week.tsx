import { cn } from "#app/components/ui/cn.ts";
import { Check } from "#app/components/ui/icons.tsx";
import type { PartnerView } from "#app/modules/partner/share.server.ts";

/** This week of the member's programme as her birth partner follows it: each day, today marked, done or not yet. */
export function PartnerWeek({ week, days }: { week: number; days: PartnerView["thisWeek"] }) {
  return (
    <section
      aria-labelledby="week-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft"
    >
      <h2 id="week-heading" className="text-2xl font-semibold">
        This week: week {week} of 2
      </h2>
      <ol className="mt-4 grid gap-2">
        {days.map((day) => (
          <li
            key={day.day}
            className={cn(
              "flex items-center gap-3 rounded-2xl border px-4 py-3",
              day.isToday ? "border-plum/50 ring-2 ring-lavender" : "border-line",
            )}
          >
            <span
              className={cn(
                "inline-flex size-7 shrink-0 items-center justify-center rounded-full text-sm",
                day.completed ? "bg-sage-deep text-cream" : "bg-sand text-ink-soft",
              )}
            >
              {day.completed ? <Check aria-hidden="true" className="size-4" /> : day.day}
            </span>
            <span className="flex-1">
              Day {day.day}: {day.activity}
              {day.isToday ? <span className="ml-2 text-sm font-medium text-plum">Today</span> : null}
            </span>
            <span className="sr-only">{day.completed ? "done" : "not yet"}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
