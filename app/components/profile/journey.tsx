import type { ReactNode } from "react";
import { Award, Baby, Flame, Headphones, Trophy } from "#app/components/ui/icons.tsx";
import { DueDateEditor } from "#app/components/program/due-date-editor.tsx";
import { dayCount } from "#app/modules/program/practice.ts";
import { PROGRAMME_LENGTH_DAYS } from "#app/modules/program/program.ts";
import type { ProfileJourney } from "#app/modules/program/profile-overview.ts";

/**
 * The profile's journey: her date, to change in place, and her practice in four
 * figures (two with streaks hidden); once her baby is here, the baby's age in
 * place of the weeks to go.
 */
export function Journey({ date, stats }: Pick<ProfileJourney, "date" | "stats">) {
  return (
    <section
      aria-labelledby="journey-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
    >
      <h2 id="journey-heading" className="text-2xl font-semibold">
        Your journey
      </h2>
      <div className="mt-4">
        <DueDateEditor label={date.label} dateText={date.text} />
      </div>
      {/* Two figures side by side once each has room for its longest word (one above the other at 320 px). */}
      <dl className="mt-6 grid gap-3 min-[23rem]:grid-cols-2 sm:grid-cols-4">
        <Stat
          icon={<Headphones aria-hidden="true" className="size-5" />}
          label="Completed sessions"
          value={stats.sessionsFinished}
          note={`${stats.programmeDaysDone} of ${PROGRAMME_LENGTH_DAYS} programme days done`}
        />
        {stats.streak === null ? null : (
          <Stat
            icon={<Flame aria-hidden="true" className="size-5" />}
            label="Current streak"
            value={stats.streak > 0 ? dayCount(stats.streak) : "Not yet"}
            note={stats.streak > 0 ? undefined : "Begins with today's practice"}
          />
        )}
        {stats.longestStreak === null ? null : (
          <Stat
            icon={<Trophy aria-hidden="true" className="size-5" />}
            label="Longest streak"
            value={stats.longestStreak > 0 ? dayCount(stats.longestStreak) : "Not yet"}
          />
        )}
        {stats.baby ? (
          <Stat
            icon={<Baby aria-hidden="true" className="size-5" />}
            label="Your baby"
            value={stats.baby.age}
            note={`Born ${stats.baby.bornOn}`}
          />
        ) : (
          <Stat
            icon={<Award aria-hidden="true" className="size-5" />}
            label="Weeks to go"
            value={stats.weeksRemaining}
            note={`Week ${stats.pregnancyWeek} of pregnancy`}
          />
        )}
      </dl>
    </section>
  );
}

/** One figure in a description list: its icon and label, its value, and an optional note below. */
function Stat({
  icon,
  label,
  value,
  note,
}: {
  icon: ReactNode;
  label: string;
  value: string | number;
  note?: string;
}) {
  return (
    <div className="rounded-2xl bg-sand p-4">
      <dt className="flex items-center gap-2 text-sm text-ink-soft">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 font-serif text-2xl font-semibold">{value}</dd>
      {note ? <dd className="text-sm text-ink-soft">{note}</dd> : null}
    </div>
  );
}
