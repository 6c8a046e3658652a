import { Check, Lock, Snowflake } from "#app/components/ui/icons.tsx";
import { useState } from "react";
import { cn } from "#app/components/ui/cn.ts";
import { formatLongDate } from "#app/modules/calendar/dates.ts";
import { programmeMessages as m } from "#app/modules/program/messages.ts";
import { progressPercent } from "#app/modules/program/program.ts";
import { useOptimisticToggle, useProgrammeAction } from "./use-programme-action.ts";

export interface ScheduleDay {
  id: string | null;
  week: 1 | 2;
  day: number;
  activity: string;
  date: string;
  completed: boolean;
  /** In the Complete Course, which the member hasn't: the free track to practise with instead. */
  practiseWith: string | null;
  isToday: boolean;
  /** A day still to come: "Opens on …", and its box can't be ticked until then. */
  opensOn: string | null;
  /** A missed day kept as her rest day: her streak went on through it. */
  restDay?: boolean;
}

/**
 * The two weeks, day by day, with progress. A saved schedule toggles on the
 * server; the default (unsaved) one toggles here only, in the browser.
 */
export function Schedule({
  days,
  saved,
  showDates,
  busy = false,
}: {
  days: ScheduleDay[];
  saved: boolean;
  showDates: boolean;
  /** The date is being saved: a tick now would land on the schedule that is about to be replaced. */
  busy?: boolean;
}) {
  const [local, setLocal] = useState<Record<string, boolean>>({});
  // Kept on the server once her date is saved, or once she has practised on the Default Schedule.
  const kept = saved || days.every((day) => day.id !== null);
  // Ticks on the default schedule stay in this page; once the date is saved, the server's count.
  const done = (day: ScheduleDay) =>
    kept ? day.completed : (local[`${day.week}-${day.day}`] ?? day.completed);
  const completed = days.filter(done).length;
  const percent = progressPercent(completed, days.length);

  return (
    <div>
      <div className="flex items-center justify-between gap-4">
        <p className="font-medium">
          {completed} of {days.length} days done
        </p>
        <p className="text-sm text-ink-soft">{percent}%</p>
      </div>
      <div
        role="progressbar"
        aria-label="Programme progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-sand"
      >
        <div
          className="h-full rounded-full bg-sage-deep transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        {[1, 2].map((week) => (
          <section key={week} aria-labelledby={`schedule-week-${week}`}>
            <h3 id={`schedule-week-${week}`} className="text-lg font-semibold">
              Week {week}
            </h3>
            <ol className="mt-2 grid gap-2">
              {days
                .filter((day) => day.week === week)
                .map((day) => (
                  <li key={`${day.week}-${day.day}`}>
                    <DayRow
                      day={day}
                      completed={done(day)}
                      saved={kept}
                      busy={busy}
                      showDates={showDates}
                      onLocalToggle={(value) =>
                        setLocal((current) => ({ ...current, [`${day.week}-${day.day}`]: value }))
                      }
                    />
                  </li>
                ))}
            </ol>
          </section>
        ))}
      </div>
      {days.some((day) => day.restDay) ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-ink-soft">
          <Snowflake aria-hidden="true" className="size-4 shrink-0 text-sage-deep" /> {m.restDayLegend}
        </p>
      ) : null}
    </div>
  );
}

function DayRow({
  day,
  completed,
  saved,
  busy,
  showDates,
  onLocalToggle,
}: {
  day: ScheduleDay;
  completed: boolean;
  saved: boolean;
  busy: boolean;
  showDates: boolean;
  onLocalToggle: (value: boolean) => void;
}) {
  const { submit, fetcher } = useProgrammeAction();
  const toggle = useOptimisticToggle(completed, fetcher, "completed");
  const checked = toggle.checked;
  const id = `day-${day.week}-${day.day}`;
  // A day to come can't be done yet; one ticked before it moved can still be unticked.
  const notYet = day.opensOn !== null && !checked;
  return (
    <div
      className={cn(
        "flex min-h-14 items-center gap-3 rounded-2xl border bg-white px-4 py-2",
        day.isToday ? "border-plum/50 ring-2 ring-lavender" : "border-line",
      )}
    >
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={busy || notYet}
        aria-describedby={notYet ? `${id}-opens` : undefined}
        onChange={(event) => {
          const value = event.currentTarget.checked;
          if (!saved || !day.id) return onLocalToggle(value);
          toggle.set(value);
          void submit({ intent: "toggle-activity", rowId: day.id, completed: String(value) });
        }}
        className={cn(
          "tick-box shrink-0 cursor-pointer",
          notYet ? "disabled:cursor-not-allowed" : "disabled:cursor-wait",
        )}
      />
      <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer">
        <span className={cn("block font-medium", checked && "text-ink-soft line-through decoration-1")}>
          Day {day.day}: {day.activity}
        </span>
        <span className="block text-sm text-ink-soft">
          {day.isToday ? (
            "Today"
          ) : notYet ? (
            <span id={`${id}-opens`}>{day.opensOn}</span>
          ) : showDates ? (
            formatLongDate(day.date)
          ) : null}
          {day.practiseWith ? (
            <span className="ml-2 inline-flex items-center gap-1">
              <Lock aria-hidden="true" className="size-3.5" /> Complete Course · practise with{" "}
              {day.practiseWith}
            </span>
          ) : null}
        </span>
      </label>
      {/* The mark's place is kept, ticked or not: a row whose words wrapped anew on a tick would move
          the box from under her finger as she taps it again. */}
      <span className="inline-flex size-5 shrink-0">
        {checked ? (
          <Check aria-hidden="true" className="size-5 text-sage-deep" />
        ) : day.restDay ? (
          <span role="img" aria-label={m.restDay} title={m.restDay} className="inline-flex">
            <Snowflake className="size-5 text-sage-deep" />
          </span>
        ) : null}
      </span>
    </div>
  );
}
