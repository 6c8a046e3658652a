import { betterAuth, type BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { admin, emailOTP, genericOAuth, magicLink, twoFactor } from "better-auth/plugins";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import { passkey } from "@better-auth/passkey";
import type { Dialect } from "../../../db/dialect.ts";
import type { Db } from "#app/platform/db.server.ts";
import { isSecureOrigin, type Env } from "#app/platform/env.server.ts";
import { scrubLogText, type Logger } from "#app/platform/log.server.ts";
import {
  addressKey,
  hitLimits,
  limitKey,
  resetLimit,
  tooManyAttemptsMessage,
  type LimitCheck,
} from "#app/platform/rate-limit.server.ts";
import { deriveKey } from "#app/platform/secret.server.ts";
import type { Mailer } from "#app/modules/email/outbox.server.ts";
import {
  accountExistsEmail,
  confirmEmailEmail,
  magicLinkEmail,
  passwordResetEmail,
  signInCodeEmail,
  welcomeEmail,
} from "#app/modules/email/templates.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { isOwner, MEMBER_ROLE, OWNER_ROLE, OWNER_SESSION_HOURS } from "./roles.ts";
import {
  authLimitsFor,
  CODE_ATTEMPTS,
  codeCheckedBy,
  isPublicAuthEndpoint,
  PASSWORD_LIMITS,
  type CodeType,
  type EndpointLimits,
} from "./auth-endpoints.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.server.ts";
import type { DeviceCookies } from "./device-cookie.server.ts";
import { displayName } from "#app/modules/people/display.ts";
import { fullName, withProvidedName } from "./forms.ts";
import { createProfile } from "./profile.server.ts";
import { OFF_SITE_REDIRECT_MESSAGE, offSiteRedirect, PASSWORD_MAX, PASSWORD_MIN } from "./providers.ts";
import {
  providerReturnOrigins,
  standInsOpenOwnAccountsOnly,
  type SocialSignIn,
} from "./social-sign-in.server.ts";

/** The server sets this from the socket (or the trusted proxy's header); a client's own copy is dropped. */
export const CLIENT_IP_HEADER = "x-tidewell-client-ip";

export const MAGIC_LINK_MINUTES = 10;
export const SIGN_IN_CODE_MINUTES = 10;
const RESET_LINK_MINUTES = 60;

/** A new password account's first link: it confirms the address and signs in. */
const CONFIRM_EMAIL_HOURS = 24;

/** How a password is kept and checked. */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/**
 * Better Auth's scrypt (N 16384, r 16): slow on purpose, about a fifth of a
 * second of a core for each password set or checked. The only one the app uses.
 */
export const SCRYPT_PASSWORDS: PasswordHashing = { hash: hashPassword, verify: verifyPassword };

export interface AuthDeps {
  db: Db;
  dialect: Dialect;
  env: Env;
  secret: string;
  mailer: Mailer;
  log: Logger;
  socialSignIn: Pick<SocialSignIn, "keyed" | "standIns">;
  /** Which browsers she signed in on with her password: their guesses have their own allowance. */
  devices: Pick<DeviceCookies, "recognise">;
  /** How the studio's second factor makes and keeps backup codes (its own rules), given the auth secret. */
  backupCodes: (authSecret: string) => BackupCodeOptions;
  passwords: PasswordHashing;
}

type BackupCodeOptions = NonNullable<NonNullable<Parameters<typeof twoFactor>[0]>["backupCodeOptions"]>;

export function createAuth({
  db,
  dialect,
  env,
  secret,
  mailer,
  log,
  socialSignIn,
  devices,
  backupCodes,
  passwords,
}: AuthDeps) {
  const signInUrl = `${env.BASE_URL}/auth?tier=signin`;
  const authSecret = deriveKey(secret, "better-auth").toString("hex");
  return betterAuth({
    appName: BRAND.name,
    baseURL: env.BASE_URL,
    basePath: "/api/auth",
    secret: authSecret,
    database: { db, type: dialect, transaction: true },
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      // Its messages can quote an address ("Sign-up attempt for existing email: …"); ours name no one.
      log: (level, message) => log[level]({ source: "better-auth" }, scrubLogText(message)),
    },
    // A provider's failed return lands on our own sign-in page, which says what went wrong.
    onAPIError: { errorURL: `${env.BASE_URL}/auth` },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // A new account starts with the emailed link, so signing up with an address that has an
      // account answers exactly as a new one does, and that address's owner gets the news.
      requireEmailVerification: true,
      onExistingUserSignUp: async ({ user }) => {
        await mailer.send({
          kind: "account-exists",
          to: user.email,
          ...accountExistsEmail({ name: displayName(user), signInUrl }),
        });
      },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      password: {
        // Every password that is set (sign-up, reset) passes through here.
        hash: async (password) => {
          if (await isCommonPassword(password))
            throw new APIError("BAD_REQUEST", { message: COMMON_PASSWORD_MESSAGE });
          return passwords.hash(password);
        },
        verify: ({ hash, password }) => passwords.verify({ hash, password }),
      },
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          kind: "password-reset",
          to: user.email,
          ...passwordResetEmail({ name: displayName(user), url, minutes: RESET_LINK_MINUTES }),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Signing in with the password before confirming sends a fresh link.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: CONFIRM_EMAIL_HOURS * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send({
          kind: "confirm-email",
          to: user.email,
          ...confirmEmailEmail({ name: displayName(user), url, hours: CONFIRM_EMAIL_HOURS }),
        });
      },
    },
    socialProviders: socialSignIn.keyed,
    account: { accountLinking: { enabled: true, trustedProviders: ["google", "apple"] } },
    user: { validateUserInfo: standInsOpenOwnAccountsOnly(socialSignIn.standIns) },
    trustedOrigins: providerReturnOrigins,
    verification: { storeIdentifier: "hashed" },
    plugins: [
      publicEndpointsOnly(),
      // Roles: every account is a member; an owner is made by `npm run owner:create`, never over HTTP
      // (the admin plugin's endpoints are not public, above; the studio calls them on the server).
      admin({
        defaultRole: MEMBER_ROLE,
        adminRoles: [OWNER_ROLE],
        roles: { [MEMBER_ROLE]: userAc, [OWNER_ROLE]: adminAc },
      }),
      studioSecondFactor(backupCodes(authSecret)),
      // An owner's passkeys: the studio's second factor as an alternative to the authenticator app.
      passkey({
        rpName: `${BRAND.name} Studio`,
        origin: env.BASE_URL,
        authentication: {
          // A second factor is someone present and verified (a fingerprint, a face, a PIN), not a key merely held.
          afterVerification: async ({ verification }) => {
            if (!verification.authenticationInfo.userVerified) {
              throw new APIError("UNAUTHORIZED", { message: "The passkey didn't verify you." });
            }
          },
        },
      }),
      // The demo's stand-ins for providers without keys, served through the same endpoints.
      genericOAuth({ config: socialSignIn.standIns }),
      magicLink({
        expiresIn: MAGIC_LINK_MINUTES * 60,
        storeToken: "hashed",
        sendMagicLink: async ({ email, url }) => {
          await mailer.send({
            kind: "magic-link",
            to: email,
            ...magicLinkEmail({ url, minutes: MAGIC_LINK_MINUTES }),
          });
        },
      }),
      emailOTP({
        expiresIn: SIGN_IN_CODE_MINUTES * 60,
        storeOTP: "hashed",
        allowedAttempts: CODE_ATTEMPTS,
        sendVerificationOTP: async ({ email, otp, type }) => {
          // A new code may be tried afresh.
          await resetLimit(db, codeAttemptsKey(type, email));
          await mailer.send({
            kind: "sign-in-code",
            to: email,
            ...signInCodeEmail({ code: otp, minutes: SIGN_IN_CODE_MINUTES }),
          });
        },
      }),
    ],
    // Our own limits, below, are counted in the database that every instance shares.
    rateLimit: { enabled: false },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        refuseOffSiteRedirects(env.BASE_URL, ctx.query, ctx.body);
        checkProfileFields(ctx.path, ctx.body);
        const limits = authLimitsFor(ctx.path);
        if (limits) {
          const email = typeof ctx.body?.email === "string" ? ctx.body.email : undefined;
          const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? "unknown";
          const device = email ? devices.recognise(ctx.headers?.get("cookie"), email) : null;
          refuseOverLimit(await hitLimits(db, limitChecks(`auth${ctx.path}`, limits, ip, email, device)));
        }
        const code = codeCheckedBy(ctx.path, ctx.body);
        if (code) {
          // Counted before Better Auth looks at the code, in one statement, so guesses sent
          // together are counted one by one; past the allowance the code is gone, right or wrong.
          const attempt = await hitLimits(db, [
            {
              key: codeAttemptsKey(code.type, code.email),
              rule: { limit: CODE_ATTEMPTS, windowSeconds: SIGN_IN_CODE_MINUTES * 60 },
            },
          ]);
          if (!attempt.allowed) {
            await ctx.context.internalAdapter.deleteVerificationByIdentifier(
              `${code.type}-otp-${code.email}`,
            );
            throw new APIError("FORBIDDEN", {
              code: "TOO_MANY_ATTEMPTS",
              message: "Too many attempts",
            });
          }
        }
      }),
    },
    databaseHooks: {
      session: {
        // An owner's session is short: the studio can refund and delete.
        create: { before: async (session) => ({ data: await ownerSessionLimit(db, session) }) },
        update: { before: async (session) => ({ data: await ownerSessionLimit(db, session) }) },
      },
      user: {
        // Every way in (a password, a link, a code, a provider) and every change keeps a name by the
        // sign-up form's rule: a provider's name that breaks it is cleaned, not refused.
        create: {
          before: async (user) => ({ data: withProvidedName(user) }),
          // Runs after the user's transaction commits.
          after: async (user, context) => {
            await createProfile(db, user.id);
            // A password sign-up's first email is the link that confirms the address.
            if (context?.path === "/sign-up/email") return;
            await mailer
              .send({
                kind: "welcome",
                to: user.email,
                ...welcomeEmail({ name: displayName(user), portalUrl: `${env.BASE_URL}/portal` }),
              })
              .catch((error) => log.error({ err: error }, "could not queue the welcome email"));
          },
        },
        update: { before: async (user) => ({ data: withProvidedName(user) }) },
      },
    },
    advanced: {
      // Email that Better Auth sends on the side (a sign-up's link, a reset) is queued in the
      // background: inside a sign-up's transaction it would wait for it, and an answer that
      // waits for email would take longer for an address with an account than without.
      backgroundTasks: { handler: (work) => mailer.track(work) },
      cookiePrefix: "tidewell",
      useSecureCookies: isSecureOrigin(env.BASE_URL),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // Sessions do not keep the member's IP address (our own limits read it per request).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], disableIpTracking: true },
    },
  });
}

