import { Headphones } from "#app/components/ui/icons.tsx";
import { Link } from "react-router";
import { playAudioTrack } from "#app/components/player/play-event.ts";
import { useProgrammeAction } from "#app/components/program/use-programme-action.ts";
import { Button } from "#app/components/ui/button.tsx";
import { formatLongDate } from "#app/modules/calendar/dates.ts";
import type { Pace, PaceTrack } from "#app/modules/program/pace.ts";

/** The phases the dashboard shows a card for; the others show what they always have. */
export type PaceCardData = Extract<Pace, { phase: "early" | "late" | "maintenance" }>;

export function hasPaceCard(pace: Pace): pace is PaceCardData {
  return pace.phase === "early" || pace.phase === "late" || pace.phase === "maintenance";
}

/** Beside the two-week programme: a gentle early plan, the labour essentials, or today's suggestion. */
export function PaceCard({ pace }: { pace: PaceCardData }) {
  return (
    <section
      aria-labelledby="pace-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
    >
      {pace.phase === "early" ? (
        <EarlyPlan pace={pace} />
      ) : pace.phase === "late" ? (
        <>
          <h2 id="pace-heading" className="text-2xl font-semibold">
            Labour essentials
          </h2>
          <p className="mt-1 measure text-ink-soft">
            Your baby could come before your two weeks are through, so begin with these. Your schedule is just
            below, whenever you're ready.
          </p>
          <ul className="mt-4 grid gap-3">
            {pace.essentials.map((track) => (
              <li key={track.id} className="flex flex-wrap items-center justify-between gap-3">
                <p className="font-medium">{track.title}</p>
                <ListenButton track={track} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <h2 id="pace-heading" className="text-2xl font-semibold">
            Today's suggestion
          </h2>
          {pace.suggestion ? (
            <>
              <p className="mt-1 measure text-ink-soft">
                Your two weeks are done. While you wait for your baby, here's one to come back to today.
              </p>
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                <p className="font-medium">{pace.suggestion.title}</p>
                <ListenButton track={pace.suggestion} />
              </div>
            </>
          ) : (
            <p className="mt-1 measure text-ink-soft">
              Your two weeks are done. Any session from your library is a lovely one to come back to.
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** The early plan: an invitation until she chooses it, then this week's three sessions. */
function EarlyPlan({ pace }: { pace: Extract<PaceCardData, { phase: "early" }> }) {
  const choice = useProgrammeAction();
  const starts = `Your two-week programme starts on ${formatLongDate(pace.programmeStartsOn)} and ends on your due date.`;
  if (!pace.chosen) {
    return (
      <>
        <h2 id="pace-heading" className="text-2xl font-semibold">
          A gentle start, if you'd like one
        </h2>
        <p className="mt-1 measure text-ink-soft">
          {starts} There's no hurry. If you'd like to begin before then, the early plan gives you three quiet
          sessions a week, to play whenever suits you, and leads straight into your programme.
        </p>
        <Rehearsal rehearsal={pace.rehearsal} />
        <choice.fetcher.Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="start-early-plan" />
          <Button type="submit" variant="secondary" disabled={choice.pending}>
            {choice.pending ? "Starting..." : "Start gently now"}
          </Button>
        </choice.fetcher.Form>
      </>
    );
  }
  return (
    <>
      <h2 id="pace-heading" className="text-2xl font-semibold">
        Your gentle start
      </h2>
      <p className="mt-1 measure text-ink-soft">
        Three quiet sessions for this week, to play from here or your{" "}
        <Link to="/portal/library" className="underline underline-offset-4">
          library
        </Link>{" "}
        whenever suits you.
      </p>
      <ul className="mt-4 grid gap-3">
        {pace.sessions.map((session) => (
          <li key={session.date} className="flex flex-wrap items-center justify-between gap-3">
            <p>
              <span className="font-medium">{formatLongDate(session.date)}</span>
              {session.date === pace.today?.date ? <span className="text-ink-soft"> (today)</span> : null}
              <span className="block">{session.track.title}</span>
            </p>
            <ListenButton track={session.track} />
          </li>
        ))}
      </ul>
      <Rehearsal rehearsal={pace.rehearsal} />
      <p className="mt-4 measure">{starts}</p>
      <choice.fetcher.Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="stop-early-plan" />
        <Button type="submit" variant="ghost" disabled={choice.pending}>
          Put the early plan away
        </Button>
      </choice.fetcher.Form>
    </>
  );
}

/** The course's guidance before the programme: Prepare for Birth most days from 34 weeks, for a member who has it. */
function Rehearsal({ rehearsal }: { rehearsal: Extract<PaceCardData, { phase: "early" }>["rehearsal"] }) {
  if (!rehearsal.track) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-sand p-4">
      <p className="measure">
        {rehearsal.begun
          ? `From 34 weeks, play ${rehearsal.track.title} most days, as the course suggests, right up to your programme.`
          : `From ${formatLongDate(rehearsal.from)} (34 weeks), play ${rehearsal.track.title} most days, as the course suggests.`}
      </p>
      <ListenButton track={rehearsal.track} />
    </div>
  );
}

function ListenButton({ track }: { track: PaceTrack }) {
  return (
    <Button
      type="button"
      variant="secondary"
      onClick={() => playAudioTrack(track)}
      aria-label={`Listen to ${track.title}`}
    >
      <Headphones aria-hidden="true" /> Listen
    </Button>
  );
}
