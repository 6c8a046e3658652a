import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/*
 * Where keyboard focus goes when the page changes under it, the same way everywhere, so it never falls
 * to the page's body:
 * - on a new page, to its heading (`usePageHeadingFocus`, in the portal's shell);
 * - after an action that takes its own control away, to what the action leaves: its result or the next
 *   thing to do. The action says so as it starts (`focusNext(name)`); the element marked
 *   `ref={focusTarget(name)}` takes focus when it appears, or when the action settles (`focusSettled(name)`)
 *   if it was there all along.
 */

/** The targets, by the action that leaves them. */
export const FOCUS_AFTER = {
  /** Saving (or keeping) the due date: the date as it now stands. */
  dueDate: "due-date",
  /** Mark as Complete: "Done for today". */
  practiceDone: "practice-done",
  /** Saving the birth preferences: the page's word on the save (or on what was wrong). */
  birthPlanSave: "birth-plan-save",
} as const;
type Target = (typeof FOCUS_AFTER)[keyof typeof FOCUS_AFTER];

/** The target the last action is waiting to focus, if any. */
let awaited: Target | null = null;
/** The elements on the page marked as each target, latest last. */
const marked = new Map<Target, HTMLElement[]>();
const refs = new Map<Target, (element: HTMLElement | null) => (() => void) | undefined>();

/** Gives an element focus, making it focusable by script first if it isn't a control. */
function takeFocus(element: HTMLElement, options?: FocusOptions) {
  if (!element.matches("a[href], button, input, select, textarea, [tabindex]")) element.tabIndex = -1;
  element.focus(options);
}

/** As an action starts: the target `name` takes focus when it appears (or when the action settles). */
export function focusNext(name: Target) {
  awaited = name;
}

/** The ref for an element that takes focus after an action (one stable function per name). */
export function focusTarget(name: Target) {
  let ref = refs.get(name);
  if (!ref) {
    ref = (element) => {
      if (!element) return undefined;
      marked.set(name, [...(marked.get(name) ?? []), element]);
      if (awaited === name) {
        awaited = null;
        takeFocus(element);
      }
      return () =>
        marked.set(
          name,
          (marked.get(name) ?? []).filter((other) => other !== element),
        );
    };
    refs.set(name, ref);
  }
  return ref;
}

/** The action waiting on `name` has settled: its target takes focus now, if it hasn't already. */
export function focusSettled(name: Target) {
  if (awaited !== name) return;
  const element = (marked.get(name) ?? []).findLast((candidate) => candidate.isConnected);
  if (!element) return;
  awaited = null;
  takeFocus(element);
}

/**
 * A new page (not the first one, which the browser starts at the top) puts focus on its main heading, so a
 * keyboard or screen reader starts reading there, whichever link brought her. A link to a place on the page
 * (#…) is left to the browser.
 */
export function usePageHeadingFocus() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A new page ends whatever the last one's action was waiting for.
    awaited = null;
    if (hash) return;
    const target = document.querySelector<HTMLElement>("main h1") ?? document.querySelector("main");
    // The scroll is the router's to restore (the top, or where she was on going back).
    if (target) takeFocus(target, { preventScroll: true });
    // The hash is read, not watched: only a new page moves focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
