import path from "node:path";
import { z } from "zod";
import { isVapidSubject, vapidKeysProblem } from "#app/modules/reminders/vapid.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { DEMO_SELLER } from "#app/modules/payments/invoice.ts";

/**
 * Every setting the app reads from the environment, validated once at start.
 * Nothing is required for a local run; a bad value stops the app with a
 * message that names the variable.
 */

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

function urlWithProtocols(protocols: string[], example: string) {
  return optionalText.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL such as ${example}` },
  );
}

const emailAddress = z.email({ message: "must be an email address" });

const schema = z
  .object({
    // "production" declares a deployment: no demo features, and BASE_URL and APP_SECRET required.
    NODE_ENV: z
      .enum(["development", "production", "test"], {
        message: "must be development, production or test",
      })
      .optional(),
    // Loopback unless set: a local run is reachable from this machine only.
    HOST: z
      .string()
      .trim()
      .default("127.0.0.1")
      .refine((value) => value !== "" && !/\s/.test(value), { message: "must be an address to listen on" }),
    PORT: z
      .string()
      .trim()
      .default("3000")
      .refine((value) => /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535, {
        message: "must be a whole number from 1 to 65535",
      })
      .transform(Number),
    BASE_URL: urlWithProtocols(["http:", "https:"], "https://example.com"),
    DATA_DIR: z.string().trim().default("./data"),
    DATABASE_URL: urlWithProtocols(["postgres:", "postgresql:"], "postgres://user:password@host:5432/dbname"),
    APP_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, {
      message: "must be at least 32 characters long (or unset, to generate one in DATA_DIR)",
    }),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        message: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
    // Never "true": Express would then believe the left-most X-Forwarded-For, which the client writes.
    TRUST_PROXY: z
      .string()
      .trim()
      .default("false")
      .refine((value) => value === "false" || /^\d{1,2}$/.test(value) || isAddressList(value), {
        message:
          "must be false, the number of proxies in front of the app (such as 1), or their addresses (such as 10.0.0.2,10.0.0.3 or 10.0.0.0/24)",
      })
      .transform((value): false | number | string[] =>
        value === "false"
          ? false
          : /^\d+$/.test(value)
            ? Number(value)
            : value.split(",").map((a) => a.trim()),
      ),
    SUPPORT_EMAIL: emailAddress.default(BRAND.defaultSupportEmail),
    MAIL_FROM: z.string().trim().min(3).default(`${BRAND.name} <${BRAND.defaultSupportEmail}>`),
    OWNER_EMAIL: emailAddress.optional(),
    SMTP_URL: urlWithProtocols(["smtp:", "smtps:"], "smtps://user:password@smtp.example.com:465"),
    COURSE_PRICE_MINOR: z
      .string()
      .trim()
      .default("2700")
      .refine((value) => /^\d{1,7}$/.test(value) && Number(value) >= 50, {
        message: "must be a whole number of minor units (cents), at least 50",
      })
      .transform(Number),
    COURSE_CURRENCY: z
      .string()
      .trim()
      .default("EUR")
      .refine((value) => /^[A-Za-z]{3}$/.test(value), {
        message: "must be a three-letter currency code such as EUR",
      })
      .transform((value) => value.toUpperCase()),
    // The seller on every invoice; registered for VAT ("yes") means prices include VAT by the buyer's country.
    SELLER_NAME: z
      .string()
      .trim()
      .min(1, { message: "must not be empty" })
      .max(120)
      .default(DEMO_SELLER.name),
    SELLER_ADDRESS: z
      .string()
      .trim()
      .min(1, { message: "must not be empty" })
      .max(200)
      .default(DEMO_SELLER.address),
    SELLER_COUNTRY: z
      .string()
      .trim()
      .default(DEMO_SELLER.country)
      .refine((value) => /^[A-Za-z]{2}$/.test(value), {
        message: "must be a two-letter country code such as IE",
      })
      .transform((value) => value.toUpperCase()),
    SELLER_VAT_REGISTERED: z
      .enum(["yes", "no"], { message: "must be yes or no" })
      .default("no")
      .transform((value) => value === "yes"),
    SELLER_VAT_NUMBER: optionalText,
    // Launches the Partner Course in the library and menus; off keeps it "Coming Soon".
    PARTNER_COURSE: z
      .enum(["on", "off"], { message: "must be on or off" })
      .default("off")
      .transform((value) => value === "on"),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    PAYPAL_CLIENT_ID: optionalText,
    PAYPAL_CLIENT_SECRET: optionalText,
    PAYPAL_ENV: z.enum(["sandbox", "live"], { message: "must be sandbox or live" }).default("sandbox"),
    PAYPAL_WEBHOOK_ID: optionalText,
    MEDIA_SIGNING_KEYS: optionalText.refine(
      (value) =>
        value === undefined ||
        value.split(",").every((entry) => /^[A-Za-z0-9_-]{1,16}:.{32,}$/.test(entry.trim())),
      { message: "must be a comma-separated list of id:secret pairs, each secret at least 32 characters" },
    ),
    // The largest recording or guide the owner may upload in the studio, in megabytes.
    MEDIA_UPLOAD_MAX_MB: z
      .string()
      .trim()
      .default("200")
      .refine((value) => /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 10_000, {
        message: "must be a whole number of megabytes from 1 to 10000",
      })
      .transform(Number),
    // Testing only: a file with the time the server should believe it is (loopback BASE_URL only).
    TEST_CLOCK_FILE: optionalText,
    // Testing only: another host speaking Stripe's or PayPal's API, such as a local fake that
    // fails on purpose (loopback BASE_URL only, so live keys never go anywhere but the providers).
    STRIPE_API_BASE: urlWithProtocols(["http:", "https:"], "http://127.0.0.1:12111"),
    PAYPAL_API_BASE: urlWithProtocols(["http:", "https:"], "http://127.0.0.1:12112"),
    // Testing only: a local push service on this machine, the one place besides the browsers' push
    // services a device's subscription may point to (loopback BASE_URL only).
    LOCAL_PUSH_SERVICE: urlWithProtocols(["http:", "https:"], "http://127.0.0.1:12113").refine(
      (value) => value === undefined || isLoopbackHost(new URL(value).hostname),
      { message: "must be a URL on this machine, such as http://127.0.0.1:12113" },
    ),
    S3_ENDPOINT: urlWithProtocols(["http:", "https:"], "https://s3.eu-west-1.amazonaws.com"),
    S3_REGION: optionalText,
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    FACEBOOK_CLIENT_ID: optionalText,
    FACEBOOK_CLIENT_SECRET: optionalText,
    APPLE_CLIENT_ID: optionalText,
    APPLE_CLIENT_SECRET: optionalText,
    // Web Push's key pair (both or neither; unset: generated in DATA_DIR), and the owner's contact for push services.
    VAPID_PUBLIC_KEY: optionalText.refine(
      (value) => value === undefined || /^[A-Za-z0-9_-]{87}$/.test(value),
      {
        message:
          "must be a VAPID public key: 87 characters of URL-safe base64 (npx web-push generate-vapid-keys)",
      },
    ),
    VAPID_PRIVATE_KEY: optionalText.refine(
      (value) => value === undefined || /^[A-Za-z0-9_-]{43}$/.test(value),
      {
        message:
          "must be a VAPID private key: 43 characters of URL-safe base64 (npx web-push generate-vapid-keys)",
      },
    ),
    VAPID_SUBJECT: optionalText.refine((value) => value === undefined || isVapidSubject(value), {
      message: "must be a mailto: address or an https URL, such as mailto:owner@tidewell.example",
    }),
  })
  .superRefine((env, ctx) => {
    // Settings that only work together: name the one that is missing.
    const groups: string[][] = [
      ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"],
      // Without its webhook id, PayPal refunds could not be verified, so they would never end premium.
      ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "PAYPAL_WEBHOOK_ID"],
      ["S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"],
      ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
      ["FACEBOOK_CLIENT_ID", "FACEBOOK_CLIENT_SECRET"],
      ["APPLE_CLIENT_ID", "APPLE_CLIENT_SECRET"],
      // A device subscribes with the public key; pushes are signed with the private one.
      ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"],
    ];
    const values = env as Record<string, unknown>;
    for (const group of groups) {
      const set = group.filter((name) => values[name] !== undefined);
      if (set.length === 0 || set.length === group.length) continue;
      for (const name of group.filter((n) => values[n] === undefined)) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `must be set when ${set.join(" and ")} ${set.length > 1 ? "are" : "is"} set`,
        });
      }
    }
    if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
      const problem = vapidKeysProblem(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY);
      if (problem)
        ctx.addIssue({
          code: "custom",
          path: ["VAPID_PUBLIC_KEY"],
          message: `and VAPID_PRIVATE_KEY must be a key pair made together: ${problem}`,
        });
    }
    if (env.SELLER_VAT_REGISTERED && !env.SELLER_VAT_NUMBER)
      ctx.addIssue({
        code: "custom",
        path: ["SELLER_VAT_NUMBER"],
        message: "must be set when SELLER_VAT_REGISTERED is yes: invoices print it",
      });
  });

export type Env = Omit<z.output<typeof schema>, "BASE_URL" | "DATA_DIR" | "OWNER_EMAIL"> & {
  /** The public origin, without a trailing slash. */
  BASE_URL: string;
  /**
   * Demo conveniences (the local outbox page, the demo checkout, the test
   * clock and provider stand-ins) are on: a local run, listening on a
   * loopback address only, with a loopback BASE_URL, not declared production.
   */
  demo: boolean;
  /** Why demo conveniences are off, for the log; null when they are on. */
  demoOffBecause: string | null;
  /** Absolute path of the data directory. */
  DATA_DIR: string;
  /** Where contact-form messages go. */
  OWNER_EMAIL: string;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const got = source[name];
      const shown = got === undefined ? "" : ` (got "${isSecretName(name) ? "…" : got}")`;
      return `  ${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const deployment = env.NODE_ENV === "production";
  // A deployment says where it is and signs with a secret it keeps, never ones made up on the spot.
  const missing = deployment ? (["BASE_URL", "APP_SECRET"] as const).filter((name) => !env[name]) : [];
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing
        .map((name) =>
          name === "BASE_URL"
            ? "  BASE_URL must be set with NODE_ENV=production: the public https origin, such as https://tidewell.example"
            : "  APP_SECRET must be set with NODE_ENV=production: 32 or more random characters (openssl rand -hex 32), the same on every instance",
        )
        .join("\n")}`,
    );
  }
  const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  // Instances sharing a database must sign cookies and links alike; a secret
  // generated in each one's own data directory would sign them differently.
  if (env.DATABASE_URL && !env.APP_SECRET && !isLoopbackOrigin(baseUrl)) {
    throw new ConfigError(
      "Invalid configuration:\n  APP_SECRET must be set when DATABASE_URL is set, with the same value on every instance",
    );
  }
  const demoOffBecause = deployment
    ? "NODE_ENV is production"
    : !isLoopbackHost(env.HOST)
      ? `the server listens on ${env.HOST}, not only on this machine`
      : !isLoopbackOrigin(baseUrl)
        ? "BASE_URL is not a local address"
        : null;
  return {
    ...env,
    demo: demoOffBecause === null,
    demoOffBecause,
    BASE_URL: baseUrl,
    DATA_DIR: path.resolve(env.DATA_DIR),
    OWNER_EMAIL: env.OWNER_EMAIL ?? env.SUPPORT_EMAIL,
  };
}

function isSecretName(name: string) {
  return /SECRET|KEY|PASSWORD|DATABASE_URL|SMTP_URL/.test(name);
}

/** True when the app is served from this machine only (a local run). */
export function isLoopbackOrigin(baseUrl: string): boolean {
  const host = new URL(baseUrl).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]" || host === "::1";
}

/** True for an address only this machine can reach: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "");
  return bare === "localhost" || bare === "::1" || /^127(\.\d{1,3}){3}$/.test(bare);
}

/** Addresses or CIDR ranges, comma-separated, as Express's "trust proxy" takes them. */
function isAddressList(value: string): boolean {
  const ipv4 = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;
  const ipv6 = /^[0-9a-f:]+(\/\d{1,3})?$/i;
  return value
    .split(",")
    .map((entry) => entry.trim())
    .every((entry) => ipv4.test(entry) || (entry.includes(":") && ipv6.test(entry)) || entry === "loopback");
}

/** Cookies are Secure and HSTS is sent only when the public origin is https. */
export function isSecureOrigin(baseUrl: string): boolean {
  return new URL(baseUrl).protocol === "https:";
}
