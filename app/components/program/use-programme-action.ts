import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toaster.tsx";
import type { ProgrammeActionResult } from "~/modules/program/actions.server.ts";

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
  return {
    fetcher,
    result,
    pending: fetcher.state !== "idle",
    submit: (fields: Record<string, string>) => fetcher.submit(fields, { method: "post", action }),
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
