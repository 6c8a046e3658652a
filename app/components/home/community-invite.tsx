import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

/** The landing page's closing call to action: join the free community. */
export function CommunityInvite() {
  return (
    <section aria-labelledby="community-heading" className="container-page">
      <div className="grid items-center gap-8 overflow-hidden rounded-[var(--radius-card)] bg-plum p-8 text-cream md:grid-cols-[1.4fr_1fr] md:p-12">
        <div>
          <h2 id="community-heading" className="text-3xl font-semibold">
            Join a calm community of parents-to-be
          </h2>
          <p className="mt-3 text-lg text-cream/90">
            Free to join. Start tonight with a few quiet minutes, and bring your birth partner along.
          </p>
        </div>
        <div className="md:text-right">
          <Button asChild size="lg">
            <Link to="/auth?tier=free">Join Community</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
