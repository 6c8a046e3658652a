import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { cn } from "#app/components/ui/cn.ts";
import { ArrowLeft, ArrowRight, X } from "#app/components/ui/icons.tsx";
import { AFFIRMATION_SETS, affirmationSet } from "#app/modules/labour/affirmations.ts";
import { LabourButton } from "./labour-button.tsx";
import { SELECT } from "./theme.ts";

/** A swipe is a sideways move of at least this many pixels; less is a tap. */
const SWIPE_PX = 40;

/**
 * The course's affirmations one at a time, in large type, and full screen on
 * request. Next and previous are buttons, the arrow keys, a swipe, or a tap
 * on the words (which goes on to the next).
 */
export function AffirmationsViewer({
  setId,
  onSetChange,
}: {
  setId: string;
  onSetChange: (id: string) => void;
}) {
  const id = useId();
  const set = affirmationSet(setId);
  const [index, setIndex] = useState(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const position = index % set.lines.length;
  const step = (by: number) => setIndex((position + by + set.lines.length) % set.lines.length);

  const slide = (large: boolean) => (
    <Slide
      text={set.lines[position]!}
      label={`${position + 1} of ${set.lines.length}`}
      large={large}
      onStep={step}
    />
  );

  // Left and right go back and on wherever focus is in the viewer, the full-screen view included,
  // except on the list of sets, whose own arrow keys choose a set.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target instanceof HTMLSelectElement) return;
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      step(event.key === "ArrowRight" ? 1 : -1);
    }
  };

  return (
    // The arrow keys act on the viewer's own buttons (previous and next), which keep focus.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className="grid gap-5" onKeyDown={onKeyDown}>
      <div className="grid gap-1">
        <label htmlFor={`${id}-set`} className="font-medium">
          Which words
        </label>
        <select
          id={`${id}-set`}
          className={SELECT}
          value={set.id}
          onChange={(event) => {
            onSetChange(event.target.value);
            setIndex(0);
          }}
        >
          {AFFIRMATION_SETS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.title}
            </option>
          ))}
        </select>
      </div>

      {slide(false)}

      <LabourButton className="justify-self-start" onClick={() => dialog.current?.showModal?.()}>
        Show full screen
      </LabourButton>

      {/* A native modal: it keeps focus inside, closes on Escape and gives focus back. */}
      <dialog
        ref={dialog}
        aria-label={`Affirmations: ${set.title}`}
        className="m-0 h-dvh max-h-none w-screen max-w-none bg-(--labour-page) p-4 text-(--labour-text) md:p-10"
      >
        <div className="mx-auto flex h-full max-w-4xl flex-col">
          <LabourButton
            look="icon"
            className="self-end"
            aria-label="Close full screen"
            onClick={() => dialog.current?.close()}
          >
            <X aria-hidden="true" className="!size-6" />
          </LabourButton>
          <div className="grid flex-1 content-center">{slide(true)}</div>
        </div>
      </dialog>
    </div>
  );
}

function Slide({
  text,
  label,
  large,
  onStep,
}: {
  text: string;
  label: string;
  large: boolean;
  onStep: (by: number) => void;
}) {
  const pointerStart = useRef<number | null>(null);

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    if (pointerStart.current === null) return;
    const moved = event.clientX - pointerStart.current;
    pointerStart.current = null;
    if (moved <= -SWIPE_PX) onStep(1);
    else if (moved >= SWIPE_PX) onStep(-1);
    else if (Math.abs(moved) < 10) onStep(1);
  };

  return (
    <section aria-roledescription="carousel" aria-label="Affirmation" className="grid gap-4">
      <div
        className={cn(
          "grid cursor-pointer touch-pan-y place-items-center rounded-card bg-(--labour-surface) p-6 text-center select-none",
          large ? "min-h-[60dvh]" : "min-h-64",
        )}
        onPointerDown={(event) => (pointerStart.current = event.clientX)}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (pointerStart.current = null)}
      >
        <p
          aria-live="polite"
          className={cn(
            "font-serif leading-snug font-semibold",
            large ? "text-4xl md:text-6xl" : "text-3xl md:text-4xl",
          )}
        >
          {text}
        </p>
      </div>
      <div className="flex items-center justify-between gap-4">
        <LabourButton look="round" aria-label="Previous affirmation" onClick={() => onStep(-1)}>
          <ArrowLeft aria-hidden="true" className="!size-6" />
        </LabourButton>
        <p className="text-(--labour-soft)">{label}</p>
        <LabourButton look="round" aria-label="Next affirmation" onClick={() => onStep(1)}>
          <ArrowRight aria-hidden="true" className="!size-6" />
        </LabourButton>
      </div>
    </section>
  );
}