/**
 * Only the endpoints in PUBLIC_AUTH_ENDPOINTS answer over HTTP; the pages
 * call the rest on the server. Anything else under /api/auth is a 404.
 */
function publicEndpointsOnly(): BetterAuthPlugin {
  return {
    id: "tidewell-public-endpoints",
    onRequest: async (request) => {
      const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
      if (isPublicAuthEndpoint(request.method, path)) return;
      return { response: Response.json({ error: "Not found" }, { status: 404 }) };
    },
  };
}

/**
 * TOTP with backup codes (Better Auth's two-factor plugin), for the studio
 * alone: an owner completes it on entering the studio, whichever way she
 * signed in. So the plugin's own step inside the password sign-in is left
 * out: it would cover only that one way in, and send an owner's password
 * sign-in to a page the members' sign-in does not have (decision 0024).
 */
function studioSecondFactor(backupCodeOptions: BackupCodeOptions) {
  const plugin = twoFactor({
    issuer: BRAND.name,
    // An owner made by the command may have no password: her session is what she proves.
    allowPasswordless: true,
    // The studio's own codes (no look-alike characters), kept as hashes only; the studio checks them.
    backupCodeOptions,
  });
  return { ...plugin, hooks: {} };
}

/** A session's expiry, cut to OWNER_SESSION_HOURS from now when the account is an owner's. */
async function ownerSessionLimit<T extends { userId?: string; expiresAt?: Date }>(
  db: Db,
  session: T,
): Promise<T> {
  if (!session.userId || !session.expiresAt) return session;
  const user = await db.selectFrom("user").select("role").where("id", "=", session.userId).executeTakeFirst();
  if (!isOwner(user?.role)) return session;
  const limit = new Date(Date.now() + OWNER_SESSION_HOURS * 3_600_000);
  return session.expiresAt > limit ? { ...session, expiresAt: limit } : session;
}

