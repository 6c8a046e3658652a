import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { scrubUrl, type Logger } from "#app/platform/log.server.ts";

declare module "http" {
  interface IncomingMessage {
    /** The request's logger: each line names the request (its id, method and path). */
    log: Logger;
  }
}

export interface RequestLogOptions {
  /** Requests whose end is not logged (health checks). */
  ignore?: (req: IncomingMessage) => boolean;
}

/**
 * One line per request as it ends (its id, method, path without secret values, status and time),
 * at "info", or "warn" for a 4xx and "error" for a 5xx or a failed response, and `req.log` for what
 * the request's own code logs, bound to the request's id, method and path. Those three are taken
 * once, as a small object: pino-http ran the whole request through serializers for each request's
 * logger and again for its last line, about 2% of a fresh page's CPU time (docs/performance.md).
 */
export function requestLog(log: Logger, { ignore = () => false }: RequestLogOptions = {}): RequestHandler {
  let lastId = 0;
  return (req, res, next) => {
    lastId = (lastId + 1) & 0x7fffffff;
    const started = Date.now();
    const logger = log.child({ req: { id: lastId, method: req.method, url: scrubUrl(req.url) } });
    req.log = logger;
    if (!ignore(req)) {
      const ended = (error?: Error) => {
        res.off("close", ended);
        res.off("finish", ended);
        res.off("error", ended);
        logEnd(logger, res, Date.now() - started, error);
      };
      res.on("close", ended);
      res.on("finish", ended);
      res.on("error", ended);
    }
    next();
  };
}

/** The request's last line, through its own logger (which names the request). */
function logEnd(log: Logger, res: ServerResponse, responseTime: number, error: Error | undefined) {
  const line = { res: { statusCode: res.statusCode }, responseTime };
  // A 503 is the server's own answer that it is busy or stopping (with Retry-After), not a failure.
  if (error || (res.statusCode >= 500 && res.statusCode !== 503)) {
    log.error(
      { ...line, err: error ?? new Error(`failed with status code ${res.statusCode}`) },
      "request errored",
    );
  } else {
    const message = !res.req.readableAborted && res.writableEnded ? "request completed" : "request aborted";
    log[res.statusCode >= 400 ? "warn" : "info"](line, message);
  }
}
