import { data } from "react-router";
import type { Route } from "./+types/passkey";
import { passkeyForms, readStudioForm } from "#app/modules/studio/forms.ts";
import { answerPasskeyForm } from "#app/modules/studio/passkey-actions.server.ts";
import { studioVisit } from "#app/modules/studio/studio.server.ts";
import { services } from "#app/request.server.ts";

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
  const read = readStudioForm(await args.request.formData(), passkeyForms);
  if (!read.ok) return Response.json({ error: read.message }, { status: 400 });
  const { status, body, setCookies } = await answerPasskeyForm(
    { auth, db: database.db },
    { access: visit.access, owner: visit.owner },
    headers,
    read.form,
    now,
  );
  if (!setCookies) return Response.json(body, { status });
  const answer = Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
  for (const cookie of setCookies) answer.headers.append("Set-Cookie", cookie);
  return answer;
}
