import { Sparkles } from "#app/components/ui/icons.tsx";
import { Link } from "react-router";

/**
 * A free member's one note per page about the Complete Course:
 * what it adds and a single link, instead of an upgrade button on every row.
 */
export function CompleteCourseNote({ price }: { price: string }) {
  return (
    <aside
      aria-labelledby="complete-course-note"
      className="rounded-[var(--radius-card)] border border-lavender bg-lavender-soft/60 p-6"
    >
      <h2 id="complete-course-note" className="flex items-center gap-2 text-xl font-semibold">
        <Sparkles aria-hidden="true" className="size-5 text-plum" /> What the Complete Course adds
      </h2>
      <p className="mt-2 measure text-ink-soft">
        The seven preparation sessions your programme is built around, three more guides and the sessions to
        share with your birth partner: {price}, once, yours for good. Until then, every day of your programme
        has a free session to practise with, and every day counts.
      </p>
      <Link
        to="/auth?tier=premium"
        className="mt-3 inline-flex min-h-11 items-center font-medium text-plum underline underline-offset-4"
      >
        Get the Complete Course
      </Link>
    </aside>
  );
}
