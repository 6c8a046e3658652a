import { Check, Flame, Headphones } from "~/components/ui/icons.tsx";
import { playAudioTrack } from "~/components/player/play-event.ts";
import { Button } from "~/components/ui/button.tsx";
import type { CourseTier } from "~/modules/catalogue/tracks.ts";
import { dayCount } from "~/modules/program/practice.ts";
import { ShareLinkButton } from "./share-link-button.tsx";
import { useProgrammeAction } from "./use-programme-action.ts";

export interface PracticeCardData {
  track: {
    id: string;
    title: string;
    description: string;
    audioFile: string;
    courseTier: CourseTier;
  };
  /** The Complete Course session the programme names today, when a free track stands in for it. */
  standsInFor: string | null;
  heading: string;
  streak: number;
  badge: string;
  practisedToday: boolean;
  canShare: boolean;
}

/** Today's audio: play it, mark it done, watch the streak grow, and share it with your partner. */
export function PracticeCard({ data }: { data: PracticeCardData }) {
  const complete = useProgrammeAction();
  const done =
    data.practisedToday ||
    (complete.pending && complete.fetcher.formData?.get("intent") === "complete-practice");
  const { track } = data;
  return (
    <section
      aria-labelledby="today-audio-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft"
    >
      <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">{data.heading}</p>
      <h2 id="today-audio-heading" className="mt-1 text-2xl font-semibold">
        {track.title}
      </h2>
      <p className="mt-1 text-ink-soft">{track.description}</p>
      {data.standsInFor ? (
        <p className="mt-3 rounded-2xl bg-sand px-4 py-3 text-ink-soft">
          Today's programme session is <strong className="text-ink">{data.standsInFor}</strong>, part of the
          Complete Course. Practise with {track.title} today: it counts for your day just the same.
        </p>
      ) : null}

      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            playAudioTrack({
              id: track.id,
              title: track.title,
              audioFile: track.audioFile,
              courseTier: track.courseTier,
            })
          }
        >
          <Headphones aria-hidden="true" /> Listen now
        </Button>
        {done ? (
          <p className="inline-flex min-h-11 items-center gap-2 rounded-full bg-sage-soft px-4 font-medium text-sage-deep">
            <Check aria-hidden="true" className="size-5" /> Done for today
          </p>
        ) : (
          <complete.fetcher.Form method="post">
            <input type="hidden" name="intent" value="complete-practice" />
            <Button type="submit" disabled={complete.pending}>
              <Check aria-hidden="true" /> Mark as Complete
            </Button>
          </complete.fetcher.Form>
        )}
      </div>

      <div className="mt-6 flex flex-wrap items-center gap-4 border-t border-line pt-5">
        <p className="inline-flex items-center gap-2 text-lg font-semibold">
          <Flame aria-hidden="true" className="size-6 text-apricot-deep" />
          <span>
            {data.streak > 0 ? (
              <>
                {dayCount(data.streak)} <span className="sr-only">streak</span>
              </>
            ) : (
              "Your streak starts with today's practice"
            )}
          </span>
        </p>
        <p className="rounded-full bg-lavender-soft px-3 py-1 text-sm font-medium text-plum-deep">
          <span className="sr-only">Badge: </span>
          {data.badge}
        </p>
        {data.canShare ? (
          <div className="ml-auto">
            <ShareLinkButton label="Share with Partner" />
          </div>
        ) : null}
      </div>
    </section>
  );
}
