import { Baby, Flame } from "#app/components/ui/icons.tsx";
import type { PartnerView } from "#app/modules/partner/share.server.ts";
import { countOf } from "#app/modules/words/plural.ts";

/**
 * Where she is: weeks to go (or that her baby has arrived), her streak if she shows it, her sessions and
 * programme days done (as her profile counts them), each named as hers: her partner has figures of their own.
 */
export function PartnerSummary({ view }: { view: PartnerView }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {view.babyArrived ? (
        <div className="rounded-2xl bg-apricot-soft p-5">
          <dt className="flex items-center gap-1 text-sm text-ink-soft">
            <Baby aria-hidden="true" className="size-4 text-plum" /> The baby
          </dt>
          <dd className="font-serif text-3xl font-semibold">Has arrived</dd>
        </div>
      ) : (
        <div className="rounded-2xl bg-sand p-5">
          <dt className="text-sm text-ink-soft">Weeks to go</dt>
          <dd className="font-serif text-3xl font-semibold">
            {view.hasSavedDate ? view.weeksToGo : "Not set yet"}
          </dd>
        </div>
      )}
      {view.streak === null ? null : (
        <div className="rounded-2xl bg-sand p-5">
          <dt className="flex items-center gap-1 text-sm text-ink-soft">
            <Flame aria-hidden="true" className="size-4 text-apricot-deep" /> {view.firstName}'s practice
            streak
          </dt>
          <dd className="font-serif text-3xl font-semibold">{countOf(view.streak, "day")}</dd>
        </div>
      )}
      <div className="rounded-2xl bg-sand p-5">
        <dt className="text-sm text-ink-soft">{view.firstName}'s completed sessions</dt>
        <dd className="font-serif text-3xl font-semibold">{view.sessionsFinished}</dd>
        <dd className="text-sm text-ink-soft">{view.programmeDaysDone} of 14 programme days done</dd>
      </div>
    </dl>
  );
}
