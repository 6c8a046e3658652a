import { CalendarHeart } from "#app/components/ui/icons.tsx";
import { useState } from "react";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { FOCUS_AFTER, focusNext } from "#app/components/ui/focus-after.ts";
import { cn } from "#app/components/ui/cn.ts";
import { programmeMessages } from "#app/modules/program/messages.ts";
import { useBrowserTimeZone, useHydrated } from "./browser.ts";
import type { useProgrammeAction } from "./use-programme-action.ts";

/**
 * First visit without a date: due date or induction date, then the programme
 * is laid out from it. The picker offers today to a year ahead. The page owns
 * the save (`useProgrammeAction`), because a saved date removes this card and
 * its confirmation must still show.
 */
export function OnboardingCard({
  min,
  max,
  save,
}: {
  min: string;
  max: string;
  save: ReturnType<typeof useProgrammeAction>;
}) {
  const { fetcher, result, pending } = save;
  const [mode, setMode] = useState<"due" | "induction">("due");
  const [date, setDate] = useState("");
  const timeZone = useBrowserTimeZone();
  const hydrated = useHydrated();
  const error = result?.intent === "save-date" && result.fieldError ? result.fieldError : null;
  const label = mode === "induction" ? "Your induction date" : "Your due date";

  return (
    <section
      aria-labelledby="onboarding-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft md:p-8"
    >
      <div className="flex items-start gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-full bg-apricot-soft text-plum sm:inline-flex">
          <CalendarHeart aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="onboarding-heading" className="text-2xl font-semibold">
            When is your baby due?
          </h2>
          <p className="mt-1 text-ink-soft">
            We'll plan your two weeks of practice around it. You can change it any time in your profile.
          </p>
          <fetcher.Form
            method="post"
            onSubmit={() => focusNext(FOCUS_AFTER.dueDate)}
            className="mt-5 grid gap-4"
          >
            <input type="hidden" name="intent" value="save-date" />
            <input type="hidden" name="timeZone" value={timeZone} />
            <fieldset>
              <legend className="text-[0.95rem] font-medium">I'm planning around</legend>
              <div className="mt-2 inline-grid grid-cols-2 gap-1 rounded-2xl bg-sand p-1">
                {(
                  [
                    ["due", "Due Date"],
                    ["induction", "Induction Date"],
                  ] as const
                ).map(([value, text]) => (
                  <label
                    key={value}
                    className={cn(
                      "flex min-h-11 cursor-pointer items-center justify-center rounded-xl px-4 font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-plum",
                      mode === value ? "bg-white text-ink shadow-soft" : "text-ink-soft",
                    )}
                  >
                    <input
                      type="radio"
                      name="mode"
                      value={value}
                      checked={mode === value}
                      onChange={() => setMode(value)}
                      className="sr-only"
                    />
                    {text}
                  </label>
                ))}
              </div>
            </fieldset>
            <Field
              id="onboarding-date"
              label={label}
              hint={error ? undefined : "Any day from today up to a year ahead."}
              errors={error ? [error] : undefined}
            >
              {(control) => (
                <input
                  {...control}
                  type="date"
                  name="date"
                  min={min}
                  max={max}
                  value={date}
                  onChange={(event) => setDate(event.currentTarget.value)}
                  className="min-h-12 w-full max-w-xs rounded-xl border border-ink/25 bg-white px-4 text-base aria-[invalid=true]:border-danger"
                />
              )}
            </Field>
            <p className="text-sm text-ink-soft">
              Your date is health information: we keep it only to plan your programme, and you can delete it,
              or your whole account, whenever you like.
            </p>
            {result?.intent === "save-date" && !result.ok && !error ? (
              <Alert tone="error">{programmeMessages.failedSaveDate}</Alert>
            ) : null}
            <div>
              <Button type="submit" disabled={(hydrated && !date) || pending}>
                {pending ? "Saving..." : "Save my date"}
              </Button>
            </div>
          </fetcher.Form>
        </div>
      </div>
    </section>
  );
}
