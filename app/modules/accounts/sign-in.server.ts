import type { Auth } from "./auth.server.ts";
import type { SocialProvider } from "./providers.ts";

/**
 * The account actions the pages offer, on top of Better Auth's API. Each
 * returns the cookies to set (a new session, a cleared one, OAuth state) or a
 * message a person can act on.
 */
export type AuthOutcome<T = unknown> =
  | { ok: true; cookies: string[]; data: T }
  | { ok: false; status: number; code: string; message: string; retryAfterSeconds?: number };

/**
 * How a page answers a refused outcome: its status (400 at least) and, over a
 * limit, how long to wait in Retry-After, as the message says it in words.
 */
export function refusal(outcome: { status: number; retryAfterSeconds?: number }): ResponseInit {
  return {
    status: outcome.status >= 400 ? outcome.status : 400,
    headers: outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined,
  };
}

/** The wait a refusal asks for, in seconds, when it says one. */
function retryAfter(headers: HeadersInit | undefined): number | undefined {
  const seconds = Number(new Headers(headers).get("retry-after"));
  return seconds > 0 ? seconds : undefined;
}

/** Better Auth's error codes, in words for the person at the keyboard. */
const FRIENDLY: Record<string, string> = {
  USER_ALREADY_EXISTS: "An account with this email already exists. Please sign in instead.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "An account with this email already exists. Please sign in instead.",
  INVALID_EMAIL_OR_PASSWORD: "Invalid email or password",
  INVALID_OTP: "That code isn't right. Please check it and try again.",
  OTP_EXPIRED: "That code has expired. Please ask for a new one.",
  TOO_MANY_ATTEMPTS: "That code has been tried too many times. Please ask for a new one.",
  INVALID_TOKEN: "This link has expired or was already used. Please ask for a new one.",
  PASSWORD_TOO_SHORT: "Your password needs at least 8 characters",
  PASSWORD_TOO_LONG: "Your password can have at most 128 characters",
  EMAIL_NOT_VERIFIED:
    "Please confirm your email address first: we've sent you a new link. Open it to sign in.",
};

async function run<T>(call: () => Promise<unknown>): Promise<AuthOutcome<T>> {
  let response: Response;
  try {
    response = (await call()) as Response;
  } catch (error) {
    const { status, statusCode, body, headers } = error as {
      status?: number | string;
      statusCode?: number;
      body?: { code?: string; message?: string };
      headers?: HeadersInit;
    };
    const code = body?.code ?? "ERROR";
    return {
      ok: false,
      status: typeof status === "number" ? status : (statusCode ?? 400),
      code,
      message: FRIENDLY[code] ?? body?.message ?? "Something went wrong. Please try again.",
      retryAfterSeconds: retryAfter(headers),
    };
  }
  const body = (await response.json().catch(() => null)) as (T & { code?: string; message?: string }) | null;
  if (!response.ok) {
    const code = body?.code ?? "ERROR";
    return {
      ok: false,
      status: response.status,
      code,
      message: FRIENDLY[code] ?? body?.message ?? "Something went wrong. Please try again.",
      retryAfterSeconds: retryAfter(response.headers),
    };
  }
  return { ok: true, cookies: response.headers.getSetCookie(), data: body as T };
}

/**
 * Answers that depend on whether an address has an account (a new account or
 * a note to the owner, an email sent or not) take at least this long, so
 * their timing tells no more than their words. Above the slowest path on a
 * busy 2-core machine (see docs/performance.md, the sign-up figure).
 */
const ADDRESS_BLIND_ANSWER_MS = 400;

async function addressBlind<T>(answer: Promise<T>): Promise<T> {
  const [result] = await Promise.all([
    answer,
    new Promise((resolve) => setTimeout(resolve, ADDRESS_BLIND_ANSWER_MS)),
  ]);
  return result;
}

/**
 * Starts a password account: the answer is the same whether or not the
 * address has one, and the emailed link (to `callbackURL`) finishes it.
 */
export function signUpWithPassword(
  auth: Auth,
  headers: Headers,
  input: { name: string; email: string; password: string; callbackURL: string },
) {
  // Without the account Better Auth describes: a stand-in for an address that has one differs from a new
  // account in fields the plugins add (an owner's role, say), and the answer must not tell them apart.
  return addressBlind(
    run(() => auth.api.signUpEmail({ body: input, headers, asResponse: true })).then((outcome) =>
      outcome.ok ? { ok: true as const, cookies: outcome.cookies, data: null } : outcome,
    ),
  );
}

/** Sends the link that confirms a new account again; it says the same for every address. */
export function resendConfirmation(
  auth: Auth,
  headers: Headers,
  input: { email: string; callbackURL: string },
) {
  return addressBlind(run(() => auth.api.sendVerificationEmail({ body: input, headers, asResponse: true })));
}

export function signInWithPassword(auth: Auth, headers: Headers, input: { email: string; password: string }) {
  return run(() => auth.api.signInEmail({ body: input, headers, asResponse: true }));
}

/** Emails a sign-in link; `callbackURL` is where it signs her in to (her dashboard unless said). */
export function sendMagicLink(auth: Auth, headers: Headers, email: string, callbackURL = "/portal") {
  return addressBlind(
    run(() =>
      auth.api.signInMagicLink({
        body: {
          email,
          callbackURL,
          newUserCallbackURL: "/portal",
          errorCallbackURL: "/auth?mode=magic",
        },
        headers,
        asResponse: true,
      }),
    ),
  );
}

export function sendSignInCode(auth: Auth, headers: Headers, email: string) {
  return addressBlind(
    run(() => auth.api.sendVerificationOTP({ body: { email, type: "sign-in" }, headers, asResponse: true })),
  );
}

export function signInWithCode(auth: Auth, headers: Headers, input: { email: string; code: string }) {
  return run(() =>
    auth.api.signInEmailOTP({ body: { email: input.email, otp: input.code }, headers, asResponse: true }),
  );
}

export function requestPasswordReset(auth: Auth, headers: Headers, email: string) {
  return addressBlind(
    run(() =>
      auth.api.requestPasswordReset({
        body: { email, redirectTo: "/auth/reset-password" },
        headers,
        asResponse: true,
      }),
    ),
  );
}

export function resetPassword(auth: Auth, headers: Headers, input: { token: string; password: string }) {
  return run(() =>
    auth.api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers,
      asResponse: true,
    }),
  );
}

/** Starts an OAuth sign-in; on success `data.url` is the provider's page. */
export function startSocialSignIn(
  auth: Auth,
  headers: Headers,
  provider: SocialProvider,
  callbackURL: string,
) {
  return run<{ url: string }>(() =>
    auth.api.signInSocial({
      body: {
        provider,
        callbackURL,
        newUserCallbackURL: callbackURL,
        errorCallbackURL: "/auth",
        disableRedirect: true,
      },
      headers,
      asResponse: true,
    }),
  );
}

export function signOut(auth: Auth, headers: Headers) {
  return run(() => auth.api.signOut({ headers, asResponse: true }));
}
