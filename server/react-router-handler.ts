import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { RouterContextProvider } from "react-router";
import { writeReadableStreamToWritable } from "@react-router/node";
import { takeNodeBody } from "#app/platform/html-body.server.ts";
import { compressPage, pageEncoding, readWhole } from "./whole-page.ts";

/** The largest request body the app accepts (contact messages, forms, webhooks). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

interface HandlerOptions {
  /** The header that carries the client's address to the app; any copy the client sent is dropped. */
  clientIpHeader: string;
  handleRequest: (request: Request, context: RouterContextProvider) => Promise<Response>;
  /** The public origin every request URL is built on, never the Host header. */
  origin: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  /** What is done to a rendered page's HTML before it is sent (how its app starts): it may insert only ASCII. */
  preparePage?: (html: string) => string;
}

/**
 * Hosts React Router in Express. Unlike @react-router/express it reads the body
 * first, so an oversize body gets 413 and malformed JSON gets 400 before any
 * route runs, and webhook routes can verify signatures on the exact bytes.
 */
export function reactRouterHandler(options: HandlerOptions): RequestHandler {
  return async (req, res, next) => {
    try {
      const body = await readBody(req);
      if (body === "too-large") return sendProblem(res, 413, "The request is too large.");
      if (body && isJson(req) && !isValidJson(body)) {
        return sendProblem(res, 400, "The request body is not valid JSON.");
      }
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const headers = toHeaders(req.headers);
      headers.delete(options.clientIpHeader);
      if (req.ip) headers.set(options.clientIpHeader, req.ip);
      const request = new Request(requestUrl(options.origin, req.originalUrl), {
        method: req.method,
        headers,
        body: body && body.length > 0 ? new Uint8Array(body) : undefined,
        signal: controller.signal,
      });
      await sendResponse(
        res,
        await options.handleRequest(request, options.getLoadContext(req, res)),
        options.preparePage,
      );
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The request's URL on the public origin. The path is appended, never resolved
 * against the origin: "//evil.example" is a path here, not another host.
 */
export function requestUrl(origin: string, path: string): URL {
  return new URL(`${new URL(origin).origin}${path.startsWith("/") ? path : `/${path}`}`);
}

/**
 * How much of a refused body is read and dropped, and for how long, before the
 * 413 goes out: a sender still writing when its connection closes meets a reset,
 * and may lose the answer with it.
 */
export const REFUSED_BODY_DRAIN = { bytes: 16 * 1024 * 1024, ms: 10_000 };

/** The request body, within BODY_LIMIT_BYTES; beyond it "too-large", once the sender has finished (or REFUSED_BODY_DRAIN is spent). */
export function readBody(req: ExpressRequest): Promise<Buffer | "too-large" | undefined> {
  if (req.method === "GET" || req.method === "HEAD") return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let drainTimer: NodeJS.Timeout | undefined;
    const refusing = () => drainTimer !== undefined;
    const settle = (outcome: () => void) => {
      clearTimeout(drainTimer);
      req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      outcome();
    };
    const refuse = () => {
      chunks.length = 0;
      drainTimer = setTimeout(() => settle(() => resolve("too-large")), REFUSED_BODY_DRAIN.ms);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (!refusing() && size > BODY_LIMIT_BYTES) refuse();
      if (!refusing()) chunks.push(chunk);
      else if (size > REFUSED_BODY_DRAIN.bytes) settle(() => resolve("too-large"));
    };
    const onEnd = () => settle(() => resolve(refusing() ? "too-large" : Buffer.concat(chunks)));
    const onError = (error: Error) => settle(() => (refusing() ? resolve("too-large") : reject(error)));
    const onClose = () => onError(new Error("The request was closed before its body arrived."));
    req.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
    if (Number(req.headers["content-length"] ?? 0) > BODY_LIMIT_BYTES) refuse();
  });
}

export function isJson(req: ExpressRequest) {
  return /^application\/([\w.+-]+\+)?json\b/i.test(req.headers["content-type"] ?? "");
}

function isValidJson(body: Buffer) {
  try {
    JSON.parse(body.toString("utf8"));
    return true;
  } catch {
    return false;
  }
}

export function sendProblem(res: ExpressResponse, status: number, error: string) {
  res.status(status).set("Connection", "close").json({ error });
}

export function toHeaders(source: ExpressRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  return headers;
}

async function sendResponse(
  res: ExpressResponse,
  response: Response,
  preparePage?: (html: string) => string,
) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A route's own headers win over the defaults set earlier (helmet's Referrer-Policy, say).
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") res.append(key, value);
    else res.set(key, value);
  }
  const page = takeNodeBody(response.body);
  if (page) {
    let html: Buffer;
    try {
      html = await readWhole(page);
    } catch (error) {
      // A visitor who leaves mid-page is not an error; React stops rendering for them.
      if (res.destroyed) return;
      throw error;
    }
    if (preparePage) html = preparedPage(html, preparePage);
    const encoding = pageEncoding(html.length, (...encodings) => res.req.acceptsEncodings(...encodings));
    const body = compressPage(html, encoding);
    res.vary("Accept-Encoding");
    if (encoding !== "identity") res.set("Content-Encoding", encoding);
    res.set("Content-Length", String(body.length));
    res.end(body);
  } else if (response.body) {
    coalesceFlushes(res);
    await writeReadableStreamToWritable(response.body, res);
  } else {
    res.end();
  }
}

/**
 * A rendered page after `prepare`, read and written as latin1 (a byte to a character and back)
 * rather than UTF-8: decoding and encoding the text took three times as long as preparing it
 * (about 130 µs of a fresh portal page's 180). What `prepare` looks for and inserts is ASCII (tags,
 * the loader, the module paths it moves), so every other byte, text in any script included,
 * comes out as it went in.
 */
export function preparedPage(html: Buffer, prepare: (html: string) => string): Buffer {
  return Buffer.from(prepare(html.toString("latin1")), "latin1");
}

/**
 * The stream writer flushes compression after every chunk, and a page arrives
 * in many small chunks: each flush ends a gzip block, costing CPU and bytes.
 * One flush per turn of the event loop still sends streamed data at once.
 */
function coalesceFlushes(res: ExpressResponse & { flush?: () => void }) {
  const flush = res.flush;
  if (typeof flush !== "function") return;
  let scheduled = false;
  res.flush = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (!res.writableEnded) flush.call(res);
    });
  };
}
