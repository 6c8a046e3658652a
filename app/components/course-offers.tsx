import { Check, ShieldCheck } from "#app/components/ui/icons.tsx";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import type { CourseWords } from "#app/modules/catalogue/pieces.ts";

/** What each card ticks, and the guarantee under the Complete Course's: the owner's words (the course page's piece). */
export type OfferWords = Pick<CourseWords, "foundation" | "complete" | "guarantee">;

/**
 * The two ways in: the free Foundation Course and the Complete Course. The
 * price comes from the server, never from the words.
 */
export function CourseOffers({ price, words }: { price: string; words: OfferWords }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Offer
        name="Foundation Course"
        price="Free"
        note="No card needed"
        points={words.foundation}
        cta={{ label: "Start free", to: "/auth?tier=free" }}
      />
      <Offer
        name="Complete Course"
        price={price}
        note="One-time payment · no subscription"
        points={words.complete}
        cta={{ label: "Get the Complete Course", to: "/auth?tier=premium" }}
        featured
      >
        <p className="mt-4 flex items-center gap-2 text-sm font-medium text-sage-deep">
          <ShieldCheck aria-hidden="true" className="size-5" /> {words.guarantee}
        </p>
      </Offer>
    </div>
  );
}

function Offer({
  name,
  price,
  note,
  points,
  cta,
  featured = false,
  children,
}: {
  name: string;
  price: string;
  note: string;
  points: string[];
  cta: { label: string; to: string };
  featured?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <article
      className={cn(
        "flex flex-col rounded-[var(--radius-card)] border bg-white p-5 shadow-soft sm:p-7",
        featured ? "border-plum/40 ring-2 ring-lavender" : "border-line",
      )}
    >
      <h3 className="text-2xl font-semibold">{name}</h3>
      <p className="mt-3 flex items-baseline gap-2">
        <span className="font-serif text-4xl font-semibold">{price}</span>
        <span className="text-sm text-ink-soft">{note}</span>
      </p>
      <ul className="mt-5 grid gap-2.5">
        {points.map((point) => (
          <li key={point} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-sage-deep" />
            {point}
          </li>
        ))}
      </ul>
      {children}
      <Button asChild size="lg" variant={featured ? "primary" : "outline"} className="mt-6">
        <Link to={cta.to}>{cta.label}</Link>
      </Button>
    </article>
  );
}
