import { Pencil } from "#app/components/ui/icons.tsx";
import { useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { FOCUS_AFTER, focusNext, focusTarget } from "#app/components/ui/focus-after.ts";
import { useBrowserTimeZone, useHydrated } from "./browser.ts";
import { useProgrammeAction } from "./use-programme-action.ts";

/**
 * The profile's quick date change: type '14/Nov', Enter saves, Escape cancels.
 * Without JavaScript the form is simply always open.
 */
export function DueDateEditor({ label, dateText }: { label: string; dateText: string }) {
  const hydrated = useHydrated();
  const timeZone = useBrowserTimeZone();
  const [editing, setEditing] = useState(false);
  const { fetcher, result, pending } = useProgrammeAction();
  const error = result?.intent === "update-date" && !result.ok ? result.fieldError : undefined;
  // A successful save closes the editor (the fresh date comes with the page's data).
  const [lastResult, setLastResult] = useState(result);
  if (result !== lastResult) {
    setLastResult(result);
    if (result?.intent === "update-date" && result.ok) setEditing(false);
  }
  const open = !hydrated || editing;

  return (
    <div>
      <p className="text-sm font-medium text-ink-soft">{label}</p>
      {open ? (
        <fetcher.Form
          method="post"
          onSubmit={() => focusNext(FOCUS_AFTER.dueDate)}
          className="mt-1 flex flex-wrap items-start gap-2"
        >
          <input type="hidden" name="intent" value="update-date" />
          <input type="hidden" name="timeZone" value={timeZone} />
          <Field
            id="due-date-text"
            label="New date, as day/month (for example 14/Nov)"
            hideLabel
            hint={error ? undefined : "Day and month, e.g. 14/Nov. Enter saves, Escape cancels."}
            errors={error ? [error] : undefined}
          >
            {(control) => (
              <input
                {...control}
                name="text"
                placeholder="14/Nov"
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the member just asked to edit this one field
                autoFocus={hydrated}
                autoComplete="off"
                onKeyDown={(event) => {
                  if (event.key === "Escape") {
                    event.preventDefault();
                    focusNext(FOCUS_AFTER.dueDate);
                    setEditing(false);
                  }
                }}
                className="min-h-11 w-40 rounded-xl border border-ink/25 bg-white px-3 text-base aria-[invalid=true]:border-danger"
              />
            )}
          </Field>
          <Button type="submit" size="sm" disabled={pending}>
            {pending ? "Saving..." : "Save"}
          </Button>
        </fetcher.Form>
      ) : (
        <div className="mt-1 flex items-center gap-2">
          {/* Where focus goes when the editor closes: the date, as saved (or kept). */}
          <p ref={focusTarget(FOCUS_AFTER.dueDate)} className="text-lg font-semibold">
            {dateText}
          </p>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => setEditing(true)}
            aria-label={`Change ${label.toLowerCase()}`}
          >
            <Pencil aria-hidden="true" /> Change
          </Button>
        </div>
      )}
    </div>
  );
}
