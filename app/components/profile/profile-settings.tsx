import { getFormProps, useForm } from "@conform-to/react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Field } from "~/components/ui/field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { toast } from "~/components/ui/toaster.tsx";
import { InputField } from "~/components/ui/form-field.tsx";
import { profileNameSchema } from "~/modules/accounts/forms.ts";
import type { ProfileFormReply } from "~/modules/accounts/profile-forms.server.ts";
import { authMessages } from "~/modules/accounts/providers.ts";
import { parseSubmission } from "~/modules/site/form-submission.ts";

/** Her name, to change, and her email, shown but fixed; a toast says whether the name was saved. */
export function ProfileSettings({ fullName, email }: { fullName: string; email: string }) {
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
    </section>
  );
}
