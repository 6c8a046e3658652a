import type { Request as ExpressRequest, RequestHandler } from "express";
import { ASK_BETTER_AUTH, type SessionReader } from "#app/modules/accounts/session.server.ts";
import { sendPage, shareablePage, type CachedPage } from "./page-cache.ts";

/**
 * A member's portal pages, rendered once and served again until something
 * they show changes. A page depends on the member, its path, the member's
 * calendar day (the programme and streaks count from it) and their data:
 * the database moves the member's data version on every change to it
 * (migration 0006), so a page is kept under that version and the day, and
 * any change means a fresh render. So does a publish from the studio: the
 * content version is part of the stamp too. Each response still gets its own CSP
 * nonce, spliced into the kept page as for public pages.
 *
 * Only a plain page view is kept: GET or HEAD, no query string, no flash
 * message, a session the quick read knows, on a device that holds her things. Everything else, and any page
 * whose render is not a plain 200 page without cookies, goes to the app.
 */
export interface MemberPageCacheOptions {
  /** The paths this cache looks after: those under this prefix. */
  under: string;
  sessions: SessionReader;
  /** The member's calendar day in their time zone. */
  today: (timeZone: string) => string;
  /** Renders the page this request asks for, as its member sees it, with NONCE_PLACEHOLDER as its nonce. */
  render: (req: ExpressRequest) => Promise<Response>;
  /** What is done to a page's HTML before it is kept (how its app starts). */
  prepare?: (html: string) => string;
  /** Cookies that make a page a one-off (a flash message). */
  oneOffCookies: RegExp;
  /**
   * Whether the browser's device keeps this member's things (its holder cookie names her). Any other
   * request goes to the app, which tells the browser to clear the device first.
   */
  deviceHolds: (cookieHeader: string | undefined, memberId: string) => Promise<boolean>;
  /** At most this many pages are kept; the least recently served go first. */
  maxPages: number;
  /** How long a page is kept at most, for what no version tracks (audio durations read from files). */
  ttlMs: number;
  /** The version of what the owner has published (known to within a second): part of every kept page's stamp. */
  contentVersion?: () => Promise<number>;
  now?: () => number;
}

/** A member's page as rendered for one day and data version (null: the app answers it). */
interface Entry {
  stamp: string;
  page: CachedPage | null;
  expiresAt: number;
}

export function memberPageCache(options: MemberPageCacheOptions): RequestHandler {
  const now = options.now ?? Date.now;
  // One entry per member and page: a new day or version replaces the old one.
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry>>();

  function keep(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > options.maxPages) entries.delete(entries.keys().next().value as string);
  }

  async function entryFor(key: string, stamp: string, req: ExpressRequest): Promise<Entry> {
    const cached = entries.get(key);
    if (cached && cached.stamp === stamp && cached.expiresAt > now()) {
      keep(key, cached);
      return cached;
    }
    // One render per member's page and version at a time, however many tabs ask at once.
    const renderKey = `${key}\n${stamp}`;
    let pending = rendering.get(renderKey);
    if (!pending) {
      pending = (async () => {
        const entry = {
          stamp,
          page: await shareablePage(await options.render(req), options.prepare),
          expiresAt: now() + options.ttlMs,
        };
        keep(key, entry);
        return entry;
      })().finally(() => rendering.delete(renderKey));
      rendering.set(renderKey, pending);
    }
    return pending;
  }

  return async (req, res, next) => {
    if (!isPlainPageView(req, options)) return next();
    try {
      const session = await options.sessions.read(req.headers.cookie);
      if (session === null || session === ASK_BETTER_AUTH) return next();
      const { member, version } = session;
      if (!(await options.deviceHolds(req.headers.cookie, member.id))) return next();
      const key = `${member.id}\n${req.path}`;
      const content = options.contentVersion ? await options.contentVersion() : 0;
      const stamp = `${options.today(member.timeZone)}\n${version}\n${content}`;
      const { page } = await entryFor(key, stamp, req);
      if (!page) return next();
      sendPage(req, res, page);
    } catch (error) {
      next(error);
    }
  };
}

function isPlainPageView(req: ExpressRequest, options: MemberPageCacheOptions) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.originalUrl !== req.path) return false;
  if (req.path !== options.under && !req.path.startsWith(`${options.under}/`)) return false;
  // A file download (a name with an extension) is not a page.
  if (/\.[\w]+$/.test(req.path)) return false;
  return !options.oneOffCookies.test(req.headers.cookie ?? "");
}
