import { useEffect, useState } from "react";
import { Form, Link, useBlocker } from "react-router";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import type { ShownBackupCodes } from "#app/modules/studio/backup-codes.ts";
import { countOf } from "#app/modules/words/plural.ts";
import { BackupCodesSheet, SavedCodesBox } from "./backup-codes-sheet.tsx";
import { AuthenticatorKey } from "./check-forms.tsx";
import { STUDIO_LINK } from "./studio-table.tsx";

/** The security page's own sections for her second factor: her backup codes, and her authenticator app. */
export function SecondFactorSections({
  backupCodesLeft,
  busy,
}: {
  backupCodesLeft: number | null;
  busy: boolean;
}) {
  return (
    <>
      <h2 className="mt-8 text-xl font-semibold">Backup codes</h2>
      <p className="mt-2 text-ink-soft">
        {backupCodesLeft === null ? null : <>{countOf(backupCodesLeft, "backup code")} left. </>}
        Each works once, when you can't use your authenticator app. New ones replace all the old ones at once,
        used or not.
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="new-backup-codes" />
        <Button type="submit" variant="outline" disabled={busy}>
          Make New Backup Codes
        </Button>
      </Form>
      <h2 className="mt-8 text-xl font-semibold">Authenticator app</h2>
      <p className="mt-2 text-ink-soft">
        A new phone, or a lost one? Set up your authenticator app again with a new key: the old one stops
        working once a code from the new one is in, and other browsers signed in to the studio ask for it. If
        you lost a phone, remove its passkey too.
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="new-authenticator" />
        <Button type="submit" variant="outline" disabled={busy}>
          Replace Authenticator
        </Button>
      </Form>
    </>
  );
}

/**
 * Her new backup codes, shown once. The page goes on only once she says she
 * has saved them; a link away first asks whether she means to leave them.
 */
export function NewBackupCodes({
  shown,
  error,
  busy,
}: {
  shown: ShownBackupCodes;
  error: string | null;
  busy: boolean;
}) {
  const [saved, setSaved] = useState(false);
  const blocker = useBlocker(() => !saved);
  useEffect(() => {
    if (saved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [saved]);

  return (
    <section className="max-w-2xl">
      <h1 className="text-3xl font-semibold">Your new backup codes</h1>
      <p className="mt-2 text-ink-soft">
        Your old codes no longer work. Each of these works once, when you can't use your authenticator app.
        Keep them somewhere safe (a password manager, or printed and put away): they are shown only now.
      </p>
      {error ? (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      ) : null}
      <BackupCodesSheet shown={shown} />
      {blocker.state === "blocked" ? (
        <div
          role="alertdialog"
          aria-labelledby="leave-codes"
          className="mt-6 rounded-2xl border border-danger/30 bg-danger-soft/40 p-4"
        >
          <p id="leave-codes" className="font-medium text-ink">
            These codes are shown only now, and your old ones no longer work. Leave without saving them?
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button type="button" size="sm" onClick={() => blocker.reset()}>
              Stay on This Page
            </Button>
            <Button type="button" size="sm" variant="danger" onClick={() => blocker.proceed()}>
              Leave Anyway
            </Button>
          </div>
        </div>
      ) : null}
      <Form method="post" className="mt-6 grid gap-4 print:hidden">
        <input type="hidden" name="intent" value="backup-codes-saved" />
        <SavedCodesBox onChange={setSaved} />
        <Button type="submit" disabled={busy} className="justify-self-start">
          Done
        </Button>
      </Form>
    </section>
  );
}

/**
 * A new key for her authenticator app, shown once (then only its form, after a
 * code that didn't match), and the code from the app that scanned it.
 */
export function ReplaceAuthenticator({
  newKey,
  pending,
  error,
  busy,
}: {
  newKey: { qrSvg: string; secret: string } | null;
  pending: string;
  error: string | null;
  busy: boolean;
}) {
  return (
    <section className="max-w-2xl">
      <h1 className="text-3xl font-semibold">
        {newKey ? "Scan this code with your authenticator app" : "Enter the code from your new authenticator"}
      </h1>
      {newKey ? (
        <>
          <AuthenticatorKey qrSvg={newKey.qrSvg} secret={newKey.secret} />
          <p className="mt-6 text-ink-soft">
            The key is shown only now. Your old authenticator keeps working until the new one's code is in.
          </p>
        </>
      ) : null}
      {error ? (
        <Alert tone="error" className="mt-6">
          {error}
        </Alert>
      ) : null}
      <Form method="post" className="mt-6 grid gap-4">
        <input type="hidden" name="intent" value="confirm-authenticator" />
        <input type="hidden" name="pending" value={pending} />
        <Field id="new-code" label="6-digit code from the new app">
          {(a11y) => (
            <Input
              name="code"
              required
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9 ]{6,7}"
              textSize="xl"
              className="max-w-xs tracking-widest"
              {...a11y}
            />
          )}
        </Field>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={busy}>
            Use the New Authenticator
          </Button>
          <Link to="/studio/security" className={STUDIO_LINK}>
            Keep the old one
          </Link>
        </div>
      </Form>
    </section>
  );
}
