/**
 * Headers for a page whose address is its secret (a partner's view, an
 * invitation): never indexed, never cached by anyone but her browser, and
 * never sent on as a Referer when a link on it is followed.
 */
export const PRIVATE_PAGE_HEADERS = {
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "private, no-store",
} as const;
