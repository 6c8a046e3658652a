import { useCallback, useState } from "react";
import {
  currentContraction,
  formatClockTime,
  formatSpan,
  removeContraction,
  startContraction,
  stopContraction,
  timeline,
  type Contraction,
} from "#app/modules/labour/contractions.ts";
import type { LabourRecord } from "#app/modules/labour/device-store.ts";

/**
 * Starting, stopping and correcting the contraction history, each change saved
 * and put into words for the page's live region (`message`).
 */
export function useContractions(
  contractions: Contraction[],
  update: (change: (record: LabourRecord) => LabourRecord) => void,
  timeZone: string,
) {
  const [message, setMessage] = useState("");
  const change = useCallback(
    (next: (list: Contraction[]) => Contraction[]) =>
      update((record) => ({ ...record, contractions: next(record.contractions) })),
    [update],
  );
  const current = currentContraction(contractions);

  const toggle = useCallback(() => {
    const now = Date.now();
    if (!current) {
      change((list) => startContraction(list, now));
      setMessage(`Contraction started at ${formatClockTime(now, timeZone)}.`);
      return;
    }
    const finished = stopContraction(contractions, now);
    const stopped = timeline(finished).find((c) => c.startedAt === current.startedAt)!;
    change((list) => stopContraction(list, now));
    const apart =
      stopped.intervalMs === null ? "" : `, ${formatSpan(stopped.intervalMs)} after the one before`;
    setMessage(`Contraction stopped. It lasted ${formatSpan(stopped.durationMs ?? 0)}${apart}.`);
  }, [change, contractions, current, timeZone]);

  const remove = useCallback(
    (startedAt: number) => {
      change((list) => removeContraction(list, startedAt));
      setMessage(`Removed the contraction that began at ${formatClockTime(startedAt, timeZone)}.`);
    },
    [change, timeZone],
  );

  const clear = useCallback(() => {
    change(() => []);
    setMessage("History cleared.");
  }, [change]);

  return { current, toggle, remove, clear, message, setMessage };
}
