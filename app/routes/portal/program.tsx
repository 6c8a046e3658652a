import { Baby, Sparkles } from "~/components/ui/icons.tsx";
import { viewerOf } from "~/modules/catalogue/access.ts";
import { data } from "react-router";
import type { Route } from "./+types/program";
import { CompleteCourseNote } from "~/components/portal/complete-course-note.tsx";
import { PartnerProgramme } from "~/components/partner/partner-programme.tsx";
import { PracticeCard } from "~/components/program/practice-card.tsx";
import { Schedule } from "~/components/program/schedule.tsx";
import { herViewFor } from "~/modules/partner/portal.server.ts";
import { handleProgrammeAction } from "~/modules/program/actions.server.ts";
import { formatLongDate } from "~/modules/program/calendar.ts";
import { DAILY_FOCUS } from "~/modules/program/focus.ts";
import { arrivalNote, streaksShown, type ArrivalNote } from "~/modules/program/postnatal.ts";
import { canSharePartnerLink, streakBadge } from "~/modules/program/practice.ts";
import { progressOf } from "~/modules/program/progress.ts";
import { loadProgramme, practiceToday, scheduleFor } from "~/modules/program/program.server.ts";
import { daysUntil, pregnancyWeek, weeksRemaining } from "~/modules/program/program.ts";
import { BRAND } from "~/modules/site/brand.ts";
import { coursePrice, db, memberToday, requestLog, services, signedInMember } from "~/services.server.ts";
import { countOf } from "~/modules/site/plural.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.kind === "partner" ? `${loaderData.her.firstName}'s programme` : "Your programme";
  return [{ title: `${title} · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

export async function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  // A birth partner's programme is hers, read only: the same view as their dashboard.
  const her = member.isPartner ? await herViewFor(db(args), member, services(args).clock.now()) : null;
  if (her) return { kind: "partner" as const, her };
  const today = memberToday(args);
  const programme = await loadProgramme(db(args), member.id, today);
  const viewer = viewerOf(member);
  const { where, track, scheduled, standIn, practisedToday } = practiceToday(programme, today, viewer);
  // Hidden streaks are counted all the same, but neither the number nor the badge leaves the server.
  const streak = streaksShown(programme) ? progressOf(programme, today).streak : null;
  // Once her baby is here, the journey is the baby's, and nothing counts down or urges.
  const baby = programme.baby ? arrivalNote(programme.baby, today) : null;

  return {
    kind: "own" as const,
    journey: {
      saved: programme.hasSavedDate,
      isInduction: programme.isInduction,
      dueDate: formatLongDate(programme.dueDate),
      daysUntil: daysUntil(programme.dueDate, today),
      pregnancyWeek: pregnancyWeek(programme.dueDate, today),
      weeksRemaining: weeksRemaining(programme.dueDate, today),
      where:
        where.status === "active"
          ? `Week ${where.day.week}, day ${where.day.day} of your programme`
          : where.status === "upcoming"
            ? `Your programme begins in ${countOf(where.startsInDays, "day")}`
            : "You've finished the two weeks: keep practising your favourites",
    },
    baby,
    practice: {
      heading: baby
        ? "A session, whenever you'd like one"
        : where.status === "active"
          ? "Today's audio"
          : "A session for today",
      track: {
        id: track.id,
        title: track.title,
        description: track.description,
        audioFile: track.audioFile,
        courseTier: track.courseTier,
      },
      standsInFor: standIn && where.status !== "upcoming" ? scheduled.title : null,
      streak,
      badge: streak === null ? null : streakBadge(streak),
      practisedToday,
      canShare: canSharePartnerLink(programme.practice, today),
    },
    focus: DAILY_FOCUS[track.id] ?? null,
    days: scheduleFor(programme, today, viewer),
    hasPremium: member.hasPremium,
    price: coursePrice(args),
  };
}

export async function action(args: Route.ActionArgs) {
  const member = signedInMember(args);
  const result = await handleProgrammeAction(await args.request.formData(), {
    db: db(args),
    log: requestLog(args),
    member,
    today: memberToday(args),
    baseUrl: services(args).env.BASE_URL,
  });
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

type OwnProgramme = Extract<Route.ComponentProps["loaderData"], { kind: "own" }>;

/** Her journey before the birth: the days to go, her week of pregnancy and where she is in the programme. */
function Journey({ journey }: { journey: OwnProgramme["journey"] }) {
  return (
    <JourneyCard>
      <p className="mt-2 font-serif text-4xl font-semibold">
        {journey.daysUntil > 0
          ? `${countOf(journey.daysUntil, "day")} to go`
          : journey.daysUntil === 0
            ? journey.isInduction
              ? "Your induction is today"
              : "Your due date is today"
            : "Any day now"}
      </p>
      <p className="mt-2 text-cream/90">
        {journey.isInduction ? "Induction" : "Due"} {journey.dueDate}
        {journey.saved ? "" : " (Default Schedule)"} · Week {journey.pregnancyWeek} of pregnancy
        {journey.weeksRemaining > 0 ? ` · ${countOf(journey.weeksRemaining, "week")} to go` : ""}
      </p>
      <p className="mt-4 inline-block rounded-full bg-cream/15 px-4 py-1.5">{journey.where}</p>
      {journey.daysUntil < 0 ? (
        <p className="mt-3 text-cream/90">
          Babies come in their own time. Keep breathing, keep resting, and keep in touch with your midwife.
        </p>
      ) : null}
    </JourneyCard>
  );
}

/** Once her baby is here: the baby's age and birth day, in place of the countdown, and nothing to keep up with. */
function BabyJourney({ baby }: { baby: ArrivalNote }) {
  return (
    <JourneyCard>
      <p className="mt-2 flex items-center gap-3 font-serif text-4xl font-semibold">
        <Baby aria-hidden="true" className="size-9 shrink-0" />
        {baby.age}
      </p>
      <p className="mt-2 text-cream/90">Born {baby.bornOn}</p>
      <p className="mt-3 measure text-cream/90">
        There's nothing here to keep up with now. The sessions are yours whenever you'd like a few quiet
        minutes, for rest, for feeding, or for falling asleep.
      </p>
    </JourneyCard>
  );
}

/** The programme page's first card: where she is on her journey. */
function JourneyCard({ children }: { children: React.ReactNode }) {
  return (
    <section
      aria-labelledby="journey-heading"
      className="rounded-[var(--radius-card)] bg-plum p-6 text-cream shadow-soft md:p-8"
    >
      <h2 id="journey-heading" className="text-sm font-semibold tracking-wide uppercase opacity-90">
        Your journey
      </h2>
      {children}
    </section>
  );
}
