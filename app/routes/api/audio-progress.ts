import { data } from "react-router";
import type { Route } from "./+types/audio-progress";
import { recordProgress } from "#app/modules/listening/listening.server.ts";
import { memberContext, services } from "#app/request.server.ts";

/**
 * POST /api/audio/{trackId}/progress { positionSeconds } or { finished: true }, for the session's member.
 * The server answers the everyday case before React Router (server/progress-fast-lane.ts); this
 * route answers the rest: no session, or one that Better Auth must refresh.
 */
export async function action(args: Route.ActionArgs) {
  const member = args.context.get(memberContext);
  if (!member) return data({ error: "Please sign in." }, { status: 401 });
  const report = await args.request.json().catch(() => undefined);
  const { database, clock } = services(args);
  const { status, body } = await recordProgress(database, member, args.params.trackId, report, clock.now());
  return data(body, { status, headers: { "Cache-Control": "no-store" } });
}
