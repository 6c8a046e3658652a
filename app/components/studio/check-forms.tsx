import { Form } from "react-router";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import type { ShownBackupCodes } from "#app/modules/studio/backup-codes.ts";
import { BackupCodesSheet, SavedCodesBox } from "./backup-codes-sheet.tsx";

/** The first step of setting up her authenticator: why, and (when she has one) her password. */
export function StartSetUp({
  hasPassword,
  next,
  error,
  busy,
}: {
  hasPassword: boolean;
  next: string;
  error: string | null;
  busy: boolean;
}) {
  return (
    <section className="mx-auto max-w-xl">
      <h1 className="text-3xl font-semibold">Set up your authenticator</h1>
      <p className="mt-3 text-ink-soft">
        The studio holds members' details and can refund payments, so it asks for a second factor: a code from
        an authenticator app on your phone (1Password, Google Authenticator, Microsoft Authenticator and
        others).
      </p>
      {error ? (
        <Alert tone="error" className="mt-6">
          {error}
        </Alert>
      ) : null}
      <Form method="post" className="mt-6 grid gap-4">
        <input type="hidden" name="intent" value="start" />
        <input type="hidden" name="next" value={next} />
        {hasPassword ? (
          <Field
            id="password"
            label="Your password"
            hint="To confirm it's you before the authenticator is added."
          >
            {(a11y) => (
              <Input type="password" name="password" autoComplete="current-password" required {...a11y} />
            )}
          </Field>
        ) : null}
        <Button type="submit" disabled={busy} className="justify-self-start">
          Start Setting Up
        </Button>
      </Form>
    </section>
  );
}

/** Her new authenticator's key, as a QR code and as text, and her backup codes: shown once. */
export function NewAuthenticator({
  enrolment,
}: {
  enrolment: { qrSvg: string; secret: string; backupCodes: ShownBackupCodes };
}) {
  return (
    <>
      <h1 className="text-3xl font-semibold">Scan this code with your authenticator app</h1>
      <AuthenticatorKey qrSvg={enrolment.qrSvg} secret={enrolment.secret} />
      <h2 className="mt-8 text-xl font-semibold">Your backup codes</h2>
      <p className="mt-2 text-ink-soft">
        Each works once, if your phone is lost. Keep them somewhere safe (a password manager, or printed and
        put away): they are shown only now.
      </p>
      <BackupCodesSheet shown={enrolment.backupCodes} />
      <p className="mt-8 font-medium text-ink">Then enter the code the app shows to finish.</p>
    </>
  );
}

/** A new authenticator's key, as a QR code to scan and as text to type: shown once, never again. */
export function AuthenticatorKey({ qrSvg, secret }: { qrSvg: string; secret: string }) {
  return (
    <div className="mt-6 grid gap-6 sm:grid-cols-[12rem_1fr] sm:items-start">
      <div
        className="rounded-2xl border border-ink/10 bg-white p-3"
        role="img"
        aria-label="QR code to add Tidewell Studio to your authenticator app"
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <div className="text-[0.95rem] text-ink-soft">
        <p>Can't scan it? Enter this key in the app instead:</p>
        <p
          className="mt-2 rounded-lg bg-sand px-3 py-2 font-mono break-all text-ink"
          data-testid="totp-secret"
        >
          {secret}
        </p>
      </div>
    </div>
  );
}

/** The code from her authenticator, or one of her backup codes. */
export function CodeForm({
  backup,
  next,
  finishing,
  busy,
}: {
  /** A backup code rather than the app's. */
  backup: boolean;
  next: string;
  /** The first code, which finishes setting up. */
  finishing: boolean;
  busy: boolean;
}) {
  return (
    <Form method="post" className="mt-6 grid gap-4">
      <input type="hidden" name="intent" value="verify" />
      <input type="hidden" name="next" value={next} />
      <input type="hidden" name="method" value={backup ? "backup-code" : "totp"} />
      {finishing ? <SavedCodesBox /> : null}
      <Field
        id="code"
        label={backup ? "Backup code" : "6-digit code"}
        hint={backup ? "One of the backup codes you kept (capitals and the dash don't matter)." : undefined}
      >
        {(a11y) => (
          <Input
            name="code"
            required
            autoComplete="one-time-code"
            inputMode={backup ? "text" : "numeric"}
            pattern={backup ? undefined : "[0-9 ]{6,7}"}
            textSize="xl"
            className="max-w-xs tracking-widest"
            {...a11y}
          />
        )}
      </Field>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {finishing ? "Finish Setting Up" : "Continue"}
      </Button>
    </Form>
  );
}
