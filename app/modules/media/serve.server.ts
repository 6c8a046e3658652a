import { createReadableStreamFromReadable } from "@react-router/node";
import { parseRange } from "./range.ts";
import type { Bucket, MediaStorage } from "./storage.server.ts";

/**
 * Answers a GET or HEAD for one stored file: the whole file (200), the range
 * asked for (206) or 416, with the headers players and caches need.
 */
export async function serveMedia(
  storage: MediaStorage,
  bucket: Bucket,
  key: string,
  request: Request,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const info = await storage.info(bucket, key);
  if (!info) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const headers = new Headers({
    "Content-Type": info.contentType,
    "Accept-Ranges": "bytes",
    ETag: info.etag,
    "Last-Modified": info.modifiedAt.toUTCString(),
    "X-Content-Type-Options": "nosniff",
    ...extraHeaders,
  });
  if (request.headers.get("if-none-match") === info.etag) return new Response(null, { status: 304, headers });

  // A Range that came with a stale If-Range gets the whole, current file.
  const ifRange = request.headers.get("if-range");
  const range = parseRange(ifRange && ifRange !== info.etag ? null : request.headers.get("range"), info.size);
  if (range.kind === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${info.size}`);
    return new Response(null, { status: 416, headers });
  }
  const head = request.method === "HEAD";
  if (range.kind === "partial") {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
    const body = head ? null : createReadableStreamFromReadable(storage.stream(bucket, key, range));
    return new Response(body, { status: 206, headers });
  }
  headers.set("Content-Length", String(info.size));
  const body = head ? null : createReadableStreamFromReadable(storage.stream(bucket, key));
  return new Response(body, { status: 200, headers });
}
