import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { gzipPartsWithNonce, nonceTemplate, withNonce, type NonceTemplate } from "./nonce-gzip.ts";

/**
 * The public pages, rendered once and served from memory to visitors who are
 * not signed in: those pages are the same for all of them, so rendering each
 * request again would only spend time. Each response still gets its own CSP
 * nonce, spliced into the cached page (see nonce-gzip.ts).
 *
 * A request with a session or a flash message, a query string other than a
 * page's known versions, or any method but GET and HEAD goes to the app as
 * usual; so does a page whose render is not a plain 200 page without cookies.
 */
// As long as a nonce (16 random bytes in base64), in a character no page contains.
export const NONCE_PLACEHOLDER = "\u0001".repeat(24);

export interface PageCacheOptions {
  /** The paths of the public pages. */
  paths: ReadonlySet<string>;
  /**
   * Query parameters that pick one of a page's few fixed versions, each with
   * its possible values (the sign-up page's tabs, say). Any other parameter or
   * value sends the request to the app.
   */
  variants?: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  /** Renders a page (a path, perhaps with a version's query) for a visitor with no cookies, with NONCE_PLACEHOLDER as its nonce. */
  render: (url: string) => Promise<Response>;
  /** Cookies that make a page personal (the session, a flash message). */
  personalCookies: RegExp;
  /** Turns a freshly rendered page (still with the placeholder nonce) into the one to serve. */
  prepare?: (html: string) => string;
  /** How long a rendered page is served before it is rendered again. */
  ttlMs: number;
  /**
   * The version of what the owner has published (the content version, known
   * to within a second): a page made at another version is made again.
   */
  contentVersion?: () => Promise<number>;
  now?: () => number;
}

export interface CachedPage {
  status: number;
  headers: [string, string][];
  template: NonceTemplate;
}

/** A rendered page that can be served again (a plain 200 page that sets no cookie), or null. */
export async function shareablePage(
  response: Response,
  prepare: (html: string) => string = (html) => html,
): Promise<CachedPage | null> {
  const type = response.headers.get("content-type") ?? "";
  if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("set-cookie")) {
    await response.body?.cancel();
    return null;
  }
  return {
    status: response.status,
    headers: [...response.headers.entries()].filter(
      ([name]) => !["content-length", "content-encoding", "transfer-encoding"].includes(name),
    ),
    template: nonceTemplate(withoutLinkNonces(prepare(await response.text())), NONCE_PLACEHOLDER),
  };
}

/**
 * A kept page's links without their nonce: they fetch our own scripts, styles
 * and fonts, which the policy already allows by 'self' (security-headers.ts),
 * and each nonce is a seam the kept page is compressed around. React Router
 * gives every link one, so a portal page drops from 37 seams to 9, and is ready
 * to keep in 1.4 ms instead of 2.3.
 */
export function withoutLinkNonces(html: string): string {
  return html.replace(/<link\b[^>]*>/g, (link) => link.replace(` nonce="${NONCE_PLACEHOLDER}"`, ""));
}

/** Serves a cached page with this response's own nonce, compressed if the client takes gzip. */
export function sendPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage) {
  const nonce = res.locals.cspNonce as string;
  const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
  const body = gzip ? gzipPartsWithNonce(page.template, nonce) : [withNonce(page.template, nonce)];
  res.status(page.status);
  for (const [name, value] of page.headers) res.set(name, value);
  res.set("Vary", "Accept-Encoding, Cookie");
  if (gzip) res.set("Content-Encoding", "gzip");
  res.set("Content-Length", String(body.reduce((length, part) => length + part.length, 0)));
  if (req.method === "HEAD") return void res.end();
  // Corked, the parts leave with the headers in one write (writev); end() uncorks.
  res.cork();
  for (const part of body) res.write(part);
  res.end();
}

/** A rendered page, or null for a path whose render can't be shared; either until it expires. */
interface Entry {
  page: CachedPage | null;
  expiresAt: number;
  /** The content version it was made at. */
  version: number;
}

export function publicPageCache(options: PageCacheOptions): RequestHandler {
  const now = options.now ?? Date.now;
  // Only the public pages and their known versions are ever keys, so the cache can't grow beyond them.
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry>>();

  const contentVersion = options.contentVersion ?? (async () => 0);

  async function entryFor(path: string): Promise<Entry> {
    const version = await contentVersion();
    const cached = entries.get(path);
    if (cached && cached.expiresAt > now() && cached.version === version) return cached;
    // One render per page and version at a time, however many visitors ask at once.
    const renderKey = `${path}\n${version}`;
    let pending = rendering.get(renderKey);
    if (!pending) {
      pending = renderEntry(path, version).finally(() => rendering.delete(renderKey));
      rendering.set(renderKey, pending);
    }
    return pending;
  }

  async function renderEntry(path: string, version: number): Promise<Entry> {
    const entry = {
      page: await shareablePage(await options.render(path), options.prepare),
      expiresAt: now() + options.ttlMs,
      version,
    };
    // A render begun at an older version never replaces one made at a newer.
    const kept = entries.get(path);
    if (!kept || kept.version <= version) entries.set(path, entry);
    return entry;
  }

  return async (req, res, next) => {
    const key = cacheKey(req, options);
    if (key === null) return next();
    try {
      const { page } = await entryFor(key);
      if (!page) return next();
      sendPage(req, res, page);
    } catch (error) {
      next(error);
    }
  };
}

/** The page and version a request asks for, or null when the app must answer it. */
function cacheKey(req: ExpressRequest, options: PageCacheOptions): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (options.personalCookies.test(req.headers.cookie ?? "")) return null;
  const [path = "", query] = splitOnce(req.originalUrl, "?");
  if (path !== req.path) return null;
  return pageVersion(path, query, options);
}

/**
 * The key of a public page's version: its path, and its known parameters in
 * a fixed order; null for any path, parameter or value that isn't known.
 */
export function pageVersion(
  path: string,
  query: string | undefined,
  { paths, variants = {} }: Pick<PageCacheOptions, "paths" | "variants">,
): string | null {
  if (!paths.has(path)) return null;
  if (query === undefined) return path;
  const allowed = variants[path] ?? {};
  const params = new URLSearchParams(query);
  const names = [...params.keys()];
  if (names.length === 0 || new Set(names).size !== names.length) return null;
  for (const [name, value] of params) {
    if (!Object.hasOwn(allowed, name) || !allowed[name]!.includes(value)) return null;
  }
  params.sort();
  return `${path}?${params}`;
}

function splitOnce(text: string, separator: string): [string, string?] {
  const at = text.indexOf(separator);
  return at < 0 ? [text] : [text.slice(0, at), text.slice(at + 1)];
}
