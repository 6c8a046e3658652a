import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Waves } from "#app/components/ui/icons.tsx";

/**
 * Labour mode on the dashboard from week 36 (`offersLabourMode`): on a phone the menu is two taps away,
 * so the way in is where she (or her birth partner) already is. Drawn in labour mode's own dark look.
 */
export function LabourWayIn({ herName }: { /** Set on her birth partner's dashboard. */ herName?: string }) {
  return (
    <section
      aria-labelledby="labour-way-in"
      className="rounded-[var(--radius-card)] bg-ink p-6 text-cream shadow-soft"
    >
      <h2 id="labour-way-in" className="flex items-center gap-2 text-2xl font-semibold">
        <Waves aria-hidden="true" className="size-6 text-apricot" /> Labour mode
      </h2>
      <p className="mt-2 measure text-lavender">
        {herName
          ? `For when ${herName}'s labour starts: time her contractions, breathe through each one together and play her labour sessions, in one screen that works without a signal.`
          : "For when labour starts: time your contractions, breathe through each one and play your labour sessions, in one screen that works without a signal."}
      </p>
      {/* The page's plum focus ring would be lost on the ink: apricot here. */}
      <Button asChild size="lg" className="mt-4 focus-visible:outline-apricot">
        <Link to="/portal/labour">Open labour mode</Link>
      </Button>
    </section>
  );
}
