import { Quote, Star } from "#app/components/ui/icons.tsx";
import type { Testimonial } from "#app/modules/catalogue/content.server.ts";

/** "In their words": parents' testimonials, each with its rating. */
export function Voices({ testimonials }: { testimonials: Testimonial[] }) {
  return (
    <section aria-labelledby="voices-heading" className="container-page py-14 md:py-20">
      <h2 id="voices-heading" className="text-3xl font-semibold md:text-4xl">
        In their words
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {testimonials.map((t, index) => (
          // Three voices are enough on a phone; wider screens show them all.
          <li key={t.author} className={index >= 3 ? "hidden md:block" : undefined}>
            <figure className="flex h-full flex-col rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft">
              <p
                className="flex gap-0.5 text-apricot-deep"
                role="img"
                aria-label={`Rated ${t.rating} out of 5`}
              >
                {Array.from({ length: t.rating }, (_, i) => (
                  <Star key={i} aria-hidden="true" className="size-4 fill-current" />
                ))}
              </p>
              <blockquote className="mt-3 flex-1">
                <Quote aria-hidden="true" className="mb-1 size-5 text-lavender" />
                <p>{t.quote}</p>
              </blockquote>
              <figcaption className="mt-4 text-sm text-ink-soft">
                <span className="font-semibold text-ink">{t.author}</span> · {t.role}, {t.location}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
