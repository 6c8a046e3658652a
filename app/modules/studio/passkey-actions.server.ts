import type { Auth } from "#app/modules/accounts/auth.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import type { PasskeyForm } from "./forms.ts";
import type { StudioAccess } from "./gate.ts";
import {
  addPasskey,
  authenticationOptions,
  completePasskeyCheck,
  registrationOptions,
} from "./passkeys.server.ts";
import { requireRecentStudioCheck } from "./recent-check.server.ts";
import type { StudioOwner } from "./studio.server.ts";

type PasskeyDeps = { auth: Auth; db: Db };

/**
 * What the passkey button is answered, as JSON: its status and body, and the
 * cookies that carry the ceremony's challenge (or her new session), when
 * there are any, with nothing kept by a cache.
 */
export interface PasskeyAnswer {
  status: number;
  body: { options: unknown } | { next: string } | { error: string };
  setCookies?: string[];
}

/**
 * Does what the passkey button asks: the options for a ceremony, then its
 * result. A passkey opens the studio once her authenticator is set up; a new
 * one is added only from inside the studio, with the second factor recent.
 */
export async function answerPasskeyForm(
  deps: PasskeyDeps,
  visit: { access: StudioAccess; owner: StudioOwner },
  headers: Headers,
  form: PasskeyForm,
  now: Date,
): Promise<PasskeyAnswer> {
  const { owner } = visit;
  if (form.intent === "authentication-options" || form.intent === "authenticate") {
    if (visit.access === "enrol") return { status: 400, body: { error: "Set up your authenticator first." } };
    if (form.intent === "authentication-options") {
      const { options, setCookies } = await authenticationOptions(deps.auth, headers);
      return { status: 200, body: { options }, setCookies };
    }
    const checked = await completePasskeyCheck(deps, owner, headers, form.response, now);
    if (!checked.ok) return { status: checked.status, body: { error: checked.message } };
    return { status: 200, body: { next: form.next }, setCookies: checked.setCookies };
  }
  // A new way in: only from inside the studio (open to her), with the second factor given minutes ago.
  const checkedAt = visit.access === "open" ? owner.checkedAt : null;
  requireRecentStudioCheck({ checkedAt }, now, "/studio/security", "script");
  if (form.intent === "registration-options") {
    const { options, setCookies } = await registrationOptions(deps.auth, headers);
    return { status: 200, body: { options }, setCookies };
  }
  const added = await addPasskey(deps, owner, headers, form.response, form.name, now);
  return added.ok
    ? { status: 200, body: { next: "/studio/security" } }
    : { status: added.status, body: { error: added.message } };
}
