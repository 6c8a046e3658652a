import { Sparkles } from "#app/components/ui/icons.tsx";
import { data } from "react-router";
import type { Route } from "./+types/program";
import { CompleteCourseNote } from "#app/components/portal/complete-course-note.tsx";
import { PartnerProgramme } from "#app/components/partner/partner-programme.tsx";
import { BabyJourney, Journey } from "#app/components/program/journey-card.tsx";
import { PracticeCard } from "#app/components/program/practice-card.tsx";
import { Schedule } from "#app/components/program/schedule.tsx";
import { herViewFor } from "#app/modules/partner/portal.server.ts";
import { handleProgrammeAction } from "#app/modules/program/actions.server.ts";
import { programmePage } from "#app/modules/program/programme-page.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import {
  coursePrice,
  db,
  memberToday,
  programmeActionContext,
  signedInMember,
  now,
} from "#app/request.server.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.kind === "partner" ? `${loaderData.her.firstName}'s programme` : "Your programme";
  return [{ title: `${title} · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

export async function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  // A birth partner's programme is hers, read only: the same view as their dashboard.
  const her = member.isPartner ? await herViewFor(db(args), member, now(args)) : null;
  if (her) return { kind: "partner" as const, her };
  const page = await programmePage(db(args), member, memberToday(args));
  return { kind: "own" as const, ...page, price: coursePrice(args) };
}

export async function action(args: Route.ActionArgs) {
  const result = await handleProgrammeAction(await args.request.formData(), programmeActionContext(args));
  return data(result, { status: result.status });
}

export default function Program({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "partner") return <PartnerProgramme her={loaderData.her} />;
  const { journey, baby, practice, focus, days } = loaderData;
  return (
    <div className="container-page grid gap-8 py-8 md:py-12">
      <h1 className="text-3xl font-semibold md:text-4xl">Your programme</h1>

      {baby ? <BabyJourney baby={baby} /> : <Journey journey={journey} />}

      <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
        <PracticeCard data={practice} />
        {focus ? (
          <section aria-labelledby="focus-heading" className="rounded-[var(--radius-card)] bg-sand p-6">
            <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-sage-deep uppercase">
              <Sparkles aria-hidden="true" className="size-4" /> Today's focus
            </p>
            <h2 id="focus-heading" className="mt-1 text-2xl font-semibold">
              {focus.title}
            </h2>
            <p className="mt-2 text-ink-soft">{focus.text}</p>
          </section>
        ) : null}
      </div>

      <section
        aria-labelledby="full-schedule-heading"
        className="rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
      >
        <h2 id="full-schedule-heading" className="text-2xl font-semibold">
          The full schedule
        </h2>
        <div className="mt-4">
          <Schedule days={days} saved={journey.saved} showDates={journey.saved} />
        </div>
      </section>

      {loaderData.hasPremium ? null : <CompleteCourseNote price={loaderData.price} />}
    </div>
  );
}
