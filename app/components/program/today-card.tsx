import { CalendarHeart, Check, Play } from "#app/components/ui/icons.tsx";
import { Link } from "react-router";
import { playAudioTrack } from "#app/components/player/play-event.ts";
import { Button } from "#app/components/ui/button.tsx";
import type { TodayCardData, TodayTrack } from "#app/modules/program/today.ts";
import { countOf } from "#app/modules/words/plural.ts";

/** The first thing on the dashboard: today's session, ready to play where it is. */
export function TodayCard({ data }: { data: TodayCardData }) {
  return (
    <section
      aria-labelledby="today-heading"
      className="rounded-[var(--radius-card)] bg-plum p-6 text-cream shadow-soft md:p-8"
    >
      <h2 id="today-heading" className="font-sans text-sm font-semibold tracking-wide uppercase opacity-90">
        {data.status === "upcoming" ? "Before your programme" : "Today"}
      </h2>
      {data.status === "upcoming" ? (
        <>
          <p className="mt-2 flex items-center gap-2 font-serif text-2xl font-semibold md:text-3xl">
            <CalendarHeart aria-hidden="true" className="size-7 shrink-0" />
            Your programme starts on {data.startsOn}
          </p>
          <p className="mt-2 text-cream/90">
            {data.startsInDays === 1 ? "That's tomorrow." : `That's in ${countOf(data.startsInDays, "day")}.`}{" "}
            {data.bought
              ? "Until then, practise with your Complete Course. Today's session:"
              : "Until then, the free sessions are yours to practise with, as often as you like:"}
          </p>
          <ul className="mt-4 grid gap-2 sm:grid-cols-2">
            {data.tracks.map((track) => (
              <li key={track.id}>
                <PlayButton track={track} label={track.title} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p className="mt-2 font-serif text-2xl font-semibold md:text-3xl">{data.track.title}</p>
          <p className="mt-1 text-cream/90">
            {[data.track.length, data.track.resumeAt ? `resume at ${data.track.resumeAt}` : null]
              .filter(Boolean)
              .join(" · ")}
          </p>
          {data.standsInFor ? (
            <p className="mt-3 measure text-cream/90">
              Your programme's session today is {data.standsInFor}, in the Complete Course; this free session
              stands in for it and counts for your day.
            </p>
          ) : null}
          <div className="mt-5 flex flex-wrap items-center gap-3">
            <PlayButton
              track={data.track}
              label={data.track.resumeAt ? `Resume at ${data.track.resumeAt}` : "Play"}
            />
            {data.practisedToday ? (
              <p className="inline-flex min-h-11 items-center gap-2 rounded-full bg-cream/15 px-4 font-medium">
                <Check aria-hidden="true" className="size-5" /> Done for today
              </p>
            ) : (
              <Link
                to="/portal/program"
                className="inline-flex min-h-11 items-center rounded-full px-2 font-medium underline underline-offset-4"
              >
                Mark it complete on your programme
              </Link>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function PlayButton({ track, label }: { track: TodayTrack; label: string }) {
  const { length, resumeAt, ...detail } = track;
  const from = resumeAt ? `, from ${resumeAt}` : "";
  // Named by its title, the button's name holds what it shows (and speech input can say it).
  const showsTitle = label === track.title;
  return (
    <Button
      type="button"
      align="start"
      onClick={() => playAudioTrack(detail)}
      aria-label={showsTitle ? undefined : `Play ${track.title}${from}`}
    >
      <Play aria-hidden="true" />
      <span>
        {showsTitle ? <span className="sr-only">Play </span> : null}
        {label}
        {length && showsTitle ? <span className="font-normal"> · {length}</span> : null}
        {showsTitle && from ? <span className="sr-only">{from}</span> : null}
      </span>
    </Button>
  );
}
