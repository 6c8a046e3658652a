import type { ValidateUserInfoSource } from "better-auth";
import type { GenericOAuthConfig } from "better-auth/plugins";
// Types only: the stand-in itself is loaded at run time, for a demo run (loadDevFake).
import type * as OAuthFake from "../../../dev/fakes/oauth.ts";
import { loadDevFake } from "#app/platform/dev-fakes.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import type { Logger } from "#app/platform/log.server.ts";
import { SOCIAL_PROVIDERS, type SocialProvider } from "./providers.ts";

/**
 * Google, Facebook and Apple sign-in, decided once at start:
 * - a provider whose keys are configured talks to the provider itself;
 * - on a demo run (env.demo), each one without keys goes to a local stand-in
 *   (dev/fakes/oauth.ts) through the same Better Auth endpoints and callback;
 * - on a deployment, a provider without keys is not offered at all.
 */
export interface SocialSignIn {
  /** What /auth offers and accepts, in the page's order. */
  providers: SocialProvider[];
  /** Where a sign-in form's answer may send the browser (the CSP's form-action). */
  origins: string[];
  /** Better Auth's settings for the providers with keys. */
  keyed: ReturnType<typeof keyedProviderSettings>;
  /** Better Auth's settings for the demo's stand-ins. */
  standIns: GenericOAuthConfig[];
  close(): Promise<void>;
}

/** Where each provider's own sign-in page lives. */
const PROVIDER_ORIGINS: Record<SocialProvider, string> = {
  google: "https://accounts.google.com",
  facebook: "https://www.facebook.com",
  apple: "https://appleid.apple.com",
};

/**
 * The origins Better Auth trusts besides this site's own, for one request: Apple's for its
 * answer, which it posts back from its own page (a form post to our callback), and none for
 * anything else, so no redirect after a sign-in step can lead to a provider's site.
 */
export function providerReturnOrigins(request?: Request): string[] {
  if (request?.method !== "POST") return [];
  return new URL(request.url).pathname === "/api/auth/callback/apple" ? [PROVIDER_ORIGINS.apple] : [];
}

/** What a sign-in through a demo stand-in with the address of an account it did not make is told. */
export const STAND_IN_CANNOT_LINK =
  "An account with this email already exists, and this demo's stand-in can't sign in to it. Please sign in with its password, or with a link or a code we email you.";

/**
 * Better Auth's check on each identity a provider brings: a demo stand-in vouches for no one (any
 * address will do on its page), so it signs in only the accounts it made itself, and never joins
 * itself to an account that exists (a password's, a link's, another provider's).
 */
export function standInsOpenOwnAccountsOnly(standIns: readonly GenericOAuthConfig[]) {
  const ids = new Set(standIns.map((standIn) => standIn.providerId));
  return ({ source }: { source: ValidateUserInfoSource }) => {
    if (source.action === "link-account" && ids.has(source.oauth?.providerId ?? "")) {
      return { error: "account_exists", errorDescription: STAND_IN_CANNOT_LINK };
    }
  };
}

export function configuredProviders(env: Env): SocialProvider[] {
  const keys = keyedProviderSettings(env);
  return SOCIAL_PROVIDERS.filter((provider) => keys[provider] !== undefined);
}

export async function setUpSocialSignIn(env: Env, log: Logger): Promise<SocialSignIn> {
  const keyed = configuredProviders(env);
  const missing = SOCIAL_PROVIDERS.filter((provider) => !keyed.includes(provider));
  const fake = env.demo && missing.length > 0 ? await loadDevFake<typeof OAuthFake>("oauth.ts") : null;
  const standIn = fake
    ? await fake.startFakeOAuth({
        providers: missing,
        redirectUriFor: (provider) => `${env.BASE_URL}/api/auth/callback/${provider}`,
      })
    : null;
  if (standIn) {
    log.info("demo sign-in: providers without keys go to a local stand-in; no account anywhere is used");
  }
  const standInProviders = standIn ? missing : [];
  return {
    providers: SOCIAL_PROVIDERS.filter((p) => keyed.includes(p) || standInProviders.includes(p)),
    origins: [...keyed.map((provider) => PROVIDER_ORIGINS[provider]), ...(standIn ? [standIn.url] : [])],
    keyed: keyedProviderSettings(env),
    standIns: (standIn?.clients ?? []).map((client) => ({
      providerId: client.provider,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      authorizationUrl: client.authorizationUrl,
      tokenUrl: client.tokenUrl,
      userInfoUrl: client.userInfoUrl,
      scopes: ["email", "profile"],
      pkce: true,
    })),
    close: async () => standIn?.close(),
  };
}

function keyedProviderSettings(env: Env) {
  return {
    ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          google: {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            accessType: "offline" as const,
            prompt: "consent" as const,
          },
        }
      : {}),
    ...(env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET
      ? { facebook: { clientId: env.FACEBOOK_CLIENT_ID, clientSecret: env.FACEBOOK_CLIENT_SECRET } }
      : {}),
    ...(env.APPLE_CLIENT_ID && env.APPLE_CLIENT_SECRET
      ? { apple: { clientId: env.APPLE_CLIENT_ID, clientSecret: env.APPLE_CLIENT_SECRET } }
      : {}),
  };
}
