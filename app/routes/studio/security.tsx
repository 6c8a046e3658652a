import { useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/security";
import { PasskeyButton } from "#app/components/studio/passkey-button.tsx";
import { useStudioTime } from "#app/components/studio/studio-clock.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { requireStudioOwner, studioOwnerContext } from "#app/modules/studio/context.server.ts";
import { readStudioForm, securityForms } from "#app/modules/studio/forms.ts";
import { answerSecurityForm } from "#app/modules/studio/passkey-actions.server.ts";
import { ownerPasskeys } from "#app/modules/studio/passkeys.server.ts";
import { db, services } from "#app/request.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Security · Tidewell Studio" }];

export async function loader(args: Route.LoaderArgs) {
  const owner = args.context.get(studioOwnerContext)!;
  return { passkeys: await ownerPasskeys(db(args), owner.id) };
}

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
  if (!answer.ok) return data({ error: answer.message }, { status: answer.status });
  return redirectWithFlash(flash, answer.next, { type: "success", message: answer.message });
}

export default function StudioSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const nameInput = useRef<HTMLInputElement>(null);
  const when = useStudioTime();
  return (
    <section className="max-w-2xl">
      <h1 className="text-3xl font-semibold">Security</h1>
      <p className="mt-2 text-ink-soft">
        The studio asks for your second factor: the code from your authenticator app, or one of your passkeys
        (your fingerprint, face or screen lock on a device you trust). Adding or removing a passkey asks for
        your code again first.
      </p>
      {actionData?.error ? (
        <Alert tone="error" className="mt-4">
          {actionData.error}
        </Alert>
      ) : null}
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
