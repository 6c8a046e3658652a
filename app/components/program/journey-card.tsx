import type { ReactNode } from "react";
import { Baby } from "#app/components/ui/icons.tsx";
import type { ArrivalNote } from "#app/modules/program/postnatal.ts";
import type { ProgrammeJourney } from "#app/modules/program/programme-page.server.ts";
import { countOf } from "#app/modules/words/plural.ts";

/** Her journey before the birth: the days to go, her week of pregnancy and where she is in the programme. */
export function Journey({ journey }: { journey: ProgrammeJourney }) {
  return (
    <JourneyCard>
      <p className="mt-2 font-serif text-4xl font-semibold">
        {journey.daysUntil > 0
          ? `${countOf(journey.daysUntil, "day")} to go`
          : journey.daysUntil === 0
            ? journey.isInduction
              ? "Your induction is today"
              : "Your due date is today"
            : "Any day now"}
      </p>
      <p className="mt-2 text-cream/90">
        {journey.isInduction ? "Induction" : "Due"} {journey.dueDate}
        {journey.saved ? "" : " (Default Schedule)"} · Week {journey.pregnancyWeek} of pregnancy
        {journey.weeksRemaining > 0 ? ` · ${countOf(journey.weeksRemaining, "week")} to go` : ""}
      </p>
      <p className="mt-4 inline-block rounded-full bg-cream/15 px-4 py-1.5">{journey.where}</p>
      {journey.daysUntil < 0 ? (
        <p className="mt-3 text-cream/90">
          Babies come in their own time. Keep breathing, keep resting, and keep in touch with your midwife.
        </p>
      ) : null}
    </JourneyCard>
  );
}

/** Once her baby is here: the baby's age and birth day, in place of the countdown, and nothing to keep up with. */
export function BabyJourney({ baby }: { baby: ArrivalNote }) {
  return (
    <JourneyCard>
      <p className="mt-2 flex items-center gap-3 font-serif text-4xl font-semibold">
        <Baby aria-hidden="true" className="size-9 shrink-0" />
        {baby.age}
      </p>
      <p className="mt-2 text-cream/90">Born {baby.bornOn}</p>
      <p className="mt-3 measure text-cream/90">
        There's nothing here to keep up with now. The sessions are yours whenever you'd like a few quiet
        minutes, for rest, for feeding, or for falling asleep.
      </p>
    </JourneyCard>
  );
}

/** The programme page's first card: where she is on her journey. */
function JourneyCard({ children }: { children: ReactNode }) {
  return (
    <section
      aria-labelledby="journey-heading"
      className="rounded-[var(--radius-card)] bg-plum p-6 text-cream shadow-soft md:p-8"
    >
      <h2 id="journey-heading" className="text-sm font-semibold tracking-wide uppercase opacity-90">
        Your journey
      </h2>
      {children}
    </section>
  );
}
