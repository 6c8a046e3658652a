import { Toaster as Sonner } from "sonner";

/** The spec's toast defaults: 4000 ms, 3 visible, 356 px wide, 14 px apart. */
export const TOAST_DEFAULTS = { duration: 4000, visibleToasts: 3, width: 356, gap: 14 } as const;

export function Toaster() {
  return (
    <Sonner
      position="top-center"
      duration={TOAST_DEFAULTS.duration}
      visibleToasts={TOAST_DEFAULTS.visibleToasts}
      gap={TOAST_DEFAULTS.gap}
      style={{ "--width": `${TOAST_DEFAULTS.width}px` } as React.CSSProperties}
      toastOptions={{
        classNames: {
          toast: "!bg-cream !text-ink !border-line !font-sans !rounded-2xl !shadow-soft",
          description: "!text-ink-soft",
        },
      }}
    />
  );
}
