import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { PushOnThisDevice } from "#app/components/profile/push-device.tsx";
import { useHydrated } from "#app/components/program/browser.ts";
import { Button } from "#app/components/ui/button.tsx";
import { InputField } from "#app/components/ui/form-field.tsx";
import type { ProfileFormReply } from "#app/modules/profile/forms.server.ts";
import { REMINDER_INTENT, reminderSettingsSchema } from "#app/modules/reminders/forms.ts";
import type { ReminderSettings as Settings } from "#app/modules/reminders/settings.server.ts";
import { parseSubmission } from "#app/modules/site/form-submission.ts";

/**
 * Her daily practice reminder: off unless she turns it on; her time, her time
 * zone, and how it reaches her. A plain post, so it works without JavaScript;
 * notifications on a device need it, and say so.
 */
export function ReminderSettings({
  settings,
  email,
  pushKey,
}: {
  settings: Settings;
  email: string;
  /** The public key this server signs its notifications with. */
  pushKey: string;
}) {
  // Started afresh whenever what is saved changes, so the fields show it.
  const saved = `${settings.on} ${settings.time} ${settings.timeZone} ${settings.byEmail} ${settings.byPush}`;
  return <ReminderForm key={saved} settings={settings} email={email} pushKey={pushKey} />;
}

function ReminderForm({ settings, email, pushKey }: { settings: Settings; email: string; pushKey: string }) {
  const answer = useActionData<Partial<ProfileFormReply>>();
  const lastResult = answer?.result?.initialValue?.intent === REMINDER_INTENT ? answer.result : undefined;
  const [form, fields] = useForm({
    id: "reminder-form",
    lastResult,
    defaultValue: {
      reminders: settings.on ? "on" : undefined,
      time: settings.time,
      timeZone: settings.timeZone,
      byEmail: settings.byEmail ? "on" : undefined,
      byPush: settings.byPush ? "on" : undefined,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, reminderSettingsSchema),
  });
  // The device's zone, known once the page runs; a zone she types that differs is hers by choice.
  const deviceTimeZone = useHydrated() ? (Intl.DateTimeFormat().resolvedOptions().timeZone ?? "") : "";
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === REMINDER_INTENT;

  return (
    <section
      id="reminders"
      aria-labelledby="reminders-heading"
      className="scroll-mt-24 rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
    >
      <h2 id="reminders-heading" className="text-2xl font-semibold">
        Daily practice reminder
      </h2>
      <p className="mt-2 measure text-ink-soft">
        A gentle nudge at a time that suits you, only on days you haven't practised yet. They stop when your
        baby arrives, or two weeks after your due date.
      </p>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-5 grid gap-5 sm:max-w-md">
        <input type="hidden" name="intent" value={REMINDER_INTENT} />
        <input type="hidden" name="deviceTimeZone" value={deviceTimeZone} />
        <Tick
          id={fields.reminders.id}
          input={getInputProps(fields.reminders, { type: "checkbox", value: "on" })}
          label="Remind me to practise each day"
        />
        <InputField field={fields.time} type="time" label="Reminder time" hint="Your local time." />
        <InputField
          field={fields.timeZone}
          type="text"
          label="Time zone"
          hint="Found from your device. Change it if it's wrong, for example Europe/London."
          autoComplete="off"
          spellCheck={false}
        />
        <fieldset
          className="grid gap-3"
          aria-describedby={fields.byEmail.errors ? `${fields.byEmail.id}-error` : undefined}
        >
          <legend className="mb-1 font-medium">How</legend>
          <Tick
            id={fields.byEmail.id}
            input={getInputProps(fields.byEmail, { type: "checkbox", value: "on" })}
            label={
              <>
                By email, to <span className="break-all">{email}</span>
              </>
            }
          />
          <Tick
            id={fields.byPush.id}
            input={getInputProps(fields.byPush, { type: "checkbox", value: "on" })}
            label="As a notification on the devices I choose below"
          />
          {fields.byEmail.errors ? (
            <p id={`${fields.byEmail.id}-error`} className="text-sm font-medium text-danger">
              {fields.byEmail.errors.join(" ")}
            </p>
          ) : null}
        </fieldset>
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save reminder"}
          </Button>
        </div>
      </Form>
      <PushOnThisDevice publicKey={pushKey} />
    </section>
  );
}

function Tick({
  id,
  input,
  label,
}: {
  id: string;
  input: ReturnType<typeof getInputProps>;
  label: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <input {...input} id={id} className="mt-0.5 tick-box shrink-0 cursor-pointer" />
      <label htmlFor={id} className="cursor-pointer font-medium text-ink">
        {label}
      </label>
    </div>
  );
}
