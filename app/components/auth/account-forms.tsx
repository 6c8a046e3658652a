import { getFormProps, useForm, type DefaultValue } from "@conform-to/react";
import { parseSubmission } from "#app/modules/site/form-submission.ts";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useSignInPath } from "./sign-in-path.ts";
import { toast } from "#app/components/ui/toaster.tsx";
import type * as z from "zod/mini";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { InputField } from "#app/components/ui/form-field.tsx";
import {
  magicLinkSchema,
  requestResetSchema,
  resendConfirmationSchema,
  sendCodeSchema,
  signInSchema,
  signUpSchema,
  verifyCodeSchema,
  type SignInMode,
  type AuthFormResult,
} from "#app/modules/accounts/forms.ts";
import { PASSWORD_MIN } from "#app/modules/accounts/providers.ts";

/** What the /auth action answers for a form that stays on the page. */

function useAuthForm<Schema extends z.ZodMiniObject>(
  id: string,
  schema: Schema,
  actionData: AuthFormResult | undefined,
  defaultValue?: DefaultValue<z.input<Schema>>,
) {
  const lastResult = actionData?.intent === id ? actionData.result : undefined;
  const formError = lastResult?.error?.[""]?.[0];
  useEffect(() => {
    if (formError) toast.error(formError);
  }, [lastResult, formError]);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id,
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, schema),
  });
  return { form, fields, formError };
}

function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

const linkClass =
  "inline-flex min-h-11 items-center text-plum underline underline-offset-4 hover:text-plum-deep";

export function SignUpForm({
  tier,
  actionData,
  invited = null,
}: {
  tier: "free" | "premium";
  actionData?: AuthFormResult;
  /** Her invitation to her birth partner: the address it was sent to is filled in, and the server checks it. */
  invited?: { token: string; email: string } | null;
}) {
  const { form, fields, formError } = useAuthForm(
    "sign-up",
    signUpSchema,
    actionData,
    invited ? { email: invited.email } : undefined,
  );
  const pending = usePending("sign-up");
  const signInPath = useSignInPath();
  if (actionData?.sent === "confirm" && actionData.email) {
    return <CheckYourEmail tier={tier} email={actionData.email} actionData={actionData} />;
  }
  return (
    <Form
      method="post"
      action={signInPath(`/auth?tier=${tier}`)}
      {...getFormProps(form)}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value="sign-up" />
      <input type="hidden" name="tier" value={tier} />
      {invited ? <input type="hidden" name="invitation" value={invited.token} /> : null}
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <InputField field={fields.name} type="text" label="Your name" autoComplete="name" />
      <InputField field={fields.email} type="email" label="Email" autoComplete="email" />
      <InputField
        field={fields.password}
        type="password"
        label="Choose a password"
        hint={`At least ${PASSWORD_MIN} characters. A short phrase is easy to remember and hard to guess.`}
        autoComplete="new-password"
      />
      <Button type="submit" size="lg" disabled={pending}>
        {pending
          ? "Creating your account..."
          : tier === "premium"
            ? "Create account and continue"
            : "Create free account"}
      </Button>
    </Form>
  );
}

/** After sign-up: the account starts with the link in the email. */
function CheckYourEmail({
  tier,
  email,
  actionData,
}: {
  tier: "free" | "premium";
  email: string;
  actionData: AuthFormResult;
}) {
  const signInPath = useSignInPath();
  const { form, formError } = useAuthForm("resend-confirmation", resendConfirmationSchema, actionData);
  const pending = usePending("resend-confirmation");
  useEffect(() => {
    if (actionData.message) toast.success(actionData.message);
  }, [actionData]);
  return (
    <div className="grid gap-4" role="status">
      <h2 className="text-2xl font-semibold">Check your email</h2>
      <p>
        We've sent a link to <strong className="break-all">{email}</strong>. Open it to confirm your address
        and {tier === "premium" ? "continue to the Complete Course" : "start your course"}. It works for 24
        hours.
      </p>
      <p className="text-sm text-ink-soft">{SENDING_NOTE}</p>
      <Form
        method="post"
        action={signInPath(`/auth?tier=${tier}`)}
        {...getFormProps(form)}
        className="grid gap-3"
      >
        <input type="hidden" name="intent" value="resend-confirmation" />
        <input type="hidden" name="tier" value={tier} />
        <input type="hidden" name="email" value={email} />
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <Button type="submit" variant="outline" disabled={pending}>
            {pending ? "Sending..." : "Send the link again"}
          </Button>
          <Link to={signInPath(`/auth?tier=${tier}`)} className={linkClass}>
            Use another address
          </Link>
        </div>
      </Form>
    </div>
  );
}

