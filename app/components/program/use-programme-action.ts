import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "#app/components/ui/toaster.tsx";
import type { ProgrammeActionResult } from "#app/modules/program/actions.server.ts";

/**
 * A fetcher for one programme form, which shows the action's toast when it answers.
 * Each control gets its own, so each shows its own pending state.
 */
export function useProgrammeAction(action?: string) {
  const fetcher = useFetcher<ProgrammeActionResult>();
  // The answer is here as soon as the action replies, while the page's data is still refreshing;
  // showing it then means a form that the fresh data removes still gets its toast out.
  const result = fetcher.state === "submitting" ? undefined : fetcher.data;
  useEffect(() => {
    const message = result?.toast;
    if (!message) return;
    const show =
      message.type === "success" ? toast.success : message.type === "error" ? toast.error : toast.info;
    show(message.message, { description: message.description });
  }, [result]);
  // One save at a time. A new submission cancels the one on its way only in the browser: the server
  // still gets it, and under load it could land after the later one (a box ticked, unticked and ticked
  // again ending unticked). So a click while a save is on its way waits for it (and the page's refresh
  // after it), and only the latest such click goes. A ref, not the fetcher's state: that turns to
  // "submitting" a moment after submit(), and a quick second click would see it still idle.
  const sending = useRef(false);
  const queued = useRef<Record<string, string> | null>(null);
  const send = (fields: Record<string, string>): Promise<void> => {
    sending.current = true;
    return fetcher.submit(fields, { method: "post", action }).finally(() => {
      sending.current = false;
      const next = queued.current;
      queued.current = null;
      if (next) void send(next);
    });
  };
  return {
    fetcher,
    result,
    pending: fetcher.state !== "idle",
    submit: (fields: Record<string, string>) => {
      if (!sending.current) return send(fields);
      queued.current = fields;
      return Promise.resolve();
    },
  };
}

/**
 * A checkbox that shows its new state at once and keeps it until the server
 * has it: the value clicked, until the fetcher carries it; then the value
 * sent, while its save and the page's refresh are under way (the latest, if
 * the member clicks again); then what the server has.
 */
export function useOptimisticToggle(saved: boolean, fetcher: { formData?: FormData }, field: string) {
  const [clicked, setClicked] = useState<boolean | null>(null);
  const sent = fetcher.formData?.get(field);
  const inFlight = typeof sent === "string" ? sent === "true" : null;
  if (clicked !== null && inFlight === clicked) setClicked(null);
  return { checked: clicked ?? inFlight ?? saved, set: setClicked };
}
