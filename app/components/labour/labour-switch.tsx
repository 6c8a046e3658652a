import { useId, type ReactNode } from "react";
import { cn } from "#app/components/ui/cn.ts";

/**
 * An on/off setting of labour mode: a switch that shows its state in words
 * ("On", "Off") and as a knob, with a line under it saying what it does now
 * and what a tap will do. `unavailable` (the phone can't do it) shows it off,
 * dashed, and a tap changes nothing; the line says why.
 */
export function LabourSwitch({
  label,
  checked,
  unavailable = false,
  onChange,
  hint,
  className,
}: {
  label: string;
  checked: boolean;
  unavailable?: boolean;
  onChange: (checked: boolean) => void;
  /** What the setting does as it stands, and what a tap will do. */
  hint: ReactNode;
  className?: string;
}) {
  const hintId = useId();
  const on = checked && !unavailable;
  return (
    <div className={cn("grid content-start gap-1", className)}>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-disabled={unavailable || undefined}
        aria-describedby={hintId}
        onClick={() => {
          if (!unavailable) onChange(!checked);
        }}
        className={cn(
          "flex min-h-12 items-center justify-between gap-3 rounded-full border-2 border-(--labour-edge) py-1 pr-2 pl-5 text-left font-medium text-(--labour-text) transition-colors duration-200 hover:bg-(--labour-surface)",
          unavailable && "border-dashed",
        )}
      >
        {label}
        {/* The switch's state is its role's; the words and the knob are for the eye. */}
        <span aria-hidden="true" className="flex items-center gap-2">
          <span className="w-7 text-right text-sm font-semibold">{on ? "On" : "Off"}</span>
          <span
            className={cn(
              "flex h-7 w-12 items-center rounded-full border-2 border-(--labour-edge) p-0.5 transition-colors duration-200",
              on ? "justify-end bg-(--labour-action)" : "justify-start bg-transparent",
            )}
          >
            <span
              className={cn("size-5 rounded-full", on ? "bg-(--labour-on-action)" : "bg-(--labour-edge)")}
            />
          </span>
        </span>
      </button>
      <p id={hintId} className="min-h-6 text-sm text-(--labour-soft)">
        {hint}
      </p>
    </div>
  );
}