/** Under every "we've emailed you": what to do when nothing arrives, and why we send no more. */
const SENDING_NOTE =
  "Nothing after a few minutes? Check your spam folder. To keep inboxes safe, we send at most three emails of this kind to one address in 15 minutes.";

export function SignInPanel({ mode, actionData }: { mode: SignInMode; actionData?: AuthFormResult }) {
  if (mode === "magic") return <MagicLinkForm actionData={actionData} />;
  if (mode === "code") return <CodeForms actionData={actionData} />;
  if (mode === "reset") return <ResetRequestForm actionData={actionData} />;
  return <PasswordSignInForm actionData={actionData} />;
}

function PasswordSignInForm({ actionData }: { actionData?: AuthFormResult }) {
  const signInPath = useSignInPath();
  const { form, fields, formError } = useAuthForm("sign-in", signInSchema, actionData);
  const pending = usePending("sign-in");
  return (
    <div className="grid gap-3">
      <Form
        method="post"
        action={signInPath("/auth?tier=signin")}
        {...getFormProps(form)}
        className="grid gap-4"
      >
        <input type="hidden" name="intent" value="sign-in" />
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <InputField field={fields.email} type="email" label="Email" autoComplete="email" />
        <InputField
          field={fields.password}
          type="password"
          label="Password"
          autoComplete="current-password"
        />
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? "Signing in..." : "Sign In"}
        </Button>
      </Form>
      <Link to={signInPath("/auth?tier=signin&mode=magic")} className={linkClass}>
        Forgot password? Use magic link instead
      </Link>
      <Link to={signInPath("/auth?tier=signin&mode=code")} className={linkClass}>
        Email me a 6-digit code instead
      </Link>
    </div>
  );
}

function MagicLinkForm({ actionData }: { actionData?: AuthFormResult }) {
  const signInPath = useSignInPath();
  const { form, fields, formError } = useAuthForm("magic-link", magicLinkSchema, actionData);
  const pending = usePending("magic-link");
  const sent = actionData?.intent === "magic-link" && actionData.sent === "magic-link";
  useEffect(() => {
    if (sent && actionData?.message) toast.success(actionData.message);
  }, [sent, actionData]);
  return (
    <div className="grid gap-3">
      <p className="text-ink-soft">
        We'll email you a link that signs you in with one tap. No password needed.
      </p>
      {sent ? (
        <>
          <Alert tone="success">{actionData?.message}</Alert>
          <p className="text-sm text-ink-soft">{SENDING_NOTE}</p>
        </>
      ) : null}
      <Form
        method="post"
        action={signInPath("/auth?tier=signin&mode=magic")}
        {...getFormProps(form)}
        className="grid gap-4"
      >
        <input type="hidden" name="intent" value="magic-link" />
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <InputField field={fields.email} type="email" label="Email" autoComplete="email" />
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? "Sending..." : sent ? "Send another link" : "Send magic link"}
        </Button>
      </Form>
      <p className="text-sm text-ink-soft">
        Some email systems open links to check them, which can use up a sign-in link.{" "}
        <Link
          to={signInPath("/auth?tier=signin&mode=code")}
          className="text-plum underline underline-offset-4"
        >
          Email me a 6-digit code instead
        </Link>
        .
      </p>
      <div className="flex flex-wrap gap-x-6">
        <Link to={signInPath("/auth?tier=signin")} className={linkClass}>
          Back to password sign in
        </Link>
        <Link to={signInPath("/auth?tier=signin&mode=reset")} className={linkClass}>
          Reset my password
        </Link>
      </div>
    </div>
  );
}

