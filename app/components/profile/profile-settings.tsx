import { getFormProps, useForm } from "@conform-to/react";
import { useEffect } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { InputField } from "#app/components/ui/form-field.tsx";
import { profileNameSchema } from "#app/modules/accounts/forms.ts";
import type { ProfileFormReply } from "#app/modules/profile/forms.server.ts";
import { authMessages } from "#app/modules/accounts/providers.ts";
import { parseSubmission } from "#app/modules/site/form-submission.ts";

/**
 * Her name, to change, and her email, shown but fixed; a toast says whether the
 * name was saved. Then her streak setting.
 */
export function ProfileSettings({
  fullName,
  email,
  hideStreaks,
}: {
  fullName: string;
  email: string;
  hideStreaks: boolean;
}) {
  const fetcher = useFetcher<ProfileFormReply>();
  const result = fetcher.data;
  const [form, fields] = useForm({
    id: "profile-settings",
    lastResult: fetcher.state === "idle" ? result?.result : undefined,
    defaultValue: { name: fullName },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, profileNameSchema),
  });
  useEffect(() => {
    if (fetcher.state !== "idle" || !result) return;
    if (result.saved) toast.success(authMessages.profileUpdated);
    else if (result.result.error?.[""]) toast.error(authMessages.profileUpdateFailed);
  }, [fetcher.state, result]);

  return (
    <section
      aria-labelledby="settings-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
    >
      <h2 id="settings-heading" className="text-2xl font-semibold">
        Profile settings
      </h2>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-5 grid gap-4">
        <input type="hidden" name="intent" value="update-name" />
        <InputField field={fields.name} type="text" label="Full name" autoComplete="name" />
        <Field id="profile-email" label="Email" hint="Email cannot be changed. Contact support if needed.">
          {(a11y) => <Input {...a11y} type="email" value={email} readOnly />}
        </Field>
        <div>
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Saving..." : "Save changes"}
          </Button>
        </div>
      </fetcher.Form>
      <StreakSetting hidden={hideStreaks} />
    </section>
  );
}

/**
 * "Hide streaks": a plain post, so it works without JavaScript; the server
 * answers with her profile page again and a message saying what changed.
 */
export function StreakSetting({ hidden }: { hidden: boolean }) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "streak-settings";
  return (
    <Form method="post" preventScrollReset className="mt-6 grid gap-3 border-t border-line pt-5">
      <input type="hidden" name="intent" value="streak-settings" />
      <div className="flex items-start gap-3">
        <input
          id="hide-streaks"
          name="hideStreaks"
          type="checkbox"
          defaultChecked={hidden}
          aria-describedby="hide-streaks-hint"
          className="mt-0.5 tick-box shrink-0 cursor-pointer"
        />
        <div>
          <label htmlFor="hide-streaks" className="cursor-pointer font-medium text-ink">
            Hide streaks
          </label>
          <p id="hide-streaks-hint" className="text-sm text-ink-soft">
            Your streak and its badge won't show in your portal. Every practice still counts, and your
            achievements stay in your data download.
          </p>
        </div>
      </div>
      <div>
        <Button type="submit" variant="outline" disabled={saving}>
          {saving ? "Saving..." : "Save setting"}
        </Button>
      </div>
    </Form>
  );
}
