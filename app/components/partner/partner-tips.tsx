import { Heart } from "#app/components/ui/icons.tsx";
import { PARTNER_TIPS } from "#app/modules/partner/tips.ts";

/** How a birth partner can help, on the partner's page. */
export function PartnerTips() {
  return (
    <section aria-labelledby="tips-heading" className="rounded-[var(--radius-card)] bg-lavender-soft p-6">
      <h2 id="tips-heading" className="flex items-center gap-2 text-2xl font-semibold">
        <Heart aria-hidden="true" className="size-5 text-plum" /> How you can help
      </h2>
      <ul className="mt-4 grid gap-3">
        {PARTNER_TIPS.map((tip) => (
          <li key={tip.title}>
            <p className="font-semibold">{tip.title}</p>
            <p className="text-ink-soft">{tip.text}</p>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-ink-soft">
        Questions about health or the birth itself are for the midwife or doctor; going along to appointments
        together helps you both.
      </p>
    </section>
  );
}