function CodeForms({ actionData }: { actionData?: AuthFormResult }) {
  const signInPath = useSignInPath();
  const sentTo =
    (actionData?.intent === "send-code" && actionData.sent === "code") || actionData?.intent === "verify-code"
      ? actionData.email
      : undefined;
  const send = useAuthForm("send-code", sendCodeSchema, actionData);
  const verify = useAuthForm("verify-code", verifyCodeSchema, actionData);
  const sending = usePending("send-code");
  const verifying = usePending("verify-code");
  useEffect(() => {
    if (actionData?.intent === "send-code" && actionData.sent === "code" && actionData.message) {
      toast.success(actionData.message);
    }
  }, [actionData]);

  if (!sentTo) {
    return (
      <div className="grid gap-3">
        <p className="text-ink-soft">We'll email you a 6-digit code to type in here.</p>
        <Form
          method="post"
          action={signInPath("/auth?tier=signin&mode=code")}
          {...getFormProps(send.form)}
          className="grid gap-4"
        >
          <input type="hidden" name="intent" value="send-code" />
          {send.formError ? <Alert tone="error">{send.formError}</Alert> : null}
          <InputField field={send.fields.email} type="email" label="Email" autoComplete="email" />
          <Button type="submit" size="lg" disabled={sending}>
            {sending ? "Sending..." : "Email me a code"}
          </Button>
        </Form>
        <Link to={signInPath("/auth?tier=signin")} className={linkClass}>
          Back to password sign in
        </Link>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <Alert tone="success">
        We've sent a 6-digit code to <strong>{sentTo}</strong>. It works for 10 minutes.
      </Alert>
      <p className="text-sm text-ink-soft">{SENDING_NOTE}</p>
      <Form
        method="post"
        action={signInPath("/auth?tier=signin&mode=code")}
        {...getFormProps(verify.form)}
        className="grid gap-4"
      >
        <input type="hidden" name="intent" value="verify-code" />
        <input type="hidden" name="email" value={sentTo} />
        {verify.formError ? <Alert tone="error">{verify.formError}</Alert> : null}
        <InputField
          field={verify.fields.code}
          type="text"
          label="Your code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          textSize="2xl"
          className="max-w-48 text-center tracking-[0.4em]"
        />
        <Button type="submit" size="lg" disabled={verifying}>
          {verifying ? "Checking..." : "Sign in"}
        </Button>
      </Form>
      <Link to={signInPath("/auth?tier=signin&mode=code")} className={linkClass}>
        Send a new code
      </Link>
    </div>
  );
}

function ResetRequestForm({ actionData }: { actionData?: AuthFormResult }) {
  const signInPath = useSignInPath();
  const { form, fields, formError } = useAuthForm("request-reset", requestResetSchema, actionData);
  const pending = usePending("request-reset");
  const sent = actionData?.intent === "request-reset" && actionData.sent === "reset";
  useEffect(() => {
    if (sent && actionData?.message) toast.info(actionData.message);
  }, [sent, actionData]);
  return (
    <div className="grid gap-3">
      <p className="text-ink-soft">Enter your email and we'll send you a link to choose a new password.</p>
      {sent ? <Alert tone="info">{actionData?.message}</Alert> : null}
      <Form
        method="post"
        action={signInPath("/auth?tier=signin&mode=reset")}
        {...getFormProps(form)}
        className="grid gap-4"
      >
        <input type="hidden" name="intent" value="request-reset" />
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <InputField field={fields.email} type="email" label="Email" autoComplete="email" />
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
      <Link to={signInPath("/auth?tier=signin")} className={linkClass}>
        Back to password sign in
      </Link>
    </div>
  );
}
