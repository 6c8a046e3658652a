/** The CSS variable on <html> that says how much of the screen's bottom fixed bars take (the portal's bar and player). */
export const BOTTOM_CLEARANCE = "--bottom-clearance";

/**
 * A ref for the top-most of the bars fixed at the bottom of the screen: it keeps `--bottom-clearance` at the
 * room from its top edge to the screen's bottom, so whatever floats there (the toasts) sits above it, whatever
 * its height (a player with captions is taller). The variable goes when the bar does.
 */
export function keepBottomClearance(bar: HTMLElement | null): (() => void) | undefined {
  if (!bar) return undefined;
  const root = document.documentElement;
  const measure = () => {
    const { top, height } = bar.getBoundingClientRect();
    // A bar not shown (printing) takes no room.
    const room = height > 0 ? Math.max(0, window.innerHeight - top) : 0;
    root.style.setProperty(BOTTOM_CLEARANCE, `${Math.round(room)}px`);
  };
  // Without ResizeObserver (an older browser) the window's resize alone keeps it: captions then may overlap.
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(measure) : null;
  observer?.observe(bar);
  window.addEventListener("resize", measure);
  measure();
  return () => {
    observer?.disconnect();
    window.removeEventListener("resize", measure);
    root.style.removeProperty(BOTTOM_CLEARANCE);
  };
}
