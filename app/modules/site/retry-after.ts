/** The Retry-After header of an answer over a limit; none for any other. */
export function retryAfterHeaders(seconds: number | undefined): HeadersInit | undefined {
  return seconds ? { "Retry-After": String(seconds) } : undefined;
}

/**
 * A page's headers (its `headers` export) when its form may be refused over a
 * limit: the parent's, and the action's Retry-After, which React Router would
 * otherwise leave out of a page's response (only cookies pass on their own).
 */
export function withRetryAfter({
  actionHeaders,
  parentHeaders,
}: {
  actionHeaders: Headers;
  parentHeaders: Headers;
}): Headers {
  const headers = new Headers(parentHeaders);
  const wait = actionHeaders.get("Retry-After");
  if (wait) headers.set("Retry-After", wait);
  return headers;
}
