import { Link } from "react-router";
import { Baby, CalendarHeart } from "#app/components/ui/icons.tsx";
import { herPregnancy } from "#app/modules/partner/her-pregnancy.ts";
import type { PartnerView } from "#app/modules/partner/share.server.ts";

/**
 * Her pregnancy on her birth partner's programme and profile: her week and
 * weeks to go, said of her, from the same view as their dashboard. Nothing to
 * change here: her dates and her baby's arrival are hers to set.
 */
export function HerJourney({ her, variant }: { her: PartnerView; variant: "programme" | "profile" }) {
  const pregnancy = herPregnancy(her);
  const Icon = her.babyArrived ? Baby : CalendarHeart;
  const onProgramme = variant === "programme";
  return (
    <section
      aria-labelledby="her-journey-heading"
      className={
        onProgramme
          ? "rounded-[var(--radius-card)] bg-plum p-6 text-cream shadow-soft md:p-8"
          : "rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
      }
    >
      <h2
        id="her-journey-heading"
        className={
          onProgramme ? "text-sm font-semibold tracking-wide uppercase opacity-90" : "text-2xl font-semibold"
        }
      >
        {her.firstName}'s journey
      </h2>
      <p
        className={`mt-2 flex items-center gap-3 font-serif font-semibold ${onProgramme ? "text-3xl md:text-4xl" : "text-2xl"}`}
      >
        <Icon aria-hidden="true" className={`shrink-0 ${onProgramme ? "size-8" : "size-6 text-plum"}`} />
        {pregnancy.headline}
      </p>
      {pregnancy.detail ? (
        <p className={`mt-2 ${onProgramme ? "text-cream/90" : "text-ink-soft"}`}>{pregnancy.detail}</p>
      ) : null}
      <p className={`mt-3 measure ${onProgramme ? "text-cream/90" : "text-ink-soft"}`}>
        Her dates are hers to set, on her own account: your pages follow them.
        {onProgramme ? null : (
          <>
            {" "}
            <Link to="/portal/partner" className="font-medium text-plum underline underline-offset-4">
              Your dashboard
            </Link>{" "}
            shows this week of her programme.
          </>
        )}
      </p>
    </section>
  );
}