/** The counters a call is held to: per client address, and per email address when it names one. */
export function limitChecks(
  scope: string,
  limits: EndpointLimits,
  ip: string,
  email?: string,
  device?: string | null,
): LimitCheck[] {
  const checks = limits.ip.map((rule) => ({
    key: addressKey(`${scope}:ip:${rule.windowSeconds}`, ip),
    rule,
  }));
  if (email && device && limits.device) {
    checks.push(
      ...limits.device.map((rule) => ({
        key: limitKey(`${scope}:device:${rule.windowSeconds}`, device),
        rule,
      })),
    );
  } else if (email && limits.email) {
    checks.push(
      ...limits.email.map((rule) => ({ key: limitKey(`${scope}:email:${rule.windowSeconds}`, email), rule })),
    );
  }
  return checks;
}

/**
 * The counters a password guess is held to wherever the password is asked for
 * (signing in, confirming a deletion, setting up the studio's authenticator):
 * a thief gets no second set of guesses on another form. `device` is the
 * browser's device id when it carries her device cookie.
 */
export function passwordGuessChecks(ip: string, email: string, device?: string | null): LimitCheck[] {
  return limitChecks("auth/sign-in/email", PASSWORD_LIMITS, ip, email, device);
}

/** Throws Better Auth's 429, with the wait in words and in Retry-After. */
function refuseOverLimit(result: { allowed: boolean; retryAfterSeconds: number }) {
  if (result.allowed) return;
  throw new APIError(
    "TOO_MANY_REQUESTS",
    { code: "TOO_MANY_REQUESTS", message: tooManyAttemptsMessage(result.retryAfterSeconds) },
    { "Retry-After": String(result.retryAfterSeconds) },
  );
}

/** Wherever a step would send the browser next, it is this site: whatever origins Better Auth trusts. */
function refuseOffSiteRedirects(origin: string, ...sources: unknown[]) {
  if (sources.some((fields) => offSiteRedirect(fields, origin))) {
    throw new APIError("BAD_REQUEST", { message: OFF_SITE_REDIRECT_MESSAGE });
  }
}

function codeAttemptsKey(type: CodeType | string, email: string) {
  return limitKey(`code:${type}`, email);
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Better Auth's own sign-up and profile endpoints keep a name as given; the
 * same rules as our forms apply to them. A picture comes only from a sign-in
 * provider.
 */
function checkProfileFields(path: string, body: unknown) {
  if (path !== "/sign-up/email" && path !== "/update-user") return;
  const fields = (body ?? {}) as { name?: unknown; image?: unknown };
  if (path === "/sign-up/email" || fields.name !== undefined) {
    const name = fullName.safeParse(fields.name);
    if (!name.success) throw new APIError("BAD_REQUEST", { message: name.error.issues[0]!.message });
  }
  if (path === "/update-user" && fields.image !== undefined) {
    throw new APIError("BAD_REQUEST", { message: "Your picture comes from your sign-in provider." });
  }
}
