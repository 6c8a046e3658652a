import { data } from "react-router";
import type { Route } from "./+types/audio-signed-url";
import { signedAudioUrl } from "#app/modules/media/audio.server.ts";
import { db, memberContext, services } from "#app/request.server.ts";

/** POST /api/audio/{trackId}/signed-url → { url, expiresAt, position } for a member allowed that track. */
export async function action(args: Route.ActionArgs) {
  if (args.request.method !== "POST") return data({ error: "Use POST." }, { status: 405 });
  const result = await signedAudioUrl(
    { db: db(args), keys: services(args).mediaKeys, published: services(args).publishedMedia },
    args.context.get(memberContext),
    args.params.trackId,
  );
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  return data(
    { url: result.url, expiresAt: result.expiresAt, position: result.position },
    { headers: { "Cache-Control": "no-store" } },
  );
}
