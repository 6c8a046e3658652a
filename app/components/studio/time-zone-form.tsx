import { useRef } from "react";
import { Form } from "react-router";
import { useBrowserTimeZone } from "#app/components/program/browser.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import type { StudioClockData } from "#app/components/studio/studio-clock.tsx";
import { timeZoneWords } from "#app/modules/studio/studio-time.ts";

const SOURCE_WORDS = {
  studio: "as you set it here",
  profile: "from your profile, until you set one here",
  default: "the app's default, until you set one here",
} as const;

/**
 * The studio's time zone: which clock its times are on now (and why), and a box to change it, with
 * this device's zone a press away once the page runs. A plain post, so it works without JavaScript.
 */
export function TimeZoneForm({
  clock,
  error,
  typed,
  saving,
}: {
  clock: StudioClockData;
  /** Why the last zone sent was refused. */
  error: string | null;
  /** What she sent, kept in the box after a refusal. */
  typed: string | null;
  saving: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const device = useBrowserTimeZone();
  const words = timeZoneWords(clock.timeZone);
  return (
    <div className="max-w-2xl">
      <h1 className="text-3xl font-semibold">Time zone</h1>
      <p className="mt-2 text-ink-soft">
        Every time in the studio (the audit log, the inbox, purchases, members, the members export) is shown
        on this clock. It is yours alone: each member's days follow her own time zone.
      </p>
      <p className="mt-4 rounded-2xl border border-ink/10 bg-white px-4 py-3">
        Now:{" "}
        <strong className="font-semibold">
          {words === clock.timeZone ? words : `${words} (${clock.timeZone})`}
        </strong>
        , {SOURCE_WORDS[clock.source]}.
      </p>
      {error ? (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      ) : null}
      <Form method="post" className="mt-6 grid gap-4">
        <input type="hidden" name="intent" value="time-zone" />
        <Field
          id="time-zone"
          label="Time zone"
          hint="Its name, such as Europe/Dublin, Europe/London or America/New_York."
          errors={error ? [error] : undefined}
        >
          {(a11y) => (
            <Input
              ref={input}
              name="timeZone"
              required
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              defaultValue={typed ?? clock.timeZone}
              {...a11y}
            />
          )}
        </Field>
        {device && device !== clock.timeZone ? (
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={() => {
              if (input.current) input.current.value = device;
              input.current?.focus();
            }}
          >
            Use This Device's: {device}
          </Button>
        ) : null}
        <Button type="submit" disabled={saving} className="justify-self-start">
          {saving ? "Saving..." : "Save Time Zone"}
        </Button>
      </Form>
    </div>
  );
}
