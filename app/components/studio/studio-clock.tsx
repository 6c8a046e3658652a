import { createContext, useContext, type ReactNode } from "react";
import type { TimeZoneSource } from "#app/modules/studio/settings.server.ts";
import { formatStudioTime } from "#app/modules/studio/studio-time.ts";

/** The owner's clock, as the studio's layout read it for this page: her zone, where it came from, and now. */
export interface StudioClockData {
  timeZone: string;
  source: TimeZoneSource;
  /** When the page was made (ISO 8601): "today" is hers at this moment, on the server and in the browser alike. */
  now: string;
}

const StudioClockContext = createContext<StudioClockData | null>(null);

export function StudioClockProvider({ clock, children }: { clock: StudioClockData; children: ReactNode }) {
  return <StudioClockContext.Provider value={clock}>{children}</StudioClockContext.Provider>;
}

/** The owner's clock on a studio page; null outside one (an error screen). */
export function useStudioClock(): StudioClockData | null {
  return useContext(StudioClockContext);
}

/**
 * Writes a studio time on her clock ("today, 14:05", "28 Nov"), as formatStudioTime does; a missing
 * time is "—". Outside the studio's layout (an error screen) the clock is UTC's.
 */
export function useStudioTime() {
  const clock = useStudioClock() ?? { timeZone: "UTC", now: new Date(0).toISOString() };
  return (at: Date | string | null | undefined, options?: { dayOnly?: boolean }) =>
    at ? formatStudioTime(at, clock, options) : "—";
}
