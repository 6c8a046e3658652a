import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF),
 * for every route: forms, actions and APIs alike. A browser says where a
 * request comes from in Origin (or Sec-Fetch-Site, or Referer); requests with
 * none of them do not come from a browser page and carry no victim's cookies.
 * Provider callbacks and webhooks come from other sites by design and prove
 * themselves another way (OAuth state, signatures).
 */
export function sameOriginOnly(baseUrl: string, exempt: string[]): RequestHandler {
  const origin = new URL(baseUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || exempt.some((prefix) => req.path.startsWith(prefix))) return next();
    const claimed = req.headers.origin;
    const site = req.headers["sec-fetch-site"];
    const referer = req.headers.referer;
    let sameOrigin = true;
    if (claimed !== undefined) sameOrigin = claimed === origin;
    else if (typeof site === "string") sameOrigin = site === "same-origin" || site === "none";
    else if (referer) sameOrigin = safeOrigin(referer) === origin;
    if (sameOrigin) return next();
    req.log?.warn({ origin: claimed, site }, "cross-origin request refused");
    res.status(403).json({ error: "This request came from another website, so we refused it." });
  };
}

function safeOrigin(url: string) {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
