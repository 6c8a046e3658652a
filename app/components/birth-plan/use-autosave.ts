import { useEffect, useRef, useState } from "react";
import { CHOICE_FIELD } from "#app/modules/birth-plan/plan.ts";
import { BIRTH_PLAN_INTENTS as INTENTS, SAVE_VIA } from "#app/modules/birth-plan/forms.ts";
import { deviceKey } from "#app/modules/offline/device.ts";

/** Where the page saves her plan as she goes (the route answers JSON). */
export const AUTOSAVE_URL = "/api/birth-plan";
/** Typing comes in bursts: one save this long after the last change. */
export const AUTOSAVE_DELAY_MS = 800;
/** A save that didn't reach her account is tried again after this long, or as soon as the browser is online. */
export const RETRY_MS = 30_000;
/** A save on a signal that comes and goes is given up after this long, and tried again later. */
const SAVE_TIMEOUT_MS = 15_000;
const NOTE_PREFIX = "note.";

/** The device's copy of her form, kept until her account has it, under her member key. */
export const draftKey = (memberKey: string) => deviceKey(memberKey, "birth-plan-draft");

export interface BirthPlanDraft {
  /** When she last changed the form on this device (ISO). */
  editedAt: string;
  choices: string[];
  /** Each section's note by section id, as typed. */
  notes: Record<string, string>;
}

/**
 * Where her plan stands with her account: `idle` (nothing changed on this page yet), `saving` (a change is on its
 * way), `saved` (her account has it), `offline` (kept on this device until the browser is back online),
 * `failed` (the server couldn't take it just now; tried again shortly) or `refused` (the server said why).
 */
export type AutosaveStatus =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; savedAt: string }
  | { kind: "offline" }
  | { kind: "failed" }
  | { kind: "refused"; message: string };

/** The browser's localStorage, or null where it is blocked (even reading the property can throw). */
function deviceStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Where a draft lives for this visit when the device refuses to store it. */
const unstored = new Map<string, string>();

function readDraft(key: string): BirthPlanDraft | null {
  let raw: string | null = unstored.get(key) ?? null;
  try {
    raw ??= deviceStore()?.getItem(key) ?? null;
  } catch {
    // A storage that won't be read has no draft.
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<BirthPlanDraft>;
    const readable =
      typeof value.editedAt === "string" &&
      !Number.isNaN(Date.parse(value.editedAt)) &&
      Array.isArray(value.choices) &&
      value.choices.every((id) => typeof id === "string") &&
      typeof value.notes === "object" &&
      value.notes !== null &&
      Object.values(value.notes).every((note) => typeof note === "string");
    return readable ? (value as BirthPlanDraft) : null;
  } catch {
    return null;
  }
}

function writeDraft(key: string, draft: BirthPlanDraft) {
  const raw = JSON.stringify(draft);
  try {
    const store = deviceStore();
    if (!store) throw new Error("no storage");
    store.setItem(key, raw);
    unstored.delete(key);
  } catch {
    // Full or blocked: kept for this visit at least.
    unstored.set(key, raw);
  }
}

function removeDraft(key: string) {
  unstored.delete(key);
  try {
    deviceStore()?.removeItem(key);
  } catch {
    // Nothing to remove from a storage that won't be written.
  }
}

/** What the form holds now, as a draft. */
function draftOf(form: HTMLFormElement): BirthPlanDraft {
  const data = new FormData(form);
  const notes: Record<string, string> = {};
  for (const [name, value] of data) {
    if (name.startsWith(NOTE_PREFIX) && typeof value === "string")
      notes[name.slice(NOTE_PREFIX.length)] = value;
  }
  const choices = data.getAll(CHOICE_FIELD).filter((id): id is string => typeof id === "string");
  return { editedAt: new Date().toISOString(), choices, notes };
}

/** Puts a draft's ticks and notes back into the form's controls (wherever they sit in the page). */
function applyDraft(form: HTMLFormElement, draft: BirthPlanDraft) {
  const chosen = new Set(draft.choices);
  for (const control of Array.from(form.elements)) {
    if (control instanceof HTMLInputElement && control.type === "checkbox" && control.name === CHOICE_FIELD) {
      control.checked = chosen.has(control.value);
    } else if (control instanceof HTMLTextAreaElement && control.name.startsWith(NOTE_PREFIX)) {
      control.value = draft.notes[control.name.slice(NOTE_PREFIX.length)] ?? "";
    }
  }
}

/** The form a control belongs to, by its `form` attribute or by sitting inside it. */
function formOf(target: EventTarget | null): HTMLFormElement | null {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target.form : null;
}

type Outcome =
  | { kind: "saved"; savedAt: string }
  | { kind: "refused"; message: string; retry: boolean }
  | { kind: "failed" }
  | { kind: "offline" };

const REFUSED_FALLBACK = "Your plan couldn't be saved. Please reload the page and try again.";

