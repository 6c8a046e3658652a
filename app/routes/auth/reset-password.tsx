import { getFormProps, useForm } from "@conform-to/react";
import { parseSubmission } from "#app/modules/site/form-submission.ts";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { InputField } from "#app/components/ui/form-field.tsx";
import { resetPasswordSchema } from "#app/modules/accounts/forms.ts";
import { authMessages, PASSWORD_MIN } from "#app/modules/accounts/providers.ts";
import { refusal, resetPassword } from "#app/modules/accounts/sign-in.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { withRetryAfter } from "#app/modules/site/retry-after.ts";
import { services } from "#app/request.server.ts";

/** A new password refused over a limit says how long to wait in Retry-After too. */
export const headers = withRetryAfter;

export function meta() {
  return [{ title: `Choose a new password · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "", error: url.searchParams.get("error") };
}

export async function action(args: Route.ActionArgs) {
  const { auth, flash } = services(args);
  const submission = parseSubmission(await args.request.formData(), resetPasswordSchema);
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password", "confirm"] }), { status: 400 });
  }
  const outcome = await resetPassword(auth, args.request.headers, submission.value);
  if (!outcome.ok) {
    return data(
      submission.reply({ formErrors: [outcome.message], hideFields: ["password", "confirm"] }),
      refusal(outcome),
    );
  }
  // Every session was ended by the reset; sign in afresh with the new password.
  return redirectWithFlash(flash, "/auth?tier=signin", {
    type: "success",
    message: authMessages.passwordReset,
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, resetPasswordSchema),
  });
  const linkBroken = !loaderData.token || loaderData.error;
  return (
    <section className="container-page max-w-xl py-16">
      <h1 className="text-4xl font-semibold">Choose a new password</h1>
      {linkBroken ? (
        <div className="mt-6 grid gap-4">
          <Alert tone="error">
            This reset link has expired or was already used. Please ask for a new one.
          </Alert>
          <Button asChild>
            <Link to="/auth?tier=signin&mode=reset">Ask for a new link</Link>
          </Button>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4">
          <input type="hidden" name="token" value={loaderData.token} />
          {form.errors?.length ? <Alert tone="error">{form.errors.join(" ")}</Alert> : null}
          <InputField
            field={fields.password}
            type="password"
            label="New password"
            hint={`At least ${PASSWORD_MIN} characters.`}
            autoComplete="new-password"
          />
          <InputField
            field={fields.confirm}
            type="password"
            label="New password, once more"
            autoComplete="new-password"
          />
          <Button type="submit" size="lg" disabled={navigation.state !== "idle"}>
            {navigation.state !== "idle" ? "Saving..." : "Save my new password"}
          </Button>
        </Form>
      )}
    </section>
  );
}
