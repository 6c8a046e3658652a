import type { RequestHandler } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { BODY_LIMIT_BYTES, requestUrl } from "./react-router-handler.ts";

/** Methods any route here answers; the others are refused before a route runs. */
const ALLOWED_METHODS = "GET, HEAD, POST";

export type Refusal = { status: 405; allow: string } | { status: 415 };

/**
 * Whether the path as sent is the path React Router will route. A URL resolves
 * dot segments ("/api/webhooks/../../portal/profile", "%2e%2e", "\\" read as
 * "/"), where the checks in front of React Router (same origin, the studio's
 * headers, kept pages) read the path as sent: such a request would pass them as
 * one path and reach a route as another. Browsers resolve a path before sending
 * it, so only a hand-made request is refused.
 */
export function pathIsResolved(rawUrl: string): boolean {
  const rawPath = rawUrl.split("?")[0]!;
  return requestUrl("http://localhost", rawPath).pathname === rawPath;
}

/**
 * Whether the path's escapes decode to text: UTF-8 (no stray "%", no lone or
 * cut-off byte, no overlong form, no UTF-16 surrogate) without control
 * characters. Express decodes a route's parameters and React Router the whole
 * path; neither has an answer for one that doesn't decode, and no browser
 * sends one.
 */
export function pathIsReadable(rawUrl: string): boolean {
  const rawPath = rawUrl.split("?")[0]!;
  try {
    return !/\p{Cc}/u.test(decodeURIComponent(rawPath));
  } catch {
    return false;
  }
}

/** Refuses, before any route or check reads it, a path that is not read as sent or can't be read at all. */
export const refuseMalformedPaths: RequestHandler = (req, res, next) => {
  if (pathIsResolved(req.originalUrl) && pathIsReadable(req.originalUrl)) return next();
  res.status(400).type("text/plain").send("This address isn't valid.");
};

/**
 * Decides what no route can answer, before React Router sees it: a method
 * other than GET, HEAD or POST; a POST to a page without a form; a page's
 * form posted as anything but a form (JSON, text/plain, no body at all).
 * The API routes under /api/ read their own bodies and answer for themselves.
 * Refused requests get the product's own error page (or JSON under /api/)
 * and nothing of the router's internals.
 */
export function requestRefusal(
  method: string,
  url: URL,
  contentType: string | undefined,
  hasAction: (url: URL) => boolean,
): Refusal | null {
  if (method !== "GET" && method !== "HEAD" && method !== "POST")
    return { status: 405, allow: ALLOWED_METHODS };
  if (method !== "POST" || url.pathname.startsWith("/api/")) return null;
  if (!hasAction(url)) return { status: 405, allow: "GET, HEAD" };
  return isFormBody(contentType) ? null : { status: 415 };
}

function isFormBody(contentType: string | undefined) {
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(contentType ?? "");
}

/**
 * Whether the route a POST to `url` reaches has an action, as React Router
 * picks it: the deepest match, or, for an index route posted to without
 * `?index`, its parent.
 */
export function actionFinder(build: ServerBuild): (url: URL) => boolean {
  const tree = routeTree(build.routes);
  return (url) => {
    const matches = matchRoutes(tree, pagePath(url.pathname));
    if (!matches) return false;
    let target = matches.at(-1)!;
    if (target.route.index && !url.searchParams.has("index")) target = matches.at(-2) ?? target;
    return Boolean(build.routes[target.route.id!]?.module.action);
  };
}

/** The page a path is for: the app's own fetches ask for `/auth.data`, and `/_root.data` for "/". */
function pagePath(pathname: string) {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

function routeTree(routes: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => ({
      id: route!.id,
      path: route!.path,
      caseSensitive: route!.caseSensitive,
      ...(route!.index ? { index: true as const } : { children: routeTree(routes, route!.id) }),
    }));
}

/**
 * Express middleware around requestRefusal: JSON under /api/, otherwise the
 * page the app renders for that status (`renderRefusal`).
 */
export function requestGate({
  origin,
  hasAction,
  renderRefusal,
}: {
  origin: string;
  hasAction: (url: URL) => boolean;
  renderRefusal: (
    req: Parameters<RequestHandler>[0],
    res: Parameters<RequestHandler>[1],
    status: number,
  ) => Promise<Response>;
}): RequestHandler {
  return async (req, res, next) => {
    // An oversize body is refused as such (413) by the body reader, before anything else is asked of it.
    if (Number(req.headers["content-length"] ?? 0) > BODY_LIMIT_BYTES) return next();
    const url = requestUrl(origin, req.originalUrl);
    const refusal = requestRefusal(req.method, url, req.headers["content-type"], hasAction);
    if (!refusal) return next();
    req.resume();
    if (refusal.status === 405) res.set("Allow", refusal.allow);
    res.set("Cache-Control", "no-store");
    const asJson = () => res.status(refusal.status).json({ error: MESSAGES[refusal.status] });
    if (url.pathname.startsWith("/api/")) return void asJson();
    try {
      const page = await renderRefusal(req, res, refusal.status);
      // A page gets its error page; a resource route (sign-out, say) has none to show.
      if (!page.headers.get("content-type")?.startsWith("text/html")) return void asJson();
      res
        .status(refusal.status)
        .type("html")
        .send(await page.text());
    } catch (error) {
      next(error);
    }
  };
}

const MESSAGES = {
  405: "This address doesn't take that kind of request.",
  415: "Please send this form as a form.",
} as const;
