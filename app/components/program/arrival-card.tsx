import { Link } from "react-router";
import { ArrowRight, Baby, Headphones } from "#app/components/ui/icons.tsx";
import type { ArrivalNote } from "#app/modules/program/postnatal.ts";

/**
 * The top of her dashboard once her baby has arrived: a congratulation, the
 * baby's age and birth day, and, when she feels ready, an invitation to share
 * her birth story. Nothing to keep up with.
 */
export function ArrivalCard({ note }: { note: ArrivalNote }) {
  const link =
    "inline-flex min-h-11 items-center gap-1.5 font-medium text-plum underline underline-offset-4 hover:text-plum-deep";
  return (
    <section
      aria-labelledby="arrival-heading"
      className="rounded-[var(--radius-card)] border border-apricot/40 bg-apricot-soft p-6 shadow-soft md:p-8"
    >
      <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-plum-deep uppercase">
        <Baby aria-hidden="true" className="size-5" /> Your baby has arrived
      </p>
      <h2 id="arrival-heading" className="mt-2 text-2xl font-semibold md:text-3xl">
        {note.heading}
      </h2>
      <p className="mt-2 text-lg">{note.age}.</p>
      <p className="text-ink-soft">Born on {note.bornOn}</p>
      <p className="mt-3 measure text-ink-soft">
        Take these early days gently. Rest when you can and let others help. If anything worries you about
        yourself or your baby, your midwife or health visitor is there to ask.
      </p>

      <div className="mt-6 border-t border-plum/15 pt-5">
        <h3 className="text-lg font-semibold">Your birth story</h3>
        <p className="mt-1 measure text-ink-soft">
          When you feel ready, we'd love to hear how it went, however it went. Your story could help someone
          preparing for their own birth.
        </p>
        <div className="mt-2 flex flex-wrap gap-x-6">
          <Link to="/stories" className={link}>
            Read birth stories <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
          <Link to="/portal/contact" className={link}>
            Share your story with us
          </Link>
        </div>
      </div>

      <p className="mt-5 flex items-center gap-2 text-ink-soft">
        <Headphones aria-hidden="true" className="size-5 shrink-0 text-plum" />
        <span>
          The sessions are still yours, whenever you'd like a few quiet minutes:{" "}
          <Link to="/portal/library" className="font-medium text-plum underline underline-offset-4">
            your library
          </Link>
          .
        </span>
      </p>
    </section>
  );
}
