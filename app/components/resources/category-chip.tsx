import { Check, type IconComponent } from "#app/components/ui/icons.tsx";
import type { MouseEvent } from "react";
import { cn } from "#app/components/ui/cn.ts";

/** One of the resource centre's category filters: a submit button, so it works without JavaScript too. */
export function CategoryChip({
  label,
  Icon,
  pressed,
  value,
  onClick,
}: {
  label: string;
  Icon?: IconComponent;
  pressed: boolean;
  value: string;
  onClick: (event: MouseEvent) => void;
}) {
  return (
    <button
      type="submit"
      name="category"
      value={value}
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-[0.95rem] font-medium transition-colors duration-200",
        pressed
          ? "border-plum bg-plum text-cream hover:bg-plum-deep"
          : "border-ink/20 bg-white text-ink hover:border-plum/50 hover:bg-lavender-soft",
      )}
    >
      {/* The tick says "chosen" in shape as well as colour. */}
      {pressed ? (
        <Check aria-hidden="true" className="size-4" />
      ) : Icon ? (
        <Icon aria-hidden="true" className="size-4 text-plum" />
      ) : null}
      {label}
    </button>
  );
}
