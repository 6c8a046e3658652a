import { parseRange } from "./range.ts";

/**
 * What to answer a GET or HEAD for one stored file: the whole file (200), the
 * range asked for (206), 304 for a copy the client already has, or 416. Pure,
 * so the web Response and the Node response are built from the same decision.
 */
export interface StoredFileFacts {
  size: number;
  modifiedAt: Date;
  etag: string;
  contentType: string;
}

export interface MediaRequest {
  method: string;
  range: string | null;
  ifNoneMatch: string | null;
  ifRange: string | null;
}

export interface MediaAnswer {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  /** The bytes to send (inclusive), or null for none (HEAD, 304, 416). */
  bytes: { start: number; end: number } | null;
}

export function answerMedia(
  info: StoredFileFacts,
  request: MediaRequest,
  extraHeaders: Record<string, string> = {},
): MediaAnswer {
  const headers: Record<string, string> = {
    "Content-Type": info.contentType,
    "Accept-Ranges": "bytes",
    ETag: info.etag,
    "Last-Modified": info.modifiedAt.toUTCString(),
    "X-Content-Type-Options": "nosniff",
    ...extraHeaders,
  };
  if (request.ifNoneMatch === info.etag) return { status: 304, headers, bytes: null };

  // A Range that came with a stale If-Range gets the whole, current file.
  const range = parseRange(
    request.ifRange && request.ifRange !== info.etag ? null : request.range,
    info.size,
  );
  if (range.kind === "unsatisfiable") {
    return { status: 416, headers: { ...headers, "Content-Range": `bytes */${info.size}` }, bytes: null };
  }
  const head = request.method === "HEAD";
  if (range.kind === "partial") {
    headers["Content-Range"] = `bytes ${range.start}-${range.end}/${info.size}`;
    headers["Content-Length"] = String(range.end - range.start + 1);
    return { status: 206, headers, bytes: head ? null : { start: range.start, end: range.end } };
  }
  headers["Content-Length"] = String(info.size);
  // An empty file has no byte range to read.
  const bytes = head || info.size === 0 ? null : { start: 0, end: info.size - 1 };
  return { status: 200, headers, bytes };
}
