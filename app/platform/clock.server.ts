import fs from "node:fs";

/**
 * The server's "now". In production it is the real time. For end-to-end tests
 * of day-by-day behaviour (streaks), TEST_CLOCK_FILE names a file holding an
 * ISO time to use instead; it is honoured only on a demo run (env.demo), so a
 * deployment can never run on a fake clock.
 */
export interface Clock {
  now(): Date;
}

const systemClock: Clock = { now: () => new Date() };

export function createClock(testClockFile: string | undefined, demo: boolean): Clock {
  if (!testClockFile || !demo) return systemClock;
  return {
    now() {
      try {
        const text = fs.readFileSync(testClockFile, "utf8").trim();
        const date = new Date(text);
        return Number.isNaN(date.getTime()) ? new Date() : date;
      } catch {
        return new Date();
      }
    },
  };
}
