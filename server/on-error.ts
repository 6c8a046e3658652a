import type { ErrorRequestHandler } from "express";

/**
 * The status a client's mistake carries when the framework finds it (a route
 * parameter that doesn't decode, a body it can't read): a 4xx, or null for
 * anything else, which is ours.
 */
export function clientErrorStatus(error: unknown): number | null {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const value = typeof status === "number" ? status : statusCode;
  return typeof value === "number" && Number.isInteger(value) && value >= 400 && value < 500 ? value : null;
}

/**
 * The last stop for an error a handler passed on. A client's mistake is
 * answered with its own status and logged as a warning, by its kind only (its
 * message can quote the path, which may hold a secret link), with no stack;
 * anything else is a 500 and an error in the log.
 */
export const onError: ErrorRequestHandler = (error, req, res, next) => {
  const status = clientErrorStatus(error);
  if (status) req.log.warn({ status, kind: (error as Error).name }, "request refused");
  else req.log.error({ err: error }, "unhandled error");
  if (res.headersSent) return next(error);
  res
    .status(status ?? 500)
    .type("text/plain")
    .send(status ? "This request isn't valid." : "Something went wrong on our side. Please try again.");
};
