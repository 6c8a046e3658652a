/**
 * A form sent only to be shown back as the site would show it (the studio's preview, drawn as she
 * types): it changes nothing on the server. Pure, and small: the root route reads it.
 */
export const PREVIEW_INTENT = "preview";

/**
 * Whether a page's data is read again after a form was sent: not for a preview, which changes
 * nothing, unless she is on her way elsewhere meanwhile (a revision's link, clicked while a preview
 * was drawn): the page she goes to is read then, or she would see its address over this page's text.
 * Nor the root's, whose read takes the message a save left for the page: a preview's read, cut short
 * by her Save or Publish, lost it.
 */
export function readsAgainAfter(sent: { intent: unknown; from: URL; to: URL }): boolean {
  return sent.intent !== PREVIEW_INTENT || sent.from.href !== sent.to.href;
}

/** A route's `shouldRevalidate`: React Router's own answer, but not after a preview (`readsAgainAfter`). */
export const notAfterPreview = ({
  formData,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: {
  formData?: FormData;
  currentUrl: URL;
  nextUrl: URL;
  defaultShouldRevalidate: boolean;
}): boolean =>
  formData && !readsAgainAfter({ intent: formData.get("intent"), from: currentUrl, to: nextUrl })
    ? false
    : defaultShouldRevalidate;
