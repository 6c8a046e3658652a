/** Sign-in rules and their texts, fixed wording kept word for word (docs/glossary.md). */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const SOCIAL_PROVIDERS = ["google", "facebook", "apple"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: "Google",
  facebook: "Facebook",
  apple: "Apple",
};

export const socialMessages = {
  notAvailable: (p: SocialProvider) =>
    `${PROVIDER_LABELS[p]} login is not available at the moment. Please try another sign-in method.`,
  unavailable: (p: SocialProvider) =>
    `${PROVIDER_LABELS[p]} login is currently unavailable. Please use another sign-in method.`,
  failed: (p: SocialProvider, message?: string) => message || `Failed to sign in with ${PROVIDER_LABELS[p]}`,
  redirecting: (p: SocialProvider) => `Redirecting to ${PROVIDER_LABELS[p]}...`,
};

/**
 * A provider error: a disabled or misconfigured provider
 * reads as "not available"; anything else shows its own message.
 */
export function socialErrorMessage(provider: SocialProvider, message: string | undefined): string {
  if (message && /validation_failed|provider is not enabled|provider not found/i.test(message)) {
    return socialMessages.notAvailable(provider);
  }
  return socialMessages.failed(provider, message);
}

export const authMessages = {
  welcomeBack: "Welcome back!",
  magicLinkSent: "Check your email! We've sent you a magic link to sign in.",
  codeSent: "Check your email! We've sent you a 6-digit code to sign in.",
  resetRequested: "Check your email to reset your password",
  passwordReset: "Your new password is set. Please sign in with it.",
  signedOut: "Signed out successfully",
  signOutFailed: "Sign out failed",
  signedOutElsewhere: "You've been signed out",
  welcomeNew: "Welcome to Tidewell! Your account is ready.",
  confirmationSent: "Check your email! We've sent you a link to confirm your address and start.",
  lockedOutHelp: "You can still sign in now with a link or a code we email you.",
  profileUpdated: "Profile updated successfully",
  profileUpdateFailed: "Failed to update profile",
  streaksHidden: "Streaks hidden. Your practice still counts, quietly.",
  streaksShown: "Streaks are back on your pages.",
  settingFailed: "We couldn't save that setting. Please try again.",
  babyArrived: "Congratulations. Your portal has changed to suit these early days with your baby.",
  babyArrivalUndone: "Undone. Your portal is back as it was before.",
  accountDeleted: "Your account and everything in it have been deleted.",
  authFailed: (detail: string) => `Authentication failed: ${detail}`,
  useAuthOutsideProvider: "useAuth must be used within an AuthProvider",
} as const;

/** The portal pages and how the sign-in prompt names them. */
export function signInPrompt(pathname: string): string {
  const area = pathname.startsWith("/portal/library")
    ? "your library"
    : pathname.startsWith("/portal/program")
      ? "your program"
      : pathname.startsWith("/portal/profile")
        ? "your profile"
        : pathname.startsWith("/portal/resources")
          ? "resources"
          : "your dashboard";
  return `Please sign in to access ${area}`;
}

/** Only a path on this site may follow sign-in: never another origin. */
export function safeRedirectPath(value: unknown, fallback = "/portal"): string {
  return typeof value === "string" && isSitePath(value) ? value : fallback;
}

/**
 * Where signing in takes her: back to the page of the portal or the studio that sent her to sign in
 * (`?next=`) or the gift she came to redeem, or her dashboard. Nowhere else, so a link can't use the sign-in page to send her off.
 */
export function signInDestination(next: unknown): string {
  const path = safeRedirectPath(next, "/portal");
  // A gift's link (/gift/…): she signs in to redeem it, and comes back to it.
  return /^\/(portal|studio)(\/|\?|$)/.test(path) || /^\/gift\/[A-Za-z0-9_-]+$/.test(path) ? path : "/portal";
}

/** "/" and then not another "/", with no control character or "\\" (which browsers read as "/") anywhere. */
function isSitePath(text: string) {
  return text.startsWith("/") && !text.startsWith("//") && !/[\p{Cc}\\]/u.test(text);
}

/** The parameters that say where Better Auth sends the browser after a step (callbackURL, errorCallbackURL, newUserCallbackURL, redirectTo). */
const REDIRECT_PARAMETER = /(callbackurl|redirectto)$/i;

/**
 * The first parameter of a query or a body that would send the browser off this site after a
 * sign-in step, or null. Only a path here or a URL on `origin` is taken, both as given and once
 * decoded (Better Auth decodes some of them again before it redirects), whatever origins it trusts
 * for other reasons.
 */
export function offSiteRedirect(fields: unknown, origin: string): string | null {
  if (!fields || typeof fields !== "object") return null;
  for (const [name, value] of Object.entries(fields)) {
    if (REDIRECT_PARAMETER.test(name) && !leadsHere(value, origin)) return name;
  }
  return null;
}

function leadsHere(value: unknown, origin: string) {
  if (typeof value !== "string") return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return false;
  }
  return [value, decoded].every(
    (text) =>
      isSitePath(text) ||
      (!/[\p{Cc}\\]/u.test(text) && URL.canParse(text) && new URL(text).origin === origin),
  );
}

export const OFF_SITE_REDIRECT_MESSAGE =
  "This link would take you to another website, so it wasn't followed. Please use the link exactly as we sent it.";
