import { useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/security";
import { PasskeyButton } from "#app/components/studio/passkey-button.tsx";
import {
  NewBackupCodes,
  ReplaceAuthenticator,
  SecondFactorSections,
} from "#app/components/studio/second-factor.tsx";
import { useStudioTime } from "#app/components/studio/studio-clock.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { retryAfterHeaders, withRetryAfter } from "#app/modules/site/retry-after.ts";
import { backupCodeKeys, backupCodesLeft } from "#app/modules/studio/backup-codes.server.ts";
import { requireStudioOwner, studioOwnerContext } from "#app/modules/studio/context.server.ts";
import { readStudioForm, securityForms } from "#app/modules/studio/forms.ts";
import { ownerPasskeys } from "#app/modules/studio/passkeys.server.ts";
import { answerSecurityForm } from "#app/modules/studio/security-actions.server.ts";
import { services } from "#app/request.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Security · Tidewell Studio" }];

export const headers = withRetryAfter;

export async function loader(args: Route.LoaderArgs) {
  const owner = args.context.get(studioOwnerContext)!;
  const { auth, database } = services(args);
  return {
    passkeys: await ownerPasskeys(database.db, owner.id),
    backupCodesLeft: await backupCodesLeft(database.db, await backupCodeKeys(auth), owner.id),
  };
}

/** New codes and a new key are shown once: no cache keeps the answer (server/app.ts says so for all the studio too). */
const NO_STORE = { "Cache-Control": "no-store" };

export async function action(args: Route.ActionArgs) {
  const owner = requireStudioOwner(args.context);
  const read = readStudioForm(await args.request.formData(), securityForms);
  if (!read.ok) return data({ error: read.message }, { status: 400 });
  const { auth, database, clock, flash } = services(args);
  const answer = await answerSecurityForm(
    { auth, db: database.db },
    owner,
    args.request.headers,
    read.form,
    clock.now(),
  );
  if (answer.kind === "done")
    return redirectWithFlash(flash, answer.next, { type: "success", message: answer.message });
  if (answer.kind === "refused") {
    const { message: error, pending, status, retryAfterSeconds } = answer;
    return data(pending ? { error, pending } : { error }, {
      status,
      headers: retryAfterHeaders(retryAfterSeconds),
    });
  }
  return data(answer, { headers: NO_STORE });
}

export default function StudioSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const nameInput = useRef<HTMLInputElement>(null);
  const when = useStudioTime();
  const error = actionData && "error" in actionData ? actionData.error : null;
  if (actionData && "kind" in actionData && actionData.kind === "backup-codes")
    return <NewBackupCodes shown={actionData.backupCodes} error={null} busy={busy} />;
  if (actionData && "pending" in actionData) {
    const newKey = "kind" in actionData ? actionData : null;
    return <ReplaceAuthenticator newKey={newKey} pending={actionData.pending} error={error} busy={busy} />;
  }
  return (
    <section className="max-w-2xl">
      <h1 className="text-3xl font-semibold">Security</h1>
      <p className="mt-2 text-ink-soft">
        The studio asks for your second factor: the code from your authenticator app, one of your passkeys
        (your fingerprint, face or screen lock on a device you trust) or a backup code. Adding or removing a
        passkey asks for it again first; new backup codes or a new authenticator ask for it again unless you
        gave it a moment ago.
      </p>
      {error ? (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      ) : null}
      <SecondFactorSections backupCodesLeft={loaderData.backupCodesLeft} busy={busy} />
      <h2 className="mt-8 text-xl font-semibold">Your passkeys</h2>
      {loaderData.passkeys.length === 0 ? (
        <p className="mt-2 text-ink-soft">None yet.</p>
      ) : (
        <ul className="mt-3 grid gap-2" aria-label="Your passkeys">
          {loaderData.passkeys.map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-ink/10 bg-white px-4 py-3"
            >
              <span>
                <span className="font-medium text-ink">{passkey.name}</span>
                {passkey.addedAt ? (
                  <span className="block text-sm text-ink-soft">
                    Added {when(passkey.addedAt, { dayOnly: true })}
                  </span>
                ) : null}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-passkey" />
                <input type="hidden" name="id" value={passkey.id} />
                <Button
                  type="submit"
                  size="sm"
                  variant="danger"
                  disabled={busy}
                  aria-label={`Remove ${passkey.name}`}
                >
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mt-8 text-xl font-semibold">Add a passkey</h2>
      <div className="mt-3 grid gap-4">
        <Field id="passkey-name" label="Name" hint="So you know which device it is, such as “My phone”.">
          {(a11y) => <Input ref={nameInput} type="text" maxLength={60} defaultValue="My phone" {...a11y} />}
        </Field>
        <PasskeyButton mode="add" label="Add a Passkey" name={() => nameInput.current?.value ?? ""} />
      </div>
    </section>
  );
}
