import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseSubmission } from "#app/modules/site/form-submission.ts";
import { Download, Trash2 } from "#app/components/ui/icons.tsx";
import { useActionData, useFetcher } from "react-router";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { InputField } from "#app/components/ui/form-field.tsx";
import { deleteAccountSchema } from "#app/modules/accounts/forms.ts";

/** What the profile's action answers the forms in this section. */
export interface OwnDataResult {
  result: SubmissionResult<string[]>;
  /** Set when a confirmation code went out. */
  codeSent?: boolean;
  message?: string;
}

/** The page's answer when it answers this section's forms: the profile's other plain forms post to the same page. */
function ownAnswer(answer: Partial<OwnDataResult> | undefined): OwnDataResult | undefined {
  const intent = answer?.result?.initialValue?.intent;
  return answer?.result && (intent === "delete-account" || intent === "send-deletion-code")
    ? { ...answer, result: answer.result }
    : undefined;
}

/**
 * The member's data: download it, or delete the account. Deleting asks for
 * her password, or a code we email her, as well as the session: someone at an
 * unlocked phone must not be able to erase her account.
 */
export function OwnData({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const deletion = useFetcher<OwnDataResult>();
  const codeRequest = useFetcher<OwnDataResult>();
  // Without JavaScript the forms post as pages do, and the answer comes back as the action's data.
  const pageAnswer = ownAnswer(useActionData<Partial<OwnDataResult>>());
  const codeAnswer = codeRequest.data ?? (pageAnswer?.codeSent !== undefined ? pageAnswer : undefined);
  const codeSent = codeAnswer?.codeSent === true;
  const codeError = codeAnswer?.result.error?.[""]?.[0];
  const deletionResult =
    deletion.data?.result ?? (pageAnswer?.codeSent === undefined ? pageAnswer?.result : undefined);
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult: deletion.state === "idle" ? deletionResult : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseSubmission(formData, deleteAccountSchema),
  });
  const byCode = codeSent || !hasPassword;
  const formError = form.errors?.[0];

  return (
    <section
      aria-labelledby="data-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
    >
      <h2 id="data-heading" className="text-2xl font-semibold">
        Your data
      </h2>
      <p className="mt-2 text-ink-soft">
        Everything we hold about you is yours. Download a copy whenever you like, or delete your account and
        all of it.
      </p>
      <Button asChild variant="outline" className="mt-4">
        <a href="/portal/profile/export" download>
          <Download aria-hidden="true" /> Download my data
        </a>
      </Button>
      <details
        className="mt-6 rounded-2xl border border-danger/30 bg-danger-soft/50 p-4"
        open={Boolean(codeAnswer || deletionResult) || undefined}
      >
        <summary className="min-h-11 cursor-pointer content-center font-medium text-danger">
          Delete my account
        </summary>
        <p className="mt-2 text-ink">
          This removes your account, your due date, your progress and your partner link, at once and for good.
          It can't be undone. A record of any payment is kept for our accounts, without your name or email.
        </p>
        <p className="mt-2 text-ink">
          {hasPassword
            ? "To make sure it's you, we ask for your password, or a code we email you."
            : `To make sure it's you, we email a code to ${email}.`}
        </p>

        <codeRequest.Form method="post" className="mt-4 grid gap-2">
          <input type="hidden" name="intent" value="send-deletion-code" />
          {codeSent ? <Alert tone="success">{codeAnswer?.message}</Alert> : null}
          {codeError ? <Alert tone="error">{codeError}</Alert> : null}
          <div>
            <Button type="submit" variant="ghost" disabled={codeRequest.state !== "idle"}>
              {codeRequest.state !== "idle"
                ? "Sending..."
                : codeSent
                  ? "Send a new code"
                  : hasPassword
                    ? "Email me a code instead"
                    : "Email me a code"}
            </Button>
          </div>
        </codeRequest.Form>

        <deletion.Form method="post" {...getFormProps(form)} className="mt-4 grid gap-3">
          <input type="hidden" name="intent" value="delete-account" />
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          {byCode ? (
            <InputField
              field={fields.code}
              type="text"
              label="Code from the email"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              textSize="xl"
              className="max-w-48 text-center tracking-[0.3em]"
            />
          ) : (
            <InputField
              field={fields.password}
              type="password"
              label="Your password"
              autoComplete="current-password"
              className="max-w-80"
            />
          )}
          <InputField
            field={fields.confirm}
            type="text"
            label="Type DELETE to confirm"
            autoComplete="off"
            className="max-w-60"
          />
          <div>
            <Button type="submit" variant="danger" disabled={deletion.state !== "idle"}>
              <Trash2 aria-hidden="true" />{" "}
              {deletion.state !== "idle" ? "Deleting..." : "Delete my account for good"}
            </Button>
          </div>
        </deletion.Form>
      </details>
    </section>
  );
}
