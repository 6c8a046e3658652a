import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/check";
import { Alert } from "~/components/ui/alert.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Field } from "~/components/ui/field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { PasskeyButton } from "~/components/studio/passkey-button.tsx";
import { studioReturnPath } from "~/modules/studio/gate.ts";
import { ownerPasskeys } from "~/modules/studio/passkeys.server.ts";
import {
  completeSecondFactor,
  startEnrolment,
  studioVisit,
  type SecondFactorMethod,
} from "~/modules/studio/studio.server.ts";
import { services } from "~/services.server.ts";
import { STUDIO_LINK } from "~/components/studio/studio-table.tsx";

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
  };
}

export async function action(args: Route.ActionArgs) {
  const visit = await visitOf(args);
  if (!visit.owner) throw data("The studio is for the course's owner.", { status: 403 });
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const next = studioReturnPath(String(form.get("next") ?? ""));
  const { auth, database } = services(args);

  if (intent === "start") {
    if (visit.access !== "enrol")
      return data({ error: "Your authenticator is already set up." }, { status: 400 });
    const password = String(form.get("password") ?? "") || undefined;
    const device = services(args).devices.recognise(args.request.headers.get("cookie"), visit.owner.email);
    const started = await startEnrolment(
      { auth, db: database.db },
      { ...visit.owner, device },
      args.request.headers,
      password,
    );
    if (!started.ok) return data({ error: started.message }, { status: started.status });
    const QRCode = await import("qrcode");
    const qrSvg = await QRCode.toString(started.enrolment.totpUri, {
      type: "svg",
      margin: 1,
      errorCorrectionLevel: "M",
    });
    return {
      enrolment: { qrSvg, secret: started.enrolment.secret, backupCodes: started.enrolment.backupCodes },
    };
  }

  if (intent === "verify") {
    const method: SecondFactorMethod = form.get("method") === "backup-code" ? "backup-code" : "totp";
    const result = await completeSecondFactor(
      { auth, db: database.db },
      visit.owner,
      args.request.headers,
      method,
      String(form.get("code") ?? ""),
      services(args).clock.now(),
    );
    if (!result.ok) {
      const headers: Record<string, string> = result.retryAfterSeconds
        ? { "Retry-After": String(result.retryAfterSeconds) }
        : {};
      return data({ error: result.message, method }, { status: result.status, headers });
    }
    const headers = new Headers();
    for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
    throw redirect(next, { headers });
  }
  return data({ error: "Please use the form on this page." }, { status: 400 });
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
      <section className="mx-auto max-w-xl">
        <h1 className="text-3xl font-semibold">Set up your authenticator</h1>
        <p className="mt-3 text-ink-soft">
          The studio holds members' details and can refund payments, so it asks for a second factor: a code
          from an authenticator app on your phone (1Password, Google Authenticator, Microsoft Authenticator
          and others).
        </p>
        {error ? (
          <Alert tone="error" className="mt-6">
            {error}
          </Alert>
        ) : null}
        <Form method="post" className="mt-6 grid gap-4">
          <input type="hidden" name="intent" value="start" />
          <input type="hidden" name="next" value={loaderData.next} />
          {loaderData.hasPassword ? (
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

  return (
    <section className="mx-auto max-w-xl">
      {enrolment ? (
        <>
          <h1 className="text-3xl font-semibold">Scan this code with your authenticator app</h1>
          <div className="mt-6 grid gap-6 sm:grid-cols-[12rem_1fr] sm:items-start">
            <div
              className="rounded-2xl border border-ink/10 bg-white p-3"
              role="img"
              aria-label="QR code to add Tidewell Studio to your authenticator app"
              dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
            />
            <div className="text-[0.95rem] text-ink-soft">
              <p>Can't scan it? Enter this key in the app instead:</p>
              <p
                className="mt-2 rounded-lg bg-sand px-3 py-2 font-mono break-all text-ink"
                data-testid="totp-secret"
              >
                {enrolment.secret}
              </p>
            </div>
          </div>
          <h2 className="mt-8 text-xl font-semibold">Your backup codes</h2>
          <p className="mt-2 text-ink-soft">
            Each works once, if your phone is lost. Keep them somewhere safe (a password manager): they are
            shown only now.
          </p>
          <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-ink" aria-label="Backup codes">
            {enrolment.backupCodes.map((code) => (
              <li key={code} className="rounded-lg bg-sand px-3 py-1.5">
                {code}
              </li>
            ))}
          </ul>
          <p className="mt-8 font-medium text-ink">Then enter the code the app shows to finish.</p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-semibold">Enter your authenticator code</h1>
          <p className="mt-3 text-ink-soft">
            The studio asks for it once a day, and again before a refund, a role change, a deletion or an
            export.
          </p>
        </>
      )}
      {error ? (
        <Alert tone="error" className="mt-6">
          {error}
        </Alert>
      ) : null}
      <Form method="post" className="mt-6 grid gap-4">
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="next" value={loaderData.next} />
        <input type="hidden" name="method" value={backup ? "backup-code" : "totp"} />
        <Field
          id="code"
          label={backup ? "Backup code" : "6-digit code"}
          hint={backup ? "One of the codes you kept when you set up the authenticator." : undefined}
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
          {enrolment ? "Finish Setting Up" : "Continue"}
        </Button>
      </Form>
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
