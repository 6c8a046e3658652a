import { useLayoutEffect } from "react";
import { useLocation } from "react-router";
import { toast, Toaster as Sonner } from "sonner";

/**
 * The spec's toast defaults (4000 ms, 356 px wide, 14 px apart), with at most
 * two on screen so they never pile over a phone's page (decision 0015).
 */
export const TOAST_DEFAULTS = { duration: 4000, visibleToasts: 2, width: 356, gap: 14 } as const;

/** The id prefix of a toast that says why the page is changing ("You've been signed out", then home). */
export const ACROSS_PAGES = "across-pages:";

/** Below the sticky header (4 rem), so the menu button and the logo stay in reach. */
const BELOW_HEADER = { top: "4.75rem" } as const;

export function Toaster() {
  const { pathname } = useLocation();
  // A new page leaves the last page's messages behind. A layout effect runs before the new page's
  // own effects, so a message that arrives with the page (a flash) is not the one dismissed; one
  // that announces the move itself is kept through it.
  useLayoutEffect(() => {
    for (const shown of toast.getToasts()) {
      if (!String(shown.id).startsWith(ACROSS_PAGES)) toast.dismiss(shown.id);
    }
  }, [pathname]);
  return (
    <Sonner
      position="top-center"
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER}
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
