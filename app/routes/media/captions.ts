import type { Route } from "./+types/captions";
import { viewerOf } from "#app/modules/catalogue/access.ts";
import { TRANSCRIPT_MESSAGES } from "#app/modules/transcripts/transcripts.server.ts";
import { captions, memberContext } from "#app/request.server.ts";

const STATUS = { "not-found": 404, "sign-in": 401, premium: 403 } as const;

/** GET /captions/{id}.vtt: a recording's captions, for whoever may play it. */
export async function loader(args: Route.LoaderArgs) {
  const id = /^([a-z0-9-]+)\.vtt$/.exec(args.params.file)?.[1] ?? "";
  const published = await captions(args);
  const access = published.access(viewerOf(args.context.get(memberContext)), id);
  if (access !== "read") {
    return new Response(TRANSCRIPT_MESSAGES[access], {
      status: STATUS[access],
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(published.transcriptOf(id)!.source, {
    headers: {
      "Content-Type": "text/vtt; charset=utf-8",
      // A member's captions are hers: kept by her browser (and her downloads) only, and asked
      // again after a refund.
      "Cache-Control": "private, no-cache",
    },
  });
}
