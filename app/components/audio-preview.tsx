import { Pause, Play } from "#app/components/ui/icons.tsx";
import { useRef, useState } from "react";

/**
 * The landing page's taste of the course: one button that plays and pauses
 * the preview, which goes back to the start when it ends.
 */
export function AudioPreview({
  src,
  durationLabel,
  transcript,
}: {
  src: string;
  durationLabel: string | null;
  transcript: string[];
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);

  const toggle = async () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) {
      try {
        await element.play();
      } catch {
        setPlaying(false);
      }
    } else {
      element.pause();
    }
  };

  return (
    <div className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft">
      <div className="flex items-center gap-5">
        <button
          type="button"
          onClick={toggle}
          aria-pressed={playing}
          aria-label={playing ? "Pause the preview" : "Play the preview"}
          className="inline-flex size-16 shrink-0 items-center justify-center rounded-full bg-plum text-cream transition-colors duration-200 hover:bg-plum-deep"
        >
          {playing ? (
            <Pause aria-hidden="true" className="size-7" />
          ) : (
            <Play aria-hidden="true" className="ml-1 size-7" />
          )}
        </button>
        <div>
          <p className="font-serif text-xl font-semibold">Hear a taste of the course</p>
          <p className="text-ink-soft">
            A short relaxation to listen to now, wherever you are{durationLabel ? ` · ${durationLabel}` : ""}.
          </p>
        </div>
        {/* The words are offered below as a transcript, for anyone who can't listen. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        <audio
          ref={audio}
          src={src}
          preload="none"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={(event) => {
            event.currentTarget.currentTime = 0;
            setPlaying(false);
          }}
        />
      </div>
      <details className="mt-3 text-ink-soft">
        <summary className="min-h-11 cursor-pointer content-center font-medium text-plum">
          Read the words
        </summary>
        <div className="mt-2 grid gap-2 text-[0.95rem]">
          {transcript.map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </div>
      </details>
    </div>
  );
}
