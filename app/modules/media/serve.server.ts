import type { IncomingMessage, ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { answerMedia } from "./answer.ts";
import type { Bucket, MediaStorage } from "./storage.server.ts";

const NOT_FOUND = "Not found";

/** One stored file as a web Response (for the app's routes), with Range. */
export async function serveMedia(
  storage: MediaStorage,
  bucket: Bucket,
  key: string,
  request: Request,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const info = await storage.info(bucket, key);
  if (!info) return new Response(NOT_FOUND, { status: 404, headers: { "Content-Type": "text/plain" } });
  const answer = answerMedia(
    info,
    {
      method: request.method,
      range: request.headers.get("range"),
      ifNoneMatch: request.headers.get("if-none-match"),
      ifRange: request.headers.get("if-range"),
    },
    extraHeaders,
  );
  const body = answer.bytes && createReadableStreamFromReadable(storage.stream(bucket, key, answer.bytes));
  return new Response(body, { status: answer.status, headers: answer.headers });
}

/**
 * The same answer written straight to Node's response, for the fast lanes
 * that serve media before React Router: no web streams in between.
 */
export async function sendMedia(
  storage: MediaStorage,
  bucket: Bucket,
  key: string,
  req: IncomingMessage,
  res: ServerResponse,
  extraHeaders: Record<string, string> = {},
): Promise<void> {
  const info = await storage.info(bucket, key);
  if (!info) {
    res.writeHead(404, { "Content-Type": "text/plain" }).end(NOT_FOUND);
    return;
  }
  const header = (name: string) => {
    const value = req.headers[name];
    return typeof value === "string" ? value : null;
  };
  const answer = answerMedia(
    info,
    {
      method: req.method ?? "GET",
      range: header("range"),
      ifNoneMatch: header("if-none-match"),
      ifRange: header("if-range"),
    },
    extraHeaders,
  );
  res.writeHead(answer.status, answer.headers);
  if (!answer.bytes) {
    res.end();
    return;
  }
  await pipeFile(storage.stream(bucket, key, answer.bytes), res);
}

/**
 * The file piped to the response, settled when the response closes. A listener who skips ahead
 * closes the connection mid-file: that is not an error, and the file stops being read. Not
 * `pipeline`, which makes an AbortController and an AbortError for every request: with it an audio
 * Range request took 1.1–1.3× a static Range's CPU time, without it 0.8–1.1× (docs/performance.md).
 */
function pipeFile(file: Readable, res: ServerResponse): Promise<void> {
  if (res.destroyed) {
    file.destroy();
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    file.once("error", (error) => {
      res.destroy();
      reject(error);
    });
    res.once("close", () => {
      file.destroy();
      resolve();
    });
    file.pipe(res);
  });
}
