import { articles, stories } from "../catalogue/content.server.ts";

/** The public site's pages without a parameter. */
const STATIC_PATHS = [
  "/",
  "/course",
  "/hypno-science",
  "/stories",
  "/free-downloads",
  "/podcast",
  "/about",
  "/contact",
  "/privacy",
  "/terms",
];

/**
 * Every public page: the same for every visitor who isn't signed in. The
 * sitemap lists them for search engines, and the server keeps them rendered.
 */
export function publicPagePaths(): string[] {
  return [
    ...STATIC_PATHS,
    ...articles.map((a) => `/hypno-science/${a.slug}`),
    ...stories.map((s) => `/stories/${s.slug}`),
  ];
}
