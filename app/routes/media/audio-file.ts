import type { Route } from "./+types/audio-file";
import { streamAudio } from "#app/modules/media/audio.server.ts";
import { memberContext, services } from "#app/request.server.ts";

/** GET /media/audio/{file}: the stream behind a signed URL, with Range. */
export async function loader(args: Route.LoaderArgs) {
  const { media, mediaKeys } = services(args);
  const result = await streamAudio(
    { media, keys: mediaKeys },
    args.context.get(memberContext),
    args.params.file,
    args.request,
  );
  if (result instanceof Response) return result;
  return new Response(result.message, {
    status: result.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
