import { Button, type ButtonProps } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";

/** Labour mode's buttons, drawn with the theme's variables (theme.ts); each at least 48 px. */
const LOOKS = {
  action:
    "min-h-12 justify-center rounded-full bg-(--labour-action) px-6 text-(--labour-on-action) shadow-soft hover:brightness-95",
  quiet:
    "min-h-12 justify-center rounded-full border-2 border-(--labour-edge) px-5 text-(--labour-text) hover:bg-(--labour-surface)",
  round:
    "size-14 shrink-0 justify-center rounded-full border-2 border-(--labour-edge) text-(--labour-text) hover:bg-(--labour-surface)",
  icon: "size-12 shrink-0 justify-center rounded-full text-(--labour-text) hover:bg-(--labour-surface)",
} as const;

export type LabourButtonLook = keyof typeof LOOKS;

/** The design system's Button without its light-page colours; `look={null}` leaves the look to the caller. */
export function LabourButton({
  look = "quiet",
  className,
  ...props
}: Omit<ButtonProps, "variant" | "size" | "align" | "asChild"> & { look?: LabourButtonLook | null }) {
  return (
    <Button
      type="button"
      variant={null}
      size={null}
      align={null}
      className={cn(look && LOOKS[look], className)}
      {...props}
    />
  );
}
