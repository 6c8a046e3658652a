import { HeartHandshake } from "#app/components/ui/icons.tsx";
import type { SharedStreak } from "#app/modules/partner/portal.server.ts";
import { countOf } from "#app/modules/words/plural.ts";

/**
 * The couple's shared streak, beside the personal one: on a day both listened,
 * "You and <name> practised together". Never a word about a day missed.
 */
export function PractisedTogether({ together, otherName }: { together: SharedStreak; otherName: string }) {
  return (
    <section
      aria-labelledby="together-heading"
      className="flex items-start gap-4 rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
    >
      <span
        aria-hidden="true"
        className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-lavender-soft text-plum"
      >
        <HeartHandshake className="size-6" />
      </span>
      <div>
        <h2 id="together-heading" className="text-xl font-semibold">
          {together.today ? `You and ${otherName} practised together` : `Practising with ${otherName}`}
        </h2>
        <p className="mt-1 text-ink-soft">
          {together.streak !== null && together.streak > 0
            ? `${countOf(together.streak, "day")} in a row you've both listened.`
            : together.today
              ? "You both listened today."
              : `On days you both listen to a session, it shows here.`}
        </p>
      </div>
    </section>
  );
}
