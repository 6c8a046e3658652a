import { useLayoutEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import type * as SonnerModule from "sonner";
import type { ExternalToast } from "sonner";
import { BOTTOM_CLEARANCE } from "./bottom-clearance.ts";

/**
 * The toasts' defaults (4000 ms, 356 px wide, 14 px apart), with at most
 * two on screen so they never pile over a phone's page (docs/decisions/0015-first-week.md).
 */
export const TOAST_DEFAULTS = { duration: 4000, visibleToasts: 2, width: 356, gap: 14 } as const;

/** The id prefix of a toast that says why the page is changing ("You've been signed out", then home). */
export const ACROSS_PAGES = "across-pages:";

/**
 * At the bottom, clear of the page's heading (which a toast at the top covered) and above the portal's bottom
 * bar and player (`--bottom-clearance`, measured by the player): on the right of a wide screen, across a phone.
 */
const ABOVE_BOTTOM_BARS = `calc(var(${BOTTOM_CLEARANCE}, 0px) + 1rem)`;
const OFFSET = { bottom: ABOVE_BOTTOM_BARS, right: "1.5rem" } as const;
const PHONE_OFFSET = { bottom: ABOVE_BOTTOM_BARS, left: "1rem", right: "1rem" } as const;

type Message = Parameters<typeof SonnerModule.toast>[0];

/*
 * Most visits never show a toast, so sonner is fetched with the first one, not
 * with every page. Until it arrives, toasts wait here in order and are shown
 * as soon as it does.
 */
type Sonner = typeof SonnerModule;
let sonner: Sonner | undefined;
let loading: Promise<void> | undefined;
let waiting: { keep: boolean; run: (loaded: Sonner) => void }[] = [];
const listeners = new Set<() => void>();

function withSonner(run: (loaded: Sonner) => void, keep: boolean) {
  if (sonner) return run(sonner);
  waiting.push({ keep, run });
  loading ??= import("sonner").then(
    (loaded) => {
      sonner = loaded;
      // Sonner replays the toasts still showing to a Toaster that subscribes later.
      for (const { run } of waiting) run(loaded);
      waiting = [];
      for (const listener of listeners) listener();
    },
    // Offline for a moment: the next toast tries again.
    () => void (loading = undefined),
  );
}

const keptAcrossPages = (data?: ExternalToast) => String(data?.id ?? "").startsWith(ACROSS_PAGES);

/** Shows a toast (sonner's API, the parts the product uses), loading sonner first if need be. */
export const toast = Object.assign(
  (message: Message, data?: ExternalToast) =>
    withSonner((s) => s.toast(message, data), keptAcrossPages(data)),
  {
    success: (message: Message, data?: ExternalToast) =>
      withSonner((s) => s.toast.success(message, data), keptAcrossPages(data)),
    error: (message: Message, data?: ExternalToast) =>
      withSonner((s) => s.toast.error(message, data), keptAcrossPages(data)),
    info: (message: Message, data?: ExternalToast) =>
      withSonner((s) => s.toast.info(message, data), keptAcrossPages(data)),
    dismiss: (id?: string | number) => withSonner((s) => s.toast.dismiss(id), true),
  },
);

/** A new page leaves the last page's messages behind, shown or still waiting for sonner. */
function leavePage() {
  waiting = waiting.filter((call) => call.keep);
  if (!sonner) return;
  for (const shown of sonner.toast.getToasts()) {
    if (!String(shown.id).startsWith(ACROSS_PAGES)) sonner.toast.dismiss(shown.id);
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster() {
  const { pathname } = useLocation();
  // A layout effect runs before the new page's own effects, so a message that arrives with the
  // page (a flash) is not the one left behind; one that announces the move itself is kept through it.
  useLayoutEffect(leavePage, [pathname]);
  const loaded = useSyncExternalStore(
    subscribe,
    () => sonner,
    () => undefined,
  );
  if (!loaded) return null;
  return (
    <loaded.Toaster
      position="bottom-right"
      offset={OFFSET}
      mobileOffset={PHONE_OFFSET}
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
