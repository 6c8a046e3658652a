/**
 * When a hover menu opens: only after the pointer has rested on it for
 * `openDelay`, unless a menu closed less than `skipDelay` ago (the person is
 * moving along the bar), in which case at once.
 */
export interface HoverIntentOptions {
  openDelay: number;
  skipDelay: number;
  onOpen: () => void;
  onClose: () => void;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export function createHoverIntent({
  openDelay,
  skipDelay,
  onOpen,
  onClose,
  now = () => Date.now(),
  setTimer = (callback, ms) => setTimeout(callback, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: HoverIntentOptions) {
  let pending: unknown;
  let open = false;
  let closedAt = Number.NEGATIVE_INFINITY;

  const cancel = () => {
    if (pending !== undefined) clearTimer(pending);
    pending = undefined;
  };

  return {
    enter() {
      cancel();
      if (open) return;
      if (now() - closedAt < skipDelay) {
        open = true;
        onOpen();
        return;
      }
      pending = setTimer(() => {
        pending = undefined;
        open = true;
        onOpen();
      }, openDelay);
    },
    leave() {
      cancel();
      if (!open) return;
      open = false;
      closedAt = now();
      onClose();
    },
    /** Keeps the record straight when the menu is opened or closed another way (click, Escape). */
    sync(isOpen: boolean) {
      cancel();
      if (open && !isOpen) closedAt = now();
      open = isOpen;
    },
    dispose: cancel,
  };
}
