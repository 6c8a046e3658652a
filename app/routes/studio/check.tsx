import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/check";
import { CodeForm, NewAuthenticator, StartSetUp } from "#app/components/studio/check-forms.tsx";
import { PasskeyButton } from "#app/components/studio/passkey-button.tsx";
import { STUDIO_LINK } from "#app/components/studio/studio-table.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { retryAfterHeaders } from "#app/modules/site/retry-after.ts";
import { answerCheckForm } from "#app/modules/studio/check-actions.server.ts";
import { checkForms, readStudioForm } from "#app/modules/studio/forms.ts";
import { studioReturnPath } from "#app/modules/studio/gate.ts";
import { ownerPasskeys } from "#app/modules/studio/passkeys.server.ts";
import { checkPurpose } from "#app/modules/studio/refunds.server.ts";
import { studioVisit, type SecondFactorMethod } from "#app/modules/studio/studio.server.ts";
import { services } from "#app/request.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Second factor · Tidewell Studio" }];

async function visitOf(args: Route.LoaderArgs | Route.ActionArgs) {
  const { auth, database, clock } = services(args);
  return studioVisit(auth, database.db, args.request.headers, clock.now());
}

/** Set up an authenticator (once), or enter its code (each working day), before the studio opens. */
export async function loader(args: Route.LoaderArgs) {
  const visit = await visitOf(args);
  const next = studioReturnPath(args.url.searchParams.get("next"));
  if (visit.access === "open" && args.url.searchParams.get("again") !== "1") throw redirect(next);
  const method: SecondFactorMethod =
    args.url.searchParams.get("method") === "backup-code" ? "backup-code" : "totp";
  // The other way to give the second factor: the same address with the other method.
  const other = new URLSearchParams(args.url.searchParams);
  if (method === "backup-code") other.delete("method");
  else other.set("method", "backup-code");
  return {
    otherMethodHref: `?${other}`,
    mode: visit.access === "enrol" ? ("enrol" as const) : ("check" as const),
    hasPassword: visit.hasPassword,
    hasPasskeys: visit.owner
      ? (await ownerPasskeys(services(args).database.db, visit.owner.id)).length > 0
      : false,
    next,
    method,
    // What the check interrupted, when it has a name ("Confirm it's you to refund €27 to Aoife Murphy").
    purpose: visit.owner
      ? await checkPurpose(services(args).database.db, next, services(args).clock.now())
      : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const visit = await visitOf(args);
  if (!visit.owner) throw data("The studio is for the course's owner.", { status: 403 });
  const read = readStudioForm(await args.request.formData(), checkForms);
  if (!read.ok) return data({ error: read.message }, { status: 400 });
  const { auth, database, devices, clock } = services(args);
  const answer = await answerCheckForm(
    { auth, db: database.db, devices },
    { access: visit.access, owner: visit.owner },
    args.request.headers,
    read.form,
    clock.now(),
  );
  // Her key and backup codes, shown once: kept by no cache.
  if (answer.kind === "enrolment")
    return data({ enrolment: answer.enrolment }, { headers: { "Cache-Control": "no-store" } });
  if (answer.kind === "checked") {
    const headers = new Headers();
    for (const cookie of answer.setCookies) headers.append("Set-Cookie", cookie);
    throw redirect(answer.next, { headers });
  }
  const { message: error, method, status, retryAfterSeconds } = answer;
  // A code refused says which way she gave it, so the page asks the same way again.
  return data(method ? { error, method } : { error }, {
    status,
    headers: retryAfterHeaders(retryAfterSeconds),
  });
}

export default function StudioCheck({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const enrolment = actionData && "enrolment" in actionData ? actionData.enrolment : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const method = actionData && "method" in actionData ? actionData.method : loaderData.method;
  const backup = method === "backup-code" && !enrolment;

  // A code that didn't match while setting up: the app already holds the key, so she tries again here.
  const triedCode = Boolean(actionData && "method" in actionData);
  if (loaderData.mode === "enrol" && !enrolment && !triedCode) {
    return (
      <StartSetUp hasPassword={loaderData.hasPassword} next={loaderData.next} error={error} busy={busy} />
    );
  }

  return (
    <section className="mx-auto max-w-xl">
      {enrolment ? (
        <NewAuthenticator enrolment={enrolment} />
      ) : (
        <>
          <h1 className="text-3xl font-semibold">
            {loaderData.purpose?.heading ?? "Enter your authenticator code"}
          </h1>
          <p className="mt-3 text-ink-soft">
            {loaderData.purpose?.then ??
              "The studio asks for it once a day, and again before a refund, a role change, a deletion, an export or a change to your second factor."}
          </p>
        </>
      )}
      {error ? (
        <Alert tone="error" className="mt-6">
          {error}
        </Alert>
      ) : null}
      <CodeForm backup={backup} next={loaderData.next} finishing={Boolean(enrolment)} busy={busy} />
      {!enrolment ? (
        <p className="mt-4">
          <Link to={loaderData.otherMethodHref} className={STUDIO_LINK}>
            {backup ? "Use your authenticator app instead" : "Use a backup code instead"}
          </Link>
        </p>
      ) : null}
      {!enrolment && loaderData.hasPasskeys ? (
        <div className="mt-8 border-t border-ink/10 pt-6">
          <h2 className="text-xl font-semibold">Or use a passkey</h2>
          <p className="mt-1 mb-3 text-ink-soft">
            Your fingerprint, face or screen lock on a device you added.
          </p>
          <PasskeyButton mode="check" next={loaderData.next} label="Use a Passkey" />
        </div>
      ) : null}
    </section>
  );
}
