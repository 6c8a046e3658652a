import { data, redirect } from "react-router";
import type { Route } from "./+types/dashboard";
import { CourseUnlockedCard } from "#app/components/portal/course-unlocked-card.tsx";
import { CompleteCourseNote } from "#app/components/portal/complete-course-note.tsx";
import { LabourWayIn } from "#app/components/labour/labour-way-in.tsx";
import { PractisedTogether } from "#app/components/partner/practised-together.tsx";
import { ArrivalCard } from "#app/components/program/arrival-card.tsx";
import { DueDateChip } from "#app/components/program/due-date-chip.tsx";
import { AudioProgress } from "#app/components/program/listened-list.tsx";
import { OnboardingCard } from "#app/components/program/onboarding-card.tsx";
import { hasPaceCard, PaceCard } from "#app/components/program/pace-card.tsx";
import { TodayCard } from "#app/components/program/today-card.tsx";
import { TwoWeekSchedule } from "#app/components/program/two-week-schedule.tsx";
import { useProgrammeAction } from "#app/components/program/use-programme-action.ts";
import { returnFromCardPayment } from "#app/modules/payments/checkout.server.ts";
import { forgetInvitation, invitationToReturnTo } from "#app/modules/partner/join-return.ts";
import { togetherOnDashboard } from "#app/modules/partner/portal.server.ts";
import { PARTNER_DASHBOARD } from "#app/modules/site/portal-navigation.ts";
import { isSecureOrigin } from "#app/platform/env.server.ts";
import { answerDashboardForm, dashboardFor } from "#app/modules/program/dashboard.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import {
  checkoutDeps,
  coursePrice,
  db,
  memberToday,
  programmeActionContext,
  services,
  signedInMember,
} from "#app/request.server.ts";

export function meta() {
  return [{ title: `Dashboard · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

export async function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  // Signed in on the way to accepting an invitation: back to it, once.
  const invitation = invitationToReturnTo(args.request.headers.get("cookie"));
  if (invitation) {
    const secure = isSecureOrigin(services(args).env.BASE_URL);
    throw redirect(`/partner/join/${invitation}`, { headers: { "Set-Cookie": forgetInvitation(secure) } });
  }
  const returnedPayment = args.url.searchParams.get("payment_intent");
  if (returnedPayment) {
    const told = await returnFromCardPayment(checkoutDeps(args), member, returnedPayment);
    // A clean address, so a reload doesn't check the payment again.
    throw await redirectWithFlash(services(args).flash, "/portal", told);
  }
  // A birth partner's dashboard is a page of its own (its code stays out of hers).
  if (member.isPartner) throw redirect(PARTNER_DASHBOARD);
  const deps = { db: db(args), mediaFacts: services(args).mediaFacts, together: togetherOnDashboard };
  return {
    ...(await dashboardFor(deps, member, memberToday(args))),
    price: coursePrice(args),
  };
}

export async function action(args: Route.ActionArgs) {
  const result = await answerDashboardForm(await args.request.formData(), programmeActionContext(args));
  return data(result, { status: result.status });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { programme, tracks, onboarding, today, baby, pace, together } = loaderData;
  const saveDate = useProgrammeAction();
  return (
    <div className="container-page grid gap-8 py-8 md:py-12">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold md:text-4xl">Welcome, {loaderData.firstName}</h1>
          <p className="mt-1 text-lg text-ink-soft">
            {baby
              ? "Take all the time you need. There's nothing here to keep up with."
              : "A few quiet minutes a day is all it takes."}
          </p>
        </div>
        <DueDateChip
          dueDate={programme.dueDate}
          isInduction={programme.isInduction}
          saved={programme.saved}
          bornOn={programme.bornOn}
        />
      </header>

      {loaderData.labourMode ? <LabourWayIn /> : null}

      {/* Once her baby is here: the congratulation first, and no day's practice or date to set. */}
      {baby ? <ArrivalCard note={baby} /> : null}

      {loaderData.unlocked ? <CourseUnlockedCard data={loaderData.unlocked} /> : null}

      {/* Far from her programme, the early plan comes first: it is what she can do now. */}
      {pace.phase === "early" ? <PaceCard pace={pace} /> : null}

      {baby ? null : <TodayCard data={today} />}

      {together ? <PractisedTogether together={together} otherName={together.partnerFirstName} /> : null}

      {programme.saved || baby ? null : (
        <OnboardingCard min={onboarding.min} max={onboarding.max} save={saveDate} />
      )}

      {hasPaceCard(pace) && pace.phase !== "early" ? <PaceCard pace={pace} /> : null}

      <TwoWeekSchedule days={programme.days} saved={programme.saved} busy={saveDate.pending} />

      {loaderData.hasPremium ? null : <CompleteCourseNote price={loaderData.price} />}

      <AudioProgress tracks={tracks} />
    </div>
  );
}
