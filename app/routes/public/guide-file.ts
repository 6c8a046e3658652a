import { redirect } from "react-router";
import type { Route } from "./+types/guide-file";
import { viewerOf } from "#app/modules/catalogue/access.ts";
import { decideGuideDownload, guideFileResponse } from "#app/modules/catalogue/downloads.server.ts";
import { memberContext, requestLog, services } from "#app/request.server.ts";

/** GET /guides/{file}.pdf: the guide for a visitor who may have it (catalogue/downloads.server.ts). */
export async function loader(args: Route.LoaderArgs) {
  const decision = decideGuideDownload(viewerOf(args.context.get(memberContext)), args.params.file);
  if (decision.outcome === "redirect") {
    // Who is sent where depends on the session, so no cache may keep the answer.
    throw redirect(decision.location, { headers: { "Cache-Control": "private, no-store", Vary: "Cookie" } });
  }
  if (decision.outcome === "serve") {
    const { media, publishedMedia } = services(args);
    const key = await publishedMedia.key("pdfs", decision.guide.filename);
    const response = await guideFileResponse(media, decision.guide, args.request, key);
    if (response) return response;
    requestLog(args).error({ file: decision.guide.filename }, "a catalogue guide is missing from storage");
  }
  return notFound();
}

function notFound() {
  return new Response("There is no such guide. All our guides are listed at /free-downloads.\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
