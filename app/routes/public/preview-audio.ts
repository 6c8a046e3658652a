import type { Route } from "./+types/preview-audio";
import { PREVIEW_AUDIO_FILE } from "#app/modules/catalogue/tracks.ts";
import { serveMedia } from "#app/modules/media/serve.server.ts";
import { services } from "#app/request.server.ts";

/** GET /audio/preview.mp3: the landing page's preview, open to everyone. */
export function loader(args: Route.LoaderArgs) {
  return serveMedia(services(args).media, "audio", PREVIEW_AUDIO_FILE, args.request, {
    "Cache-Control": "public, max-age=86400",
  });
}
