import {
  Loader2,
  Pause,
  Play,
  SkipBack,
  SkipForward,
  Volume2,
  VolumeX,
  X,
} from "#app/components/ui/icons.tsx";
import type { KeyboardEvent } from "react";
import { keepBottomClearance } from "#app/components/ui/bottom-clearance.ts";
import { cn } from "#app/components/ui/cn.ts";
import { COURSE_GROUPS } from "#app/modules/catalogue/tracks.ts";
import {
  formatClock,
  KEYBOARD_SEEK_SECONDS,
  SEEK_STEP_SECONDS,
  sliderSeekTarget,
  spokenClock,
  VOLUME_STEP,
} from "#app/modules/listening/player.ts";
import { captionAt, useCaptionCues } from "./captions.ts";
import type { PlayAudioDetail } from "./play-event.ts";
import { usePlayer } from "./player-context.tsx";

const bar =
  "fixed inset-x-0 bottom-[var(--portal-bottom-bar,0px)] z-40 border-t border-line bg-white/95 shadow-[0_-8px_24px_-16px_rgb(43_34_56/0.35)] backdrop-blur lg:left-[17rem] print:hidden";

/** A ring that stands out on the player's white and on the plum of its round buttons; drawn at once (only backgrounds are eased). */
const focusRing =
  "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum-deep focus-visible:ring-4 focus-visible:ring-apricot focus-visible:ring-inset";

const iconButton =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink transition-[background-color] duration-200 hover:bg-sand disabled:opacity-40 disabled:hover:bg-transparent";

// Room for three lines of a cue on a phone, two on a wider screen: the words change, the player's height doesn't.
const captionRoom = "min-h-[4.25rem] md:min-h-14";

/**
 * The player at the bottom of every portal page. Space plays and pauses,
 * the arrow keys move ten seconds (on the position slider too, where Page
 * Up and Down move a minute); every control has a name.
 */
