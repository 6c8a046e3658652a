import { Link } from "react-router";
import { HerJourney } from "#app/components/partner/her-journey.tsx";
import { PartnerWeek } from "#app/components/partner/partner-week.tsx";
import { HeartHandshake } from "#app/components/ui/icons.tsx";
import type { PartnerView } from "#app/modules/partner/share.server.ts";

/**
 * The programme page of her birth partner's account: her journey and this week
 * of her programme, read only, from the same view as their dashboard. Her
 * practice is hers to mark; theirs is the sessions on their dashboard.
 */
export function PartnerProgramme({ her }: { her: PartnerView }) {
  return (
    <div className="container-page grid gap-8 py-8 md:py-12">
      <h1 className="text-3xl font-semibold md:text-4xl">{her.firstName}'s programme</h1>
      <HerJourney her={her} variant="programme" />
      {her.babyArrived ? null : <PartnerWeek week={her.week} days={her.thisWeek} />}
      <section aria-labelledby="your-part-heading" className="rounded-[var(--radius-card)] bg-sand p-6">
        <h2 id="your-part-heading" className="flex items-center gap-2 text-2xl font-semibold">
          <HeartHandshake aria-hidden="true" className="size-5 text-plum" /> Your part
        </h2>
        <p className="mt-2 measure text-ink-soft">
          {her.firstName} marks her own practice. Yours is on your dashboard, with the sessions her Complete
          Course shares with you.
        </p>
        <Link
          to="/portal/partner"
          className="mt-3 inline-flex min-h-11 items-center font-medium text-plum underline underline-offset-4"
        >
          Open your dashboard
        </Link>
      </section>
    </div>
  );
}
