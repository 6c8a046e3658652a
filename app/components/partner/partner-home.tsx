import { Link } from "react-router";
import { PartnerSummary } from "#app/components/partner/partner-summary.tsx";
import { PartnerTips } from "#app/components/partner/partner-tips.tsx";
import { PartnerWeek } from "#app/components/partner/partner-week.tsx";
import { PractisedTogether } from "#app/components/partner/practised-together.tsx";
import { LibraryTrackRow, lockedInHers } from "#app/components/portal/library-track-row.tsx";
import { FileText, Flame } from "#app/components/ui/icons.tsx";
import { LabourWayIn } from "#app/components/labour/labour-way-in.tsx";
import { offersLabourMode } from "#app/modules/labour/way-in.ts";
import { herPregnancy } from "#app/modules/partner/her-pregnancy.ts";
import type { PartnerPortal } from "#app/modules/partner/portal.server.ts";
import { countOf } from "#app/modules/words/plural.ts";

/** A birth partner's own dashboard: her week (read only), their sessions, their streak and the days together. */
export function PartnerHome({ firstName, portal }: { firstName: string; portal: PartnerPortal }) {
  const { her, sessions, streak, together } = portal;
  const locked = sessions.some((session) => session.locked);
  const pregnancy = herPregnancy(her);
  return (
    <div className="container-page grid gap-8 py-8 md:py-12">
      <header>
        <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">Birth partner</p>
        <h1 className="mt-1 text-3xl font-semibold md:text-4xl">Welcome, {firstName}</h1>
        <p className="mt-1 measure text-lg text-ink-soft">
          You're {her.firstName}'s birth partner. {pregnancy.sentence}
        </p>
      </header>

      {offersLabourMode(her) ? <LabourWayIn herName={her.firstName} /> : null}

      <PartnerSummary view={her} />

      <PractisedTogether together={together} otherName={her.firstName} />

      {/* Not a card around cards: on a phone the sessions' own cards take the width. */}
      <section aria-labelledby="partner-sessions-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="partner-sessions-heading" className="text-2xl font-semibold">
            Your sessions
          </h2>
          {streak > 0 ? (
            <p className="inline-flex items-center gap-1 text-ink-soft">
              <Flame aria-hidden="true" className="size-4 text-apricot-deep" />
              Your streak: {countOf(streak, "day")}
            </p>
          ) : null}
        </div>
        <p className="mt-1 measure text-ink-soft">
          {locked
            ? `These come with ${her.firstName}'s Complete Course: once she has it, they're yours too, with nothing to buy.`
            : `Three made for you, and Breathing & Bonding to practise with ${her.firstName}: they come with her Complete Course, with nothing to buy.`}
        </p>
        <ul className="mt-4 grid gap-3">
          {sessions.map((track) => (
            <li key={track.id}>
              <LibraryTrackRow track={track} lockedIn={lockedInHers(her.firstName)} />
            </li>
          ))}
        </ul>
        <p className="mt-4 measure text-ink-soft">
          The Foundation Course's sessions are yours too, in{" "}
          <Link to="/portal/library" className="font-medium text-plum underline underline-offset-4">
            the library
          </Link>
          .
        </p>
      </section>

      <section aria-labelledby="her-plan-heading" className="rounded-[var(--radius-card)] bg-sand p-6">
        <h2 id="her-plan-heading" className="flex items-center gap-2 text-2xl font-semibold">
          <FileText aria-hidden="true" className="size-5 text-plum" /> {her.firstName}'s birth preferences
        </h2>
        <p className="mt-2 text-ink-soft">
          Read what {her.firstName} would like for the birth, leave a comment on any section, and keep a copy
          to print for the day.
        </p>
        <Link to="/portal/birth-preferences" className="mt-3 inline-block font-medium text-plum underline">
          Open {her.firstName}'s birth preferences
        </Link>
      </section>

      <PartnerWeek week={her.week} days={her.thisWeek} />
      <PartnerTips />
    </div>
  );
}
