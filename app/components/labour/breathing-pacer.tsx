import { useEffect, useId, useState, useSyncExternalStore, type CSSProperties } from "react";
import { cn } from "#app/components/ui/cn.ts";
import {
  BREATH_KINDS,
  BREATHS,
  breathAt,
  COUNT_LIMITS,
  PHASE_WORDS,
  type BreathCounts,
  type BreathKind,
  type BreathPhase,
} from "#app/modules/labour/breathing.ts";
import { LabourButton } from "./labour-button.tsx";
import { LabourSwitch } from "./labour-switch.tsx";
import { SELECT } from "./theme.ts";
import { useNow } from "./use-now.ts";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeToMotion(onChange: () => void) {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}

/** Whether the member asked for less motion; the server assumes she did, so nothing moves before it knows. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => true,
  );
}

const noSubscription = () => () => {};
function useCanVibrate(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => typeof navigator.vibrate === "function",
    () => false,
  );
}

/** Where the shape rests at the end of each phase: the wave breath swells and settles, the birthing breath travels down. */
const SHAPE: Record<BreathKind, Record<BreathPhase | "rest", string>> = {
  wave: { rest: "scale(0.45)", in: "scale(1)", out: "scale(0.45)" },
  birthing: {
    rest: "translateY(0) scale(0.5)",
    in: "translateY(-30%) scale(0.6)",
    out: "translateY(30%) scale(0.5)",
  },
};

const countOptions = ({ min, max }: { min: number; max: number }) =>
  Array.from({ length: max - min + 1 }, (_, i) => min + i);

/**
 * A calm pace for the wave breath (up-breathing) and the birthing breath
 * (down-breathing): a slowly moving shape and the counts in words. With
 * reduced motion the shape holds still and the counts carry the rhythm.
 */
export function BreathingPacer({
  counts,
  vibrate,
  onCountsChange,
  onVibrateChange,
}: {
  counts: Record<BreathKind, BreathCounts>;
  vibrate: boolean;
  onCountsChange: (kind: BreathKind, counts: BreathCounts) => void;
  onVibrateChange: (vibrate: boolean) => void;
}) {
  const id = useId();
  const [kind, setKind] = useState<BreathKind>("wave");
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const now = useNow(startedAt === null ? null : 200);
  const reducedMotion = usePrefersReducedMotion();
  const canVibrate = useCanVibrate();
  const running = startedAt !== null;
  const moment = breathAt(counts[kind], running ? now - startedAt : 0);

  // A short buzz as each breath turns: one for in, two for out.
  const turn = running ? `${moment.breathsDone}-${moment.phase}` : null;
  useEffect(() => {
    if (turn && vibrate && canVibrate) navigator.vibrate(turn.endsWith("in") ? 40 : [30, 80, 30]);
  }, [turn, vibrate, canVibrate]);

  const shape: CSSProperties = reducedMotion
    ? { transform: SHAPE[kind].in }
    : {
        transform: SHAPE[kind][running ? moment.phase : "rest"],
        transition: `transform ${running ? moment.phaseMs : 300}ms ease-in-out`,
      };

  return (
    <div className="grid gap-6">
      <div className="grid justify-items-center gap-4">
        <div
          aria-hidden="true"
          data-testid="breath-circle"
          className="relative grid size-52 place-items-center overflow-hidden rounded-full bg-(--labour-surface) sm:size-64"
        >
          <div className="size-full rounded-full bg-(--labour-quiet) opacity-80" style={shape} />
        </div>
        <p className="grid min-h-24 justify-items-center text-center">
          {/* Each turn is announced; the numbers between are for the eye. */}
          <span aria-live="polite" className="text-2xl font-semibold">
            {running ? PHASE_WORDS[moment.phase] : ""}
          </span>
          <span aria-hidden="true" className="text-5xl font-semibold tabular-nums">
            {running ? moment.count : ""}
          </span>
        </p>
        <LabourButton
          look="action"
          className="min-w-48 text-lg"
          onClick={() => setStartedAt(running ? null : Date.now())}
        >
          {running ? "Stop breathing guide" : "Start breathing guide"}
        </LabourButton>
      </div>

      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-xl font-semibold">Which breath</legend>
        {BREATH_KINDS.map((option) => (
          <label
            key={option}
            className={cn(
              "grid min-h-12 cursor-pointer grid-cols-[auto_1fr] gap-x-3 rounded-card border-2 p-4 font-semibold",
              kind === option ? "border-(--labour-edge) bg-(--labour-surface)" : "border-(--labour-surface)",
            )}
          >
            <input
              type="radio"
              name={`${id}-kind`}
              value={option}
              checked={kind === option}
              onChange={() => setKind(option)}
              className="row-span-2 mt-1 size-5 accent-(--labour-action)"
            />
            {`${BREATHS[option].name} (${BREATHS[option].alsoCalled})`}
            <span className="col-start-2 font-normal text-(--labour-soft)">{BREATHS[option].howTo}</span>
          </label>
        ))}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        {(
          [
            ["inCount", "Breathe in for"],
            ["outCount", "Breathe out for"],
          ] as const
        ).map(([key, label]) => (
          <div key={key} className="grid gap-1">
            <label htmlFor={`${id}-${key}`} className="font-medium">
              {label}
            </label>
            <select
              id={`${id}-${key}`}
              className={SELECT}
              value={counts[kind][key]}
              onChange={(event) =>
                onCountsChange(kind, { ...counts[kind], [key]: Number(event.target.value) })
              }
            >
              {countOptions(COUNT_LIMITS[key]).map((n) => (
                <option key={n} value={n}>
                  {n} counts
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <p className="-mt-2 text-(--labour-soft)">
        A count is about a second. Comfort matters more than counting.
      </p>

      <LabourSwitch
        label="Gentle vibration"
        className="justify-self-start"
        checked={vibrate}
        unavailable={!canVibrate}
        onChange={onVibrateChange}
        hint={
          canVibrate
            ? "A short buzz as each breath turns: one to breathe in, two to breathe out."
            : "This phone's browser can't vibrate."
        }
      />
    </div>
  );
}
