import { createReadableStreamFromReadable } from "@react-router/node";
import type { MediaFacts } from "#app/modules/media/facts.server.ts";
import type { MediaStorage } from "#app/modules/media/storage.server.ts";
import { guideAccess, guideRedirect, type GuideAccess, type Viewer } from "./access.ts";
import { formatPages } from "./format.ts";
import { findGuideByFile, GUIDES, type Guide } from "./guides.ts";

/**
 * The printable guides as the free resources page shows them, and the decision
 * behind `GET /guides/{file}.pdf`: every guide needs an account, a premium one
 * the premium tier; who gets the file, who is sent to sign up or upgrade, and
 * what is simply not there.
 */

/** Where a guide's PDF lives on this site. */
export function guideHref(guide: Pick<Guide, "filename">): string {
  return `/guides/${encodeURIComponent(guide.filename)}`;
}

export type GuideDownload =
  { outcome: "serve"; guide: Guide } | { outcome: "redirect"; location: string } | { outcome: "not-found" };

/**
 * Only the six catalogue file names are ever looked up, compared exactly, so a
 * traversal attempt, another extension or a different case is simply unknown.
 * Unknown names are a 404 for everyone: a redirect would confirm nothing useful.
 */
export function decideGuideDownload(viewer: Viewer, requestedFile: string): GuideDownload {
  const guide = findGuideByFile(requestedFile);
  if (!guide) return { outcome: "not-found" };
  const access = guideAccess(viewer, guide);
  if (access !== "download") return { outcome: "redirect", location: guideRedirect(access) };
  return { outcome: "serve", guide };
}

/**
 * `inline; filename="…"` with the name made safe for a quoted string: quotes and
 * backslashes escaped, anything outside printable ASCII replaced, and the exact
 * name in RFC 5987 form when it had to be changed.
 */
export function inlineDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "\\$&");
  const exact = /^[\x20-\x7e]*$/.test(filename) ? "" : `; filename*=UTF-8''${encodeURIComponent(filename)}`;
  return `inline; filename="${ascii}"${exact}`;
}

/** The request's If-None-Match names this version (weak comparison, as RFC 9110 asks for GET). */
function isFresh(request: Request, etag: string): boolean {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => bare(tag) === bare(etag));
}

/**
 * The guide's PDF as a streamed response, or null when the file is missing from
 * storage. Access-controlled, so only the member's own browser may keep it
 * (`private`), and it revalidates each time (`no-cache`) because access can end,
 * after a refund say.
 */
export async function guideFileResponse(
  storage: Pick<MediaStorage, "info" | "stream">,
  guide: Guide,
  request: Request,
  /** The stored file to send: the guide's published version (its seeded file until one is). */
  key: string = guide.filename,
): Promise<Response | null> {
  const info = await storage.info("pdfs", key);
  if (!info) return null;
  const headers = new Headers({
    ETag: info.etag,
    "Last-Modified": info.modifiedAt.toUTCString(),
    "Cache-Control": "private, no-cache",
    // The same address answers differently for different members.
    Vary: "Cookie",
  });
  if (isFresh(request, info.etag)) return new Response(null, { status: 304, headers });

  headers.set("Content-Type", "application/pdf");
  headers.set("Content-Disposition", inlineDisposition(guide.filename));
  headers.set("Content-Length", String(info.size));
  // A HEAD answer has no body: don't open the file only to leave it open.
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  const body = createReadableStreamFromReadable(storage.stream("pdfs", key));
  return new Response(body, { status: 200, headers });
}

/** One card on the free resources page: the guide, its length and what it offers this visitor. */
export interface GuideCard {
  id: string;
  title: string;
  description: string;
  isFree: boolean;
  icon: Guide["icon"];
  colour: Guide["colour"];
  /** "8 pages", read from the PDF; null when the file can't be read. */
  pages: string | null;
  access: GuideAccess;
  /** The PDF for a download; otherwise where to sign up or upgrade. */
  href: string;
}

export async function listGuideCards(
  viewer: Viewer,
  facts: Pick<MediaFacts, "pdfPageCount">,
): Promise<GuideCard[]> {
  return Promise.all(
    GUIDES.map(async (guide) => {
      const access = guideAccess(viewer, guide);
      return {
        id: guide.id,
        title: guide.title,
        description: guide.description,
        isFree: guide.isFree,
        icon: guide.icon,
        colour: guide.colour,
        pages: formatPages(await facts.pdfPageCount(guide.filename)),
        access,
        href: access === "download" ? guideHref(guide) : guideRedirect(access),
      };
    }),
  );
}
