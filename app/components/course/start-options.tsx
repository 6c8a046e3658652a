import { CourseOffers, type OfferWords } from "#app/components/course-offers.tsx";
import { COMPLETE_COURSE_CONTAINS } from "#app/modules/catalogue/complete-course.ts";
import { Link } from "react-router";
import { Heart } from "#app/components/ui/icons.tsx";

const GIFT_PAGE = "/portal/gifts/new";

/** "Choose how to start": what the Complete Course contains, and the two offers. */
export function StartOptions({ price, words }: { price: string; words: OfferWords }) {
  return (
    <section aria-labelledby="offers-heading" className="container-page py-16">
      <h2 id="offers-heading" className="text-3xl font-semibold md:text-4xl">
        Choose how to start
      </h2>
      <p className="mt-3 measure text-lg text-ink-soft">{COMPLETE_COURSE_CONTAINS}</p>
      <div className="mt-8">
        <CourseOffers price={price} words={words} />
      </div>
      <p className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-2 text-ink-soft">
        <Heart aria-hidden="true" className="size-5 text-plum" />
        <span>For a friend, a sister, a daughter expecting?</span>
        {/* Signed in, straight to the gift's page; signed out, signing in (or up) comes first. */}
        <Link to={`/auth?next=${encodeURIComponent(GIFT_PAGE)}`} className="font-semibold">
          Give it as a gift
        </Link>
      </p>
    </section>
  );
}