async function post(body: FormData): Promise<Outcome> {
  try {
    const response = await fetch(AUTOSAVE_URL, {
      method: "POST",
      body,
      signal: AbortSignal.timeout(SAVE_TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => null)) as {
      ok?: boolean;
      savedAt?: string;
      message?: string;
    } | null;
    if (response.ok && answer?.ok && typeof answer.savedAt === "string") {
      return { kind: "saved", savedAt: answer.savedAt };
    }
    if (response.status >= 500) return { kind: "failed" };
    // Too many saves is worth trying again later; anything else waits for her next change.
    return {
      kind: "refused",
      message: typeof answer?.message === "string" ? answer.message : REFUSED_FALLBACK,
      retry: response.status === 429,
    };
  } catch {
    // No connection, or none that answered in time.
    return { kind: "offline" };
  }
}

/**
 * Saves the form `formId` as she goes. Every change is written to this device at once (a draft), then, once she
 * pauses, the whole form is posted to her account: one save at a time, the latest form each time. A save that
 * doesn't arrive leaves the draft and is tried again when the browser is back online, or every 30 seconds. Only a
 * save of the form as it still is removes the draft. On the page's first run, a draft newer than her account's
 * latest save (or with no save at all) is put back into the form and saved, so nothing typed is lost to a reload
 * or a lost signal. The draft never leaves the device except as that save.
 */
export function useAutosave({
  formId,
  memberKey,
  serverSavedAt,
}: {
  formId: string;
  /** Whose plan: the draft is kept per member, so two people sharing a device keep theirs apart. */
  memberKey: string;
  /** Her account's latest save (ISO), or null when she has none. */
  serverSavedAt: string | null;
}): { status: AutosaveStatus; restored: boolean } {
  const [status, setStatus] = useState<AutosaveStatus>({ kind: "idle" });
  const [restored, setRestored] = useState(false);
  // Read once, at the page's first run: later saves are this hook's own.
  const savedAtOnMount = useRef(serverSavedAt);

  useEffect(() => {
    const key = draftKey(memberKey);
    const form = () => document.getElementById(formId) as HTMLFormElement | null;
    // Counted changes: a save confirms the count it sent, so a change made meanwhile is still owed.
    let edits = 0;
    let confirmed = 0;
    let inFlight = false;
    let sendAgain = false;
    let disposed = false;
    let debounce: number | undefined;
    let retry: number | undefined;

    const schedule = (ms: number) => {
      window.clearTimeout(debounce);
      debounce = window.setTimeout(() => void send(), ms);
    };
    const scheduleRetry = () => {
      window.clearTimeout(retry);
      retry = window.setTimeout(() => void send(), RETRY_MS);
    };

    async function send() {
      if (inFlight) {
        sendAgain = true;
        return;
      }
      const element = form();
      if (disposed || edits === confirmed || !element) return;
      if (!navigator.onLine) {
        setStatus({ kind: "offline" });
        scheduleRetry();
        return;
      }
      const body = new FormData(element);
      body.set("intent", INTENTS.save);
      body.set("via", SAVE_VIA.autosave);
      const sent = edits;
      inFlight = true;
      window.clearTimeout(retry);
      setStatus({ kind: "saving" });
      const outcome = await post(body);
      inFlight = false;
      if (disposed) return;

      if (outcome.kind === "saved") {
        confirmed = sent;
        // Changed since it was sent: the draft still holds what the account hasn't.
        if (edits === sent) removeDraft(key);
        setStatus(edits === sent ? outcome : { kind: "saving" });
      } else if (outcome.kind === "refused") {
        setStatus({ kind: "refused", message: outcome.message });
        if (outcome.retry) scheduleRetry();
      } else {
        setStatus({ kind: outcome.kind });
        scheduleRetry();
      }
      if (sendAgain) {
        sendAgain = false;
        void send();
      }
    }

    const changed = (event: Event) => {
      const element = form();
      if (!element || formOf(event.target) !== element) return;
      edits += 1;
      writeDraft(key, draftOf(element));
      setStatus(navigator.onLine ? { kind: "saving" } : { kind: "offline" });
      schedule(AUTOSAVE_DELAY_MS);
    };
    const backOnline = () => {
      if (edits !== confirmed) void send();
    };

    // Her draft from an earlier visit: put back (and saved) if it is newer than her account's plan.
    const draft = readDraft(key);
    const element = form();
    if (draft && element) {
      const serverAt = savedAtOnMount.current ? Date.parse(savedAtOnMount.current) : Number.NEGATIVE_INFINITY;
      if (Date.parse(draft.editedAt) > serverAt) {
        applyDraft(element, draft);
        edits += 1;
        setRestored(true);
        schedule(0);
      } else {
        removeDraft(key);
      }
    }

    // Controls sit outside the <form> element (form="…"), so changes are heard on the document.
    document.addEventListener("input", changed);
    document.addEventListener("change", changed);
    window.addEventListener("online", backOnline);
    return () => {
      disposed = true;
      window.clearTimeout(debounce);
      window.clearTimeout(retry);
      document.removeEventListener("input", changed);
      document.removeEventListener("change", changed);
      window.removeEventListener("online", backOnline);
    };
  }, [formId, memberKey]);

  return { status, restored };
}
