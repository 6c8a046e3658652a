import type { Auth } from "#app/modules/accounts/auth.server.ts";
import type { DeviceCookies } from "#app/modules/accounts/device-cookie.server.ts";
import type { Db } from "#app/platform/db.server.ts";
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
  | { kind: "enrolment"; enrolment: { qrSvg: string; secret: string; backupCodes: string[] } }
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
    const QRCode = await import("qrcode");
    const qrSvg = await QRCode.toString(started.enrolment.totpUri, {
      type: "svg",
      margin: 1,
      errorCorrectionLevel: "M",
    });
    const { secret, backupCodes } = started.enrolment;
    return { kind: "enrolment", enrolment: { qrSvg, secret, backupCodes } };
  }
  const checked = await completeSecondFactor(deps, owner, headers, form.method, form.code, now);
  if (!checked.ok) {
    const { status, message, retryAfterSeconds } = checked;
    return { kind: "refused", status, message, method: form.method, retryAfterSeconds };
  }
  return { kind: "checked", next: form.next, setCookies: checked.setCookies };
}
