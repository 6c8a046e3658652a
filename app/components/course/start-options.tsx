import { CourseOffers, type OfferWords } from "#app/components/course-offers.tsx";
import { COMPLETE_COURSE_CONTAINS } from "#app/modules/catalogue/complete-course.ts";

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
    </section>
  );
}
