import { CourseOffers, type OfferWords } from "#app/components/course-offers.tsx";

/** The landing page's learning path: free to begin, the Complete Course to go deeper. */
export function LearningPath({ price, offers }: { price: string; offers: OfferWords }) {
  return (
    <section aria-labelledby="path-heading" className="container-page py-14 md:py-20">
      <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">Your learning path</p>
      <h2 id="path-heading" className="mt-2 max-w-2xl text-3xl font-semibold md:text-4xl">
        Begin with the basics, go deeper when you're ready
      </h2>
      <p className="mt-4 measure text-lg text-ink-soft">
        The Foundation Course is free for good. The Complete Course adds every session, every guide and the
        two-week programme. Hypnobirthing works alongside your midwife's care, never instead of it.
      </p>
      <div className="mt-10">
        <CourseOffers price={price} words={offers} />
      </div>
    </section>
  );
}
