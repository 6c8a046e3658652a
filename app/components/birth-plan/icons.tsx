import { useId } from "react";
import {
  BIRTH_PLAN_ICON_NAMES,
  BIRTH_PLAN_ICON_PATHS as PATHS,
  type BirthPlanIconName,
} from "#app/modules/birth-plan/icon-paths.ts";

/**
 * The birth preferences icons: line drawings on a 24×24 grid, stroked in the text's colour (1.75 wide, round
 * caps and joins, no fill). The path data lives in the module (icon-paths.ts) so the PDF draws the same icons.
 */
export type IconName = BirthPlanIconName;
export { BIRTH_PLAN_ICON_NAMES };
export const BIRTH_PLAN_ICON_PATHS: Record<IconName, readonly string[]> = PATHS;

export function BirthPlanIcon({
  name,
  className,
  title,
}: {
  name: IconName;
  className?: string;
  /** What the icon means, when nothing beside it says so; decorative (hidden) without. */
  title?: string;
}) {
  const titleId = useId();
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      focusable="false"
      data-icon={name}
      role={title ? "img" : undefined}
      aria-labelledby={title ? titleId : undefined}
      aria-hidden={title ? undefined : true}
    >
      {title ? <title id={titleId}>{title}</title> : null}
      {BIRTH_PLAN_ICON_PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
