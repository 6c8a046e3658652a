import { studioTimeZone } from "./settings.server.ts";
import type { Auth } from "#app/modules/accounts/auth.server.ts";
import type { DeviceCookies } from "#app/modules/accounts/device-cookie.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import { authenticatorQrSvg } from "./authenticator.server.ts";
import { shownBackupCodes, type ShownBackupCodes } from "./backup-codes.ts";
import type { CheckForm } from "./forms.ts";
import type { StudioAccess } from "./gate.ts";
import {
  completeSecondFactor,
  startEnrolment,
  type SecondFactorMethod,
  type StudioOwner,
} from "./studio.server.ts";

/** What the check page's forms get back. */
export type CheckAnswer =
  /** Her authenticator's key to scan (or type), and her backup codes, shown once. */
  | { kind: "enrolment"; enrolment: { qrSvg: string; secret: string; backupCodes: ShownBackupCodes } }
  /** The second factor given: on to `next`, with her session's cookies when Better Auth renewed it. */
  | { kind: "checked"; next: string; setCookies: string[] }
  /** Refused, and why; for a code, which way she gave it, so she tries the same way again. */
  | {
      kind: "refused";
      status: number;
      message: string;
      method?: SecondFactorMethod;
      retryAfterSeconds?: number;
    };

/**
 * Does what the check page's forms ask: start setting up her authenticator
 * (once, before it is set up), or take a code from it or a backup code.
 */
export async function answerCheckForm(
  deps: { auth: Auth; db: Db; devices: Pick<DeviceCookies, "recognise"> },
  visit: { access: StudioAccess; owner: StudioOwner },
  headers: Headers,
  form: CheckForm,
  now: Date,
): Promise<CheckAnswer> {
  const { owner } = visit;
  if (form.intent === "start") {
    if (visit.access !== "enrol")
      return { kind: "refused", status: 400, message: "Your authenticator is already set up." };
    const device = deps.devices.recognise(headers.get("cookie"), owner.email);
    const started = await startEnrolment(deps, { ...owner, device }, headers, form.password);
    if (!started.ok) return { kind: "refused", status: started.status, message: started.message };
    const qrSvg = await authenticatorQrSvg(started.enrolment.totpUri);
    const { secret, backupCodes } = started.enrolment;
    return {
      kind: "enrolment",
      enrolment: {
        qrSvg,
        secret,
        backupCodes: shownBackupCodes(backupCodes, owner, now, await studioTimeZone(deps.db, owner.id)),
      },
    };
  }
  // Setting up ends with a code from the app: that proves it holds the key; a backup code would not.
  if (visit.access === "enrol" && form.method === "backup-code")
    return {
      kind: "refused",
      status: 400,
      message: "Enter the code your authenticator app shows to finish setting up.",
      method: "totp",
    };
  const checked = await completeSecondFactor(deps, owner, headers, form.method, form.code, now);
  if (!checked.ok) {
    const { status, message, retryAfterSeconds } = checked;
    return { kind: "refused", status, message, method: form.method, retryAfterSeconds };
  }
  return { kind: "checked", next: form.next, setCookies: checked.setCookies };
}
