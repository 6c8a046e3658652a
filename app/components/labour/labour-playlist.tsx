import { useEffect, useRef } from "react";
import { usePlayer } from "#app/components/player/player-context.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Loader2, Pause, Play, SkipBack, SkipForward } from "#app/components/ui/icons.tsx";
import { nextInPlaylist, previousInPlaylist, type PlaylistTrack } from "#app/modules/labour/playlist.ts";
import { LabourButton } from "./labour-button.tsx";

/**
 * The labour tracks she may play, with big controls for the portal's one
 * player (so the music carries on across pages), and, when asked, one track
 * after another until the list ends.
 */
export function LabourPlaylist({
  playlist,
  lockedCount,
  playOn,
  onPlayOnChange,
}: {
  playlist: PlaylistTrack[];
  lockedCount: number;
  playOn: boolean;
  onPlayOnChange: (playOn: boolean) => void;
}) {
  const player = usePlayer();
  const current = playlist.find((track) => track.id === player.track?.id) ?? null;
  const playing = current !== null && player.status !== "paused";
  const previous = current ? previousInPlaylist(playlist, current.id) : null;
  const next = current ? nextInPlaylist(playlist, current.id) : null;

  usePlayOn(playOn, playlist);

  return (
    <div className="grid gap-6">
      <div className="rounded-card bg-(--labour-surface) p-5">
        <p className="text-sm text-(--labour-soft)">{current ? "Now playing" : "Ready to play"}</p>
        <p className="min-h-8 text-xl font-semibold">{(current ?? playlist[0])?.title}</p>
        <div className="mt-4 flex items-center justify-center gap-6">
          <LabourButton
            look="round"
            aria-label="Previous track"
            disabled={!previous}
            onClick={() => previous && player.play(previous)}
          >
            <SkipBack aria-hidden="true" className="!size-6" />
          </LabourButton>
          <LabourButton
            look={null}
            className="size-20 justify-center rounded-full bg-(--labour-action) text-(--labour-on-action) shadow-soft"
            aria-label={playing ? "Pause the playlist" : "Play the playlist"}
            onClick={() => (current ? player.toggle() : playlist[0] && player.play(playlist[0]))}
          >
            {current && player.status === "loading" ? (
              <Loader2 aria-hidden="true" className="!size-8 animate-spin" />
            ) : playing ? (
              <Pause aria-hidden="true" className="!size-8" />
            ) : (
              <Play aria-hidden="true" className="ml-1 !size-8" />
            )}
          </LabourButton>
          <LabourButton
            look="round"
            aria-label="Next track"
            disabled={!next}
            onClick={() => next && player.play(next)}
          >
            <SkipForward aria-hidden="true" className="!size-6" />
          </LabourButton>
        </div>
      </div>

      <LabourButton
        className="justify-self-start"
        aria-pressed={playOn}
        onClick={() => onPlayOnChange(!playOn)}
      >
        Play one after another
      </LabourButton>

      <ul className="grid gap-2" aria-label="Labour playlist">
        {playlist.map((track) => {
          const isCurrent = track.id === current?.id;
          const isPlaying = isCurrent && playing;
          return (
            <li key={track.id}>
              <LabourButton
                look={null}
                className={cn(
                  "min-h-14 w-full rounded-card border-2 px-4 text-left",
                  isCurrent ? "border-(--labour-edge) bg-(--labour-surface)" : "border-(--labour-surface)",
                )}
                onClick={() => (isCurrent ? player.toggle() : player.play(track))}
              >
                {isPlaying ? (
                  <Pause aria-hidden="true" className="!size-5" />
                ) : (
                  <Play aria-hidden="true" className="!size-5" />
                )}
                <span>
                  <span className="sr-only">{isPlaying ? "Pause " : "Play "}</span>
                  {track.title}
                </span>
              </LabourButton>
            </li>
          );
        })}
      </ul>
      <p className="text-(--labour-soft)">
        {lockedCount > 0 ? `${lockedCount} more sessions for labour come with the Complete Course. ` : ""}
        The timer, breathing and affirmations work without a signal; the sessions may need one.
      </p>
    </div>
  );
}

/**
 * When a playlist track ends, the next one starts. The player's <audio> is
 * not ours, and media events don't bubble, so the end is heard on the way
 * down (capture) and acted on once the player has handled it.
 */
function usePlayOn(playOn: boolean, playlist: PlaylistTrack[]) {
  const player = usePlayer();
  const latest = useRef({ player, playlist });
  useEffect(() => {
    latest.current = { player, playlist };
  });
  useEffect(() => {
    if (!playOn) return;
    const onEnded = (event: Event) => {
      if (!(event.target instanceof HTMLAudioElement)) return;
      const { player, playlist } = latest.current;
      const next = player.track ? nextInPlaylist(playlist, player.track.id) : null;
      if (next) window.setTimeout(() => latest.current.player.play(next), 0);
    };
    document.addEventListener("ended", onEnded, true);
    return () => document.removeEventListener("ended", onEnded, true);
  }, [playOn]);
}
