import type { ReactNode } from "react";
import { cn } from "./cn.ts";

/**
 * A labelled form control with its hint and errors, wired for screen readers:
 * the control gets aria-invalid and aria-describedby from here.
 */
export function Field({
  id,
  label,
  hint,
  errors,
  hideLabel = false,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The label for screen readers only, where the field's place and placeholder already say it. */
  hideLabel?: boolean;
  errors?: string[];
  className?: string;
  children: (control: {
    id: string;
    "aria-invalid": boolean | undefined;
    "aria-describedby": string | undefined;
  }) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid gap-1.5", className)}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "text-[0.95rem] font-medium text-ink"}>
        {label}
      </label>
      {children({ id, "aria-invalid": errorId ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      {errorId ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {errors!.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
