import { useEffect, useRef } from "react";
import type { PlayAudioDetail } from "#app/components/player/play-event.ts";
import { usePlayer } from "#app/components/player/player-context.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Pause, Play } from "#app/components/ui/icons.tsx";
import { formatClock } from "#app/modules/listening/player.ts";
import type { Paragraph } from "#app/modules/transcripts/vtt.ts";
import { paragraphAt } from "./follow.ts";

/**
 * A session's words, paragraph by paragraph, each with the time it begins.
 * Served as plain text; once the page runs, each time plays the session from
 * there and the paragraph being said is marked while it is in the player.
 */
export function TranscriptReader({
  session,
  paragraphs,
}: {
  session: PlayAudioDetail;
  paragraphs: readonly Paragraph[];
}) {
  const player = usePlayer();
  const inPlayer = player.track?.id === session.id;
  const playing = inPlayer && player.status !== "paused";
  const current = inPlayer ? paragraphAt(paragraphs, player.currentTime) : -1;
  const items = useFollow(current);

  const playFrom = (seconds: number) => {
    if (!inPlayer) return player.play(session, seconds);
    player.seek(seconds);
    if (player.status === "paused") player.toggle();
  };

  return (
    <>
      <Button
        type="button"
        className="mt-6"
        onClick={() => (inPlayer ? player.toggle() : player.play(session))}
      >
        {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        {playing ? "Pause" : "Play this session"}
      </Button>
      <ol className="mt-8 grid max-w-3xl gap-2">
        {paragraphs.map((paragraph, index) => (
          <li
            key={paragraph.start}
            ref={(element) => {
              items.current[index] = element;
            }}
            aria-current={index === current ? "true" : undefined}
            className={cn(
              "grid gap-x-4 gap-y-1 rounded-2xl border-l-4 py-3 pr-4 pl-2 transition-colors duration-300 sm:grid-cols-[5.5rem_1fr]",
              index === current ? "border-plum bg-lavender-soft" : "border-transparent",
            )}
          >
            <button
              type="button"
              onClick={() => playFrom(paragraph.start)}
              className="inline-flex min-h-11 items-center gap-1.5 self-start justify-self-start rounded-full px-3 text-sm font-medium text-plum tabular-nums hover:bg-white"
            >
              <Play aria-hidden="true" className="size-4" />
              <span className="sr-only">Play from </span>
              {formatClock(paragraph.start)}
            </button>
            <p className="px-3 pt-2 text-lg leading-relaxed text-ink sm:px-0">{paragraph.text}</p>
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * Keeps the paragraph being said on the screen, gently, while she follows
 * along: only when the one before it was in view. If she has scrolled away to
 * read elsewhere, the page stays where she put it.
 */
function useFollow(current: number) {
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const shown = useRef(current);
  useEffect(() => {
    const previous = shown.current;
    shown.current = current;
    if (current < 0 || previous < 0 || current === previous) return;
    const from = items.current[previous]?.getBoundingClientRect();
    const to = items.current[current];
    if (!from || !to) return;
    if (from.bottom < 0 || from.top > window.innerHeight) return;
    // Already comfortably above the player at the bottom of the screen.
    const next = to.getBoundingClientRect();
    if (next.top >= 0 && next.bottom <= window.innerHeight * 0.6) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    to.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  }, [current]);
  return items;
}
