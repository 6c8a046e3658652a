import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** The browser's time zone ("" while rendering on the server). */
export function useBrowserTimeZone(): string {
  return useSyncExternalStore(
    subscribe,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => "",
  );
}

/** True once the page runs in the browser: controls that need JavaScript can depend on it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
