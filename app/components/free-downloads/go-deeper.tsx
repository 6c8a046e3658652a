import { Link } from "react-router";
import { Art } from "#app/components/art.tsx";
import { ArrowRight } from "#app/components/ui/icons.tsx";
import { Button } from "#app/components/ui/button.tsx";

/** The page's last word: the Complete Course, or for a member who has it, what it holds. */
export function GoDeeper({ hasPremium, price }: { hasPremium: boolean; price: string }) {
  return (
    <section aria-labelledby="go-deeper-heading" className="container-page">
      <div className="grid grid-cols-1 overflow-hidden rounded-[var(--radius-card)] bg-plum text-cream shadow-soft md:grid-cols-[1.4fr_1fr]">
        <div className="p-6 sm:p-8 md:p-12">
          <h2 id="go-deeper-heading" className="text-3xl font-semibold">
            Ready to Go Deeper?
          </h2>
          <p className="mt-4 measure text-lg text-cream/90">
            {hasPremium
              ? "Your Complete Course holds every guided audio session and the two-week programme that brings them together, so you and your birth partner practise a little each day."
              : `The Complete Course brings the guides to life: nine guided audio sessions, all six guides and a two-week programme for you and your birth partner. ${price}, once, with lifetime access and a 30-day money-back guarantee.`}
          </p>
          <Button asChild className="mt-8 w-full sm:min-h-13 sm:w-auto sm:px-8 sm:text-lg">
            <Link to="/course">
              {hasPremium ? "See what's in the course" : "Explore the Complete Course"}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <Art
          seed="go-deeper"
          colour="plum"
          motif="waves"
          className="hidden h-full min-h-64 w-full md:block"
        />
      </div>
    </section>
  );
}
