import { data } from "react-router";
import type { Route } from "./+types/passkey";
import { studioReturnPath } from "~/modules/studio/gate.ts";
import {
  addPasskey,
  authenticationOptions,
  completePasskeyCheck,
  registrationOptions,
} from "~/modules/studio/passkeys.server.ts";
import { requireRecentStudioCheck } from "~/modules/studio/recent-check.server.ts";
import { studioVisit } from "~/modules/studio/studio.server.ts";
import { services } from "~/services.server.ts";

/**
 * POST only, from the studio's passkey buttons (a form post, so the server's
 * request rules apply as to any page's form): the options for the browser's
 * WebAuthn ceremony, then its result. Answers JSON, with the challenge cookie.
 */
export async function action(args: Route.ActionArgs) {
  const { auth, database, clock } = services(args);
  const headers = args.request.headers;
  const now = clock.now();
  const visit = await studioVisit(auth, database.db, headers, now);
  if (!visit.owner) throw data({ error: "The studio is for the course's owner." }, { status: 403 });
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const deps = { auth, db: database.db };
  const withCookies = (body: unknown, setCookies: string[], status = 200) => {
    const answer = Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
    for (const cookie of setCookies) answer.headers.append("Set-Cookie", cookie);
    return answer;
  };
  const response = () => {
    try {
      return JSON.parse(String(form.get("response") ?? "")) as unknown;
    } catch {
      return null;
    }
  };

  if (intent === "authentication-options" || intent === "authenticate") {
    if (visit.access === "enrol") {
      return Response.json({ error: "Set up your authenticator first." }, { status: 400 });
    }
    if (intent === "authentication-options") {
      const { options, setCookies } = await authenticationOptions(auth, headers);
      return withCookies({ options }, setCookies);
    }
    const result = await completePasskeyCheck(deps, visit.owner, headers, response(), now);
    if (!result.ok) return Response.json({ error: result.message }, { status: result.status });
    return withCookies({ next: studioReturnPath(String(form.get("next") ?? "")) }, result.setCookies);
  }

  if (intent === "registration-options" || intent === "register") {
    // A new way in: only from inside the studio (open to her), with the second factor given minutes ago.
    const checkedAt = visit.access === "open" ? visit.owner.checkedAt : null;
    requireRecentStudioCheck({ checkedAt }, now, "/studio/security", "script");
    if (intent === "registration-options") {
      const { options, setCookies } = await registrationOptions(auth, headers);
      return withCookies({ options }, setCookies);
    }
    const added = await addPasskey(
      deps,
      visit.owner,
      headers,
      response(),
      String(form.get("name") ?? ""),
      now,
    );
    return Response.json(added.ok ? { next: "/studio/security" } : { error: added.message }, {
      status: added.ok ? 200 : added.status,
    });
  }
  return Response.json({ error: "Please use the studio's buttons." }, { status: 400 });
}
