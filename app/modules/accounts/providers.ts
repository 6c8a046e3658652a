/** Sign-in rules and the exact texts the spec gives for them. */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const SOCIAL_PROVIDERS = ["google", "facebook", "apple"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: "Google",
  facebook: "Facebook",
  apple: "Apple",
};

export function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === "string" && (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

export const socialMessages = {
  notAvailable: (p: SocialProvider) =>
    `${PROVIDER_LABELS[p]} login is not available at the moment. Please try another sign-in method.`,
  unavailable: (p: SocialProvider) =>
    `${PROVIDER_LABELS[p]} login is currently unavailable. Please use another sign-in method.`,
  failed: (p: SocialProvider, message?: string) => message || `Failed to sign in with ${PROVIDER_LABELS[p]}`,
  redirecting: (p: SocialProvider) => `Redirecting to ${PROVIDER_LABELS[p]}...`,
};

/**
 * The spec's rule for a provider error: a disabled or misconfigured provider
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
  if (typeof value !== "string") return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\p{Cc}\\]/u.test(value)) return fallback;
  return value;
}
