import { CalendarHeart, FileText, Headphones, Users } from "#app/components/ui/icons.tsx";

const HOW_IT_WORKS = [
  {
    Icon: Headphones,
    title: "Listen",
    text: "Short guided sessions for breathing, deep relaxation and calm visualisation. Most people listen in bed or on a walk.",
  },
  {
    Icon: CalendarHeart,
    title: "Practise daily",
    text: "The two-week programme tells you which session to play each day in the run-up to your birth, and keeps your streak.",
  },
  {
    Icon: Users,
    title: "Bring your partner",
    text: "Scripts, a partner guide and a read-only link mean your birth partner knows what to do and how to help.",
  },
  {
    Icon: FileText,
    title: "Understand",
    text: "Plain guides to labour, induction and caesarean, so you can ask good questions and make your own choices.",
  },
];

/** The course's four parts at a glance: listen, practise, bring your partner, understand. */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="container-page">
      <h2 id="how-heading" className="sr-only">
        How the course works
      </h2>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {HOW_IT_WORKS.map(({ Icon, title, text }) => (
          <li key={title} className="rounded-[var(--radius-card)] bg-sand p-6">
            <Icon aria-hidden="true" className="size-7 text-plum" />
            <h3 className="mt-3 text-xl font-semibold">{title}</h3>
            <p className="mt-2 text-ink-soft">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
