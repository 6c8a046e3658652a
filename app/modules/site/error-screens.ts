/**
 * What each error screen says. Titles are fixed wording, kept word for word (docs/glossary.md);
 * the lines under them are ours.
 */
export interface ErrorScreen {
  status: number | null;
  title: string;
  message: string;
  /** 401 offers a Sign In button to /auth. */
  offerSignIn: boolean;
  /** 404 adds links to pages people usually look for. */
  offerHelpfulLinks: boolean;
}

export const NOT_FOUND_LINKS = [
  { label: "The course", to: "/course" },
  { label: "Free downloads", to: "/free-downloads" },
  { label: "About us", to: "/about" },
  { label: "Contact", to: "/contact" },
] as const;

/** `status` is null when the error was not an HTTP response (a crash). */
export function describeError(status: number | null): ErrorScreen {
  const screen = (title: string, message: string, extra: Partial<ErrorScreen> = {}): ErrorScreen => ({
    status,
    title,
    message,
    offerSignIn: false,
    offerHelpfulLinks: false,
    ...extra,
  });
  switch (status) {
    case null:
      return screen(
        "Oops! Something went wrong",
        "Something unexpected happened on this page. Take a breath; nothing you did caused it.",
      );
    case 401:
      return screen("Unauthorized", "Please sign in to see this page.", { offerSignIn: true });
    case 403:
      return screen("Access Denied", "Your account doesn't have access to this page.");
    case 404:
      return screen("Page Not Found", "We couldn't find the page you were looking for.", {
        offerHelpfulLinks: true,
      });
    case 429:
      // Titled "Error 429", as the codes without a title of their own are; the words say what to do.
      return screen(`Error ${status}`, "Too many attempts. Please wait a few minutes and try again.");
    case 500:
      return screen("Server Error", "Something went wrong on our side. Please try again in a moment.");
    default:
      return screen(`Error ${status}`, "Something went wrong with this request. Please try again.");
  }
}

export const TROUBLESHOOTING_TIPS = [
  "Refresh the page, or try again in a minute.",
  "Check that you are connected to the internet.",
  "Open the page in another browser, or with extensions turned off.",
  "If it keeps happening, email us and tell us what you were doing.",
] as const;
