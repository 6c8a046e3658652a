import { Link } from "react-router";
import { DownloadControl } from "#app/components/offline/download-control.tsx";
import { playAudioTrack } from "#app/components/player/play-event.ts";
import { usePlayer } from "#app/components/player/player-context.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { FileText, Headphones, Lock, Pause, Play } from "#app/components/ui/icons.tsx";
import type { LibraryTrack } from "#app/modules/catalogue/library.server.ts";
import { transcriptPath } from "#app/modules/transcripts/transcript-search.ts";

/**
 * One track in the library: its title plays or pauses it, with its transcript and a download beside;
 * or a lock says whose course it is in (the Complete Course; for a birth partner, hers). On a phone
 * its length sits under the words, so they keep the card's width.
 */
export function LibraryTrackRow({
  track,
  lockedIn = COMPLETE_COURSE_LOCK,
}: {
  track: LibraryTrack;
  lockedIn?: LockedIn;
}) {
  const player = usePlayer();
  const current = player.track?.id === track.id;
  const playing = current && player.status !== "paused";
  // The title is the control; the whole card answers to it (a stretched click area).
  const stretched = "after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none";
  return (
    <div
      className={cn(
        "relative grid w-full grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1 rounded-2xl border bg-white p-4 shadow-soft transition-colors duration-200 hover:border-plum/40 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-plum sm:grid-cols-[auto_1fr_auto]",
        current ? "border-plum/50" : "border-line",
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "row-span-2 inline-flex size-12 shrink-0 items-center justify-center self-start rounded-full sm:row-span-1 sm:self-center",
          current
            ? "bg-plum text-cream"
            : track.locked
              ? "bg-sand text-ink-soft"
              : "bg-lavender-soft text-plum",
        )}
      >
        {track.locked ? (
          <Lock className="size-5" />
        ) : playing ? (
          <Pause className="size-5" />
        ) : (
          <Play className="ml-0.5 size-5" />
        )}
      </span>
      <span className="min-w-0">
        {track.locked ? (
          <span className="block font-semibold text-ink">
            {track.title}
            <span className="sr-only">: {lockedIn.words}</span>
          </span>
        ) : (
          <button
            type="button"
            className={cn("block text-left font-semibold text-ink", stretched)}
            onClick={() =>
              current
                ? player.toggle()
                : playAudioTrack({
                    id: track.id,
                    title: track.title,
                    audioFile: track.audioFile,
                    courseTier: track.courseTier,
                  })
            }
          >
            <span className="sr-only">{playing ? "Pause " : "Play "}</span>
            {track.title}
          </button>
        )}
        {/* Under the title, not in a column of its own: a phone's width is the title's, on two lines at most. */}
        {track.duration || track.locked ? (
          <span className="flex flex-wrap items-center gap-x-3 text-sm text-ink-soft">
            {track.duration ? (
              <span className="inline-flex items-center gap-1">
                <Headphones aria-hidden="true" className="size-4" /> {track.duration}
              </span>
            ) : null}
            {track.locked ? <span className="font-medium">{lockedIn.label}</span> : null}
          </span>
        ) : null}
        <span className="block text-[0.95rem] text-ink-soft">{track.description}</span>
        {track.locked ? null : (
          // The transcript comes first: it is there from the server's render, so the download that a
          // capable browser adds afterwards moves nothing.
          <span className="mt-1 -ml-3 flex flex-wrap">
            <Link
              to={transcriptPath(track.id)}
              className="relative z-10 inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-plum hover:bg-lavender-soft"
            >
              <FileText aria-hidden="true" className="size-4" />
              Transcript<span className="sr-only"> of {track.title}</span>
            </Link>
            <DownloadControl trackId={track.id} title={track.title} bytes={track.bytes} />
          </span>
        )}
      </span>
    </div>
  );
}

/** Whose course a locked track is in: its label on the card, and in words for a screen reader. */
export interface LockedIn {
  label: string;
  words: string;
}

const COMPLETE_COURSE_LOCK: LockedIn = { label: "Complete Course", words: "in the Complete Course" };

/** A birth partner's locked tracks are in her course: theirs through her, never theirs to buy. */
export function lockedInHers(herFirstName: string): LockedIn {
  return { label: `${herFirstName}'s course`, words: `comes with ${herFirstName}'s course` };
}