export function BottomPlayer({ today }: { today: PlayAudioDetail }) {
  const player = usePlayer();
  const { track, status, currentTime, duration, volume, muted, captions, previous, next } = player;
  const cues = useCaptionCues(track?.id, captions);
  if (!track) return <TodayOffer today={today} play={player.play} />;
  // While they load the room is kept; when there are none to be had, it goes and the player plays on.
  const showCaptions = captions && cues !== null;
  const group = COURSE_GROUPS.find((g) => g.tier === track.courseTier)?.title;
  const playing = status === "playing";

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    const onSlider = target instanceof HTMLInputElement && target.type === "range";
    if (event.key === " " && !(target instanceof HTMLButtonElement)) {
      event.preventDefault();
      player.toggle();
    } else if (!onSlider && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      event.preventDefault();
      player.seek(currentTime + (event.key === "ArrowLeft" ? -KEYBOARD_SEEK_SECONDS : KEYBOARD_SEEK_SECONDS));
    }
  };

  const captionsButton = (className: string) => (
    <button
      type="button"
      className={cn(
        iconButton,
        "aria-pressed:bg-lavender-soft aria-pressed:text-plum-deep aria-pressed:ring-2 aria-pressed:ring-plum aria-pressed:ring-inset",
        className,
      )}
      onClick={player.toggleCaptions}
      aria-label="CC captions"
      aria-pressed={captions}
    >
      <span aria-hidden="true" className="text-sm font-bold tracking-wide">
        CC
      </span>
    </button>
  );

  return (
    // The region's shortcuts (space, arrows) act on its controls, which are all real buttons and sliders.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section ref={keepBottomClearance} aria-label="Audio player" onKeyDown={onKeyDown} className={bar}>
      <p className="sr-only" aria-live="polite">
        {status === "loading"
          ? `Loading ${track.title}`
          : playing
            ? `Now playing: ${track.title}`
            : `Paused: ${track.title}`}
      </p>
      {/* One cue at a time, politely: a screen reader hears each line once, and nothing between them. */}
      <p
        role="status"
        className={
          showCaptions
            ? cn(
                captionRoom,
                "mx-auto max-w-6xl px-3 pt-2 text-center text-sm leading-5 font-medium text-ink md:px-6 md:text-base md:leading-6",
              )
            : undefined
        }
      >
        {showCaptions ? captionAt(cues, currentTime) : ""}
      </p>
      <div className="mx-auto grid max-w-6xl grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 px-3 py-2 md:grid-cols-[minmax(10rem,16rem)_auto_1fr_auto] md:px-6 md:py-3">
        <div className="min-w-0">
          <p className="truncate font-medium text-ink">{track.title}</p>
          <p className="truncate text-sm text-ink-soft">{group}</p>
        </div>

        <div className="flex items-center gap-1">
          <button
            type="button"
            className={iconButton}
            onClick={() => previous && player.play(previous)}
            disabled={!previous}
            aria-label={previous ? `Previous: ${previous.title}` : "Previous (this is the first session)"}
          >
            <SkipBack aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            onClick={player.toggle}
            aria-label={playing ? "Pause" : "Play"}
            className={cn(
              "inline-flex size-12 items-center justify-center rounded-full bg-plum text-cream transition-[background-color] duration-200 hover:bg-plum-deep",
              focusRing,
            )}
          >
            {status === "loading" ? (
              <Loader2 aria-hidden="true" className="size-6 animate-spin" />
            ) : playing ? (
              <Pause aria-hidden="true" className="size-6" />
            ) : (
              <Play aria-hidden="true" className="ml-0.5 size-6" />
            )}
          </button>
          <button
            type="button"
            className={iconButton}
            onClick={() => next && player.play(next)}
            disabled={!next}
            aria-label={next ? `Next: ${next.title}` : "Next (this is the last session)"}
          >
            <SkipForward aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            className={cn(iconButton, "md:hidden")}
            onClick={player.close}
            aria-label="Close the player"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>

        <div className="col-span-2 flex items-center gap-2 md:col-span-1">
          <span className="w-12 text-right text-sm text-ink-soft tabular-nums">
            {formatClock(currentTime)}
          </span>
          <input
            type="range"
            min={0}
            max={duration || 0}
            step={SEEK_STEP_SECONDS}
            value={Math.min(currentTime, duration || 0)}
            onChange={(event) => player.seek(Number(event.currentTarget.value))}
            onKeyDown={(event) => {
              // The fine step is for a finger dragging; a key moves by seconds a listener notices.
              const target = sliderSeekTarget(event.key, currentTime, duration);
              if (target === null) return;
              event.preventDefault();
              player.seek(target);
            }}
            aria-label="Position"
            aria-valuetext={`${spokenClock(currentTime)} of ${spokenClock(duration)}`}
            className="h-11 min-w-0 flex-1 cursor-pointer accent-plum"
          />
          <span className="w-12 text-sm text-ink-soft tabular-nums">{formatClock(duration)}</span>
          {captionsButton("md:hidden")}
        </div>

        <div className="hidden items-center gap-1 md:flex">
          {captionsButton("")}
          <button
            type="button"
            className={iconButton}
            onClick={player.toggleMute}
            aria-label={muted ? "Unmute" : "Mute"}
            aria-pressed={muted}
          >
            {muted ? (
              <VolumeX aria-hidden="true" className="size-5" />
            ) : (
              <Volume2 aria-hidden="true" className="size-5" />
            )}
          </button>
          <input
            type="range"
            min={0}
            max={1}
            step={VOLUME_STEP}
            value={muted ? 0 : volume}
            onChange={(event) => player.setVolume(Number(event.currentTarget.value))}
            aria-label="Volume"
            aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)}%`}
            className="h-11 w-24 cursor-pointer accent-plum"
          />
          <button type="button" className={iconButton} onClick={player.close} aria-label="Close the player">
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
    </section>
  );
}

/** While nothing plays, the player offers today's practice: one tap from any portal page. */
function TodayOffer({ today, play }: { today: PlayAudioDetail; play: (detail: PlayAudioDetail) => void }) {
  return (
    <section ref={keepBottomClearance} aria-labelledby="today-offer-heading" className={bar}>
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-3 py-2 md:px-6">
        <button
          type="button"
          onClick={() => play(today)}
          aria-label={`Play today's practice: ${today.title}`}
          className={cn(
            "inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-plum text-cream transition-[background-color] duration-200 hover:bg-plum-deep",
            focusRing,
          )}
        >
          <Play aria-hidden="true" className="ml-0.5 size-5" />
        </button>
        <div className="min-w-0">
          <h2
            id="today-offer-heading"
            className="font-sans text-xs font-semibold tracking-wide text-sage-deep uppercase"
          >
            Today's practice
          </h2>
          <p className="truncate font-medium text-ink">{today.title}</p>
        </div>
      </div>
    </section>
  );
}
