import { CalendarHeart, FileText, Headphones, Users } from "#app/components/ui/icons.tsx";
import type { CourseStep } from "#app/modules/catalogue/pieces.ts";

/** Each card's icon, in the cards' order: listen, practise, bring your partner, understand. */
const ICONS = [Headphones, CalendarHeart, Users, FileText];

/** The course's four parts at a glance: listen, practise, bring your partner, understand. */
export function HowItWorks({ steps }: { steps: readonly CourseStep[] }) {
  return (
    <section aria-labelledby="how-heading" className="container-page">
      <h2 id="how-heading" className="sr-only">
        How the course works
      </h2>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map(({ title, text }, i) => {
          const Icon = ICONS[i % ICONS.length]!;
          return (
            <li key={title} className="rounded-[var(--radius-card)] bg-sand p-6">
              <Icon aria-hidden="true" className="size-7 text-plum" />
              <h3 className="mt-3 text-xl font-semibold">{title}</h3>
              <p className="mt-2 text-ink-soft">{text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
