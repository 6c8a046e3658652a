import { data } from "react-router";
import type { Route } from "./+types/audio-progress";
import { canPlayTrack } from "~/modules/catalogue/access.ts";
import { findTrack } from "~/modules/catalogue/tracks.ts";
import { recordFinishedListen, savePosition } from "~/modules/listening/listening.server.ts";
import { progressSchema } from "~/modules/listening/progress-form.ts";
import { db, memberContext } from "~/services.server.ts";

/** POST /api/audio/{trackId}/progress { positionSeconds } or { finished: true }, for the session's member. */
export async function action(args: Route.ActionArgs) {
  const member = args.context.get(memberContext);
  if (!member) return data({ error: "Please sign in." }, { status: 401 });
  const track = findTrack(args.params.trackId);
  if (!track) return data({ error: "We couldn't find that audio session." }, { status: 404 });
  if (!canPlayTrack({ signedIn: true, hasPremium: member.hasPremium }, track)) {
    return data({ error: "This session is part of the Complete Course." }, { status: 403 });
  }
  const parsed = progressSchema.safeParse(await args.request.json().catch(() => undefined));
  if (!parsed.success)
    return data({ error: "Send { positionSeconds } or { finished: true }." }, { status: 400 });
  if (parsed.data.finished) await recordFinishedListen(db(args), member.id, track);
  else await savePosition(db(args), member.id, track, parsed.data.positionSeconds!);
  return data({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
