import fs from "node:fs";

/**
 * The server's "now". In production it is the real time. For end-to-end tests
 * of day-by-day behaviour (streaks), TEST_CLOCK_FILE names a file holding an
 * ISO time to use instead; it is honoured only on a demo run (env.demo), so a
 * deployment can never run on a fake clock.
 */
export interface Clock {
  now(): Date;
  /**
   * A test clock only: calls `moved` each time the test sets it, so what waits for a time (the job
   * runner's next round) looks at once rather than at its next interval. Returns how to stop.
   */
  onMove?(moved: () => void): () => void;
}

const systemClock: Clock = { now: () => new Date() };

export function createClock(testClockFile: string | undefined, demo: boolean): Clock {
  if (!testClockFile || !demo) return systemClock;
  // A file read as the test rewrites it can be empty for a moment: the time it said last stands meanwhile.
  let last: Date | null = null;
  return {
    now() {
      try {
        const date = new Date(fs.readFileSync(testClockFile, "utf8").trim());
        if (!Number.isNaN(date.getTime())) last = date;
      } catch {
        // Unreadable for now: as for an empty file.
      }
      return last ?? new Date();
    },
    onMove(moved) {
      const watcher = fs.watch(testClockFile, () => moved());
      watcher.unref();
      return () => watcher.close();
    },
  };
}
