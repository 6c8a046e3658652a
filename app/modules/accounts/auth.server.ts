import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { emailOTP, magicLink } from "better-auth/plugins";
import type { Dialect } from "../../../db/dialect.ts";
import type { Db } from "~/platform/db.server.ts";
import { isSecureOrigin, type Env } from "~/platform/env.server.ts";
import { scrubLogText, type Logger } from "~/platform/log.server.ts";
import { hitLimit, limitKey, tooManyAttemptsMessage, type LimitRule } from "~/platform/rate-limit.server.ts";
import { deriveKey } from "~/platform/secret.server.ts";
import type { Mailer } from "../email/outbox.server.ts";
import { magicLinkEmail, passwordResetEmail, signInCodeEmail, welcomeEmail } from "../email/templates.ts";
import { BRAND } from "../site/brand.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.server.ts";
import { displayName } from "./display.ts";
import { fullName } from "./forms.ts";
import { createProfile } from "./profile.server.ts";
import { PASSWORD_MAX, PASSWORD_MIN, type SocialProvider } from "./providers.ts";

/** The server sets this from the socket (or the trusted proxy's header); a client's own copy is dropped. */
export const CLIENT_IP_HEADER = "x-tidewell-client-ip";

export const MAGIC_LINK_MINUTES = 10;
export const SIGN_IN_CODE_MINUTES = 10;
export const RESET_LINK_MINUTES = 60;

/**
 * Abuse limits per Better Auth path, counted per client IP and per email
 * address in the database (so every instance shares them).
 */
export const AUTH_LIMITS: Record<string, { ip?: LimitRule; email?: LimitRule }> = {
  "/sign-in/email": { ip: { limit: 30, windowSeconds: 900 }, email: { limit: 8, windowSeconds: 900 } },
  "/sign-up/email": { ip: { limit: 10, windowSeconds: 3600 }, email: { limit: 5, windowSeconds: 3600 } },
  "/sign-in/magic-link": { ip: { limit: 10, windowSeconds: 900 }, email: { limit: 3, windowSeconds: 900 } },
  "/email-otp/send-verification-otp": {
    ip: { limit: 10, windowSeconds: 900 },
    email: { limit: 3, windowSeconds: 900 },
  },
  "/sign-in/email-otp": { ip: { limit: 30, windowSeconds: 900 }, email: { limit: 6, windowSeconds: 900 } },
  "/request-password-reset": {
    ip: { limit: 10, windowSeconds: 3600 },
    email: { limit: 3, windowSeconds: 3600 },
  },
  "/reset-password": { ip: { limit: 10, windowSeconds: 3600 } },
};

export interface AuthDeps {
  db: Db;
  dialect: Dialect;
  env: Env;
  secret: string;
  mailer: Mailer;
  log: Logger;
}

export function createAuth({ db, dialect, env, secret, mailer, log }: AuthDeps) {
  return betterAuth({
    appName: BRAND.name,
    baseURL: env.BASE_URL,
    basePath: "/api/auth",
    secret: deriveKey(secret, "better-auth").toString("hex"),
    database: { db, type: dialect, transaction: true },
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      // Its messages can quote an address ("Sign-up attempt for existing email: …"); ours name no one.
      log: (level, message) => log[level]({ source: "better-auth" }, scrubLogText(message)),
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      password: {
        // Every password that is set (sign-up, reset) passes through here.
        hash: async (password) => {
          if (isCommonPassword(password))
            throw new APIError("BAD_REQUEST", { message: COMMON_PASSWORD_MESSAGE });
          return hashPassword(password);
        },
        verify: ({ hash, password }) => verifyPassword({ hash, password }),
      },
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          kind: "password-reset",
          to: user.email,
          ...passwordResetEmail({ name: displayName(user), url, minutes: RESET_LINK_MINUTES }),
        });
      },
    },
    socialProviders: socialProviderConfig(env),
    account: { accountLinking: { enabled: true, trustedProviders: ["google", "apple"] } },
    trustedOrigins: ["https://appleid.apple.com"],
    verification: { storeIdentifier: "hashed" },
    plugins: [
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
        allowedAttempts: 3,
        sendVerificationOTP: async ({ email, otp }) => {
          await mailer.send({
            kind: "sign-in-code",
            to: email,
            ...signInCodeEmail({ code: otp, minutes: SIGN_IN_CODE_MINUTES }),
          });
        },
      }),
    ],
    rateLimit: { enabled: false },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        checkProfileFields(ctx.path, ctx.body);
        const limits = AUTH_LIMITS[ctx.path];
        if (!limits) return;
        const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? "unknown";
        const email = typeof ctx.body?.email === "string" ? ctx.body.email.trim().toLowerCase() : undefined;
        const checks: [string, LimitRule][] = [];
        if (limits.ip) checks.push([limitKey(`auth${ctx.path}:ip`, ip), limits.ip]);
        if (limits.email && email) checks.push([limitKey(`auth${ctx.path}:email`, email), limits.email]);
        for (const [key, rule] of checks) {
          const result = await hitLimit(db, key, rule);
          if (!result.allowed) {
            throw new APIError(
              "TOO_MANY_REQUESTS",
              { message: tooManyAttemptsMessage(result.retryAfterSeconds) },
              { "Retry-After": String(result.retryAfterSeconds) },
            );
          }
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Runs after the user's transaction commits.
          after: async (user) => {
            await createProfile(db, user.id);
            await mailer
              .send({
                kind: "welcome",
                to: user.email,
                ...welcomeEmail({ name: displayName(user), portalUrl: `${env.BASE_URL}/portal` }),
              })
              .catch((error) => log.error({ err: error }, "could not queue the welcome email"));
          },
        },
      },
    },
    advanced: {
      cookiePrefix: "tidewell",
      useSecureCookies: isSecureOrigin(env.BASE_URL),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // Sessions do not keep the member's IP address (our own limits read it per request).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], disableIpTracking: true },
    },
  });
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

/** Each provider is offered only when its credentials are configured. */
export function configuredProviders(env: Env): SocialProvider[] {
  const all: [SocialProvider, string | undefined][] = [
    ["google", env.GOOGLE_CLIENT_ID],
    ["facebook", env.FACEBOOK_CLIENT_ID],
    ["apple", env.APPLE_CLIENT_ID],
  ];
  return all.filter(([, id]) => Boolean(id)).map(([provider]) => provider);
}

function socialProviderConfig(env: Env) {
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
