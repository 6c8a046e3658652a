import { useState, type FormEvent } from "react";
import { useRouteLoaderData } from "react-router";
import { Check, Flame, Headphones, Snowflake } from "#app/components/ui/icons.tsx";
import { queueForSync, useOnline, useQueued } from "#app/components/offline/offline-support.tsx";
import { playAudioTrack } from "#app/components/player/play-event.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FOCUS_AFTER, focusNext, focusTarget } from "#app/components/ui/focus-after.ts";
import { toast } from "#app/components/ui/toaster.tsx";
import type { CourseTier } from "#app/modules/catalogue/tracks.ts";
import { todayIn } from "#app/modules/calendar/dates.ts";
import { programmeMessages as m } from "#app/modules/program/messages.ts";
import { dayCount } from "#app/modules/program/practice.ts";
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
  /** Her streak and its badge; null for both when she hides streaks. */
  streak: number | null;
  badge: string | null;
  practisedToday: boolean;
  canShare: boolean;
}

/** Her date now, on this device's clock and in its time zone: the day she practised. */
const deviceToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());

/**
 * Mark as Complete with no signal: the day is kept on the device with her own
 * date and shown as done at once, with "will sync" until the server has it
 * (components/offline sends it when the connection returns). With a signal
 * the form posts as usual.
 */
function useCompleteOffline(practisedToday: boolean) {
  const queued = useQueued();
  const [keptHere, setKeptHere] = useState(false);
  const waiting = queued.some((item) => item.kind === "practice" && item.date === deviceToday());
  // Offline, the page may be one kept on an earlier day: its "done" was for that day, not today.
  const portal = useRouteLoaderData("routes/portal/layout") as { day?: string } | undefined;
  const online = useOnline();
  const doneOnServer = practisedToday && (online || !portal?.day || portal.day >= deviceToday());
  const keepIfOffline = (event: FormEvent<HTMLFormElement>) => {
    if (navigator.onLine) return;
    event.preventDefault();
    setKeptHere(true);
    void queueForSync({ kind: "practice", date: deviceToday() }).then((kept) => {
      if (kept) return;
      setKeptHere(false);
      toast.error("You're offline, and this device can't keep it for later. Please try again with a signal.");
    });
  };
  return { done: doneOnServer || keptHere || waiting, waiting, keepIfOffline };
}

/** Today's audio: play it, mark it done, watch the streak grow (unless she hides it), and share it with your partner. */
export function PracticeCard({ data }: { data: PracticeCardData }) {
  const complete = useProgrammeAction();
  const offline = useCompleteOffline(data.practisedToday);
  const done =
    offline.done || (complete.pending && complete.fetcher.formData?.get("intent") === "complete-practice");
  const { track } = data;
  return (
    <section
      id="today"
      aria-labelledby="today-audio-heading"
      className="scroll-mt-24 rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft"
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
          // Where focus goes once she marks the day (the button she pressed is gone).
          <p
            ref={focusTarget(FOCUS_AFTER.practiceDone)}
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-sage-soft px-4 font-medium text-sage-deep"
          >
            <Check aria-hidden="true" className="size-5" /> Done for today
          </p>
        ) : (
          <complete.fetcher.Form
            method="post"
            onSubmit={(event) => {
              focusNext(FOCUS_AFTER.practiceDone);
              offline.keepIfOffline(event);
            }}
          >
            <input type="hidden" name="intent" value="complete-practice" />
            <Button type="submit" disabled={complete.pending}>
              <Check aria-hidden="true" /> Mark as Complete
            </Button>
          </complete.fetcher.Form>
        )}
        {done && offline.waiting ? <span className="text-sm text-ink-soft">will sync</span> : null}
      </div>

      {data.streak === null && !data.canShare ? null : (
        <div className="mt-6 border-t border-line pt-5">
          <div className="flex flex-wrap items-center gap-4">
            {data.streak === null ? null : (
              <>
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
              </>
            )}
            {data.canShare ? (
              <div className="ml-auto">
                <ShareLinkButton label="Share with Partner" />
              </div>
            ) : null}
          </div>
          {data.streak === null ? null : (
            <p className="mt-3 flex items-center gap-2 text-sm text-ink-soft">
              <Snowflake aria-hidden="true" className="size-4 shrink-0 text-sage-deep" /> {m.restDayExplained}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
