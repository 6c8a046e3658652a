import { Sparkles, Trophy } from "#app/components/ui/icons.tsx";
import type { Achievement } from "#app/modules/program/practice.ts";

/** The achievements she has earned, the next one ahead, and the rest folded away. */
export function Achievements({ items }: { items: Achievement[] }) {
  const earned = items.filter((item) => item.unlocked);
  const [next, ...later] = items.filter((item) => !item.unlocked);
  return (
    <section
      aria-labelledby="achievements-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
    >
      <h2 id="achievements-heading" className="text-2xl font-semibold">
        Achievements
      </h2>
      {earned.length === 0 ? (
        <p className="mt-2 text-ink-soft">
          Each one marks a step you have taken. Your first is one session away.
        </p>
      ) : null}
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {earned.map((item) => (
          <li key={item.id} className="flex items-center gap-3 rounded-2xl bg-apricot-soft p-4">
            <span className="inline-flex size-11 items-center justify-center rounded-full bg-apricot text-ink">
              <Trophy aria-hidden="true" className="size-5" />
            </span>
            <AchievementText item={item} />
          </li>
        ))}
        {next ? (
          <li className="flex items-center gap-3 rounded-2xl border border-dashed border-line p-4 text-ink-soft">
            <span className="inline-flex size-11 items-center justify-center rounded-full bg-sand text-plum">
              <Sparkles aria-hidden="true" className="size-5" />
            </span>
            <AchievementText item={next} ahead />
          </li>
        ) : null}
      </ul>
      {later.length > 0 ? (
        <details className="mt-3 text-ink-soft">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-plum">
            What comes after
          </summary>
          <ul className="mt-2 grid gap-1 pl-1">
            {later.map((entry) => (
              <li key={entry.id}>
                <span className="font-medium text-ink">{entry.title}</span>: {entry.description.toLowerCase()}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

/** An achievement's title and description, saying to screen readers whether it is earned or ahead. */
function AchievementText({ item, ahead = false }: { item: Achievement; ahead?: boolean }) {
  return (
    <span>
      <span className="block font-semibold text-ink">
        {ahead ? <span className="font-normal text-ink-soft">Next: </span> : null}
        {item.title}
      </span>
      <span className="block text-sm">
        {item.description}
        <span className="sr-only">{item.unlocked ? " (earned)" : " (ahead of you)"}</span>
      </span>
    </span>
  );
}
