import { firstRevision } from "#app/modules/catalogue/content.server.ts";

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
  "/auth",
];

/**
 * The few fixed versions of a public page that its query picks: the sign-up
 * page's tabs and sign-in modes. Every other parameter (an error, a return
 * from a provider) makes the page particular to its visitor.
 */
export const PUBLIC_PAGE_VERSIONS = {
  "/auth": { tier: ["free", "premium", "signin"], mode: ["password", "magic", "code", "reset"] },
} as const;

/**
 * Every public page: the same for every visitor who isn't signed in. The
 * sitemap lists them for search engines, and the server keeps them rendered.
 */
export function publicPagePaths(): string[] {
  return [
    ...STATIC_PATHS,
    // The studio edits the pieces content/ holds; it adds none, so their pages are these.
    ...firstRevision.articles.map((a) => `/hypno-science/${a.slug}`),
    ...firstRevision.stories.map((s) => `/stories/${s.slug}`),
  ];
}
