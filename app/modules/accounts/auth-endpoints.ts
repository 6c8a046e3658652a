/**
 * Which of Better Auth's endpoints a browser may reach, and the limits every
 * call to Better Auth is held to. Our own pages call the others on the server
 * (sign-in.server.ts), so they never need to be reachable over HTTP: an
 * endpoint a plugin adds later stays closed until it is listed here.
 */

interface Rule {
  /** How many calls the window allows. */
  limit: number;
  windowSeconds: number;
}

/**
 * Counted per client address, and per email address when the call names one;
 * a call from a browser she signed in on before (its device cookie, see
 * device-cookie.server.ts) is counted per that browser instead of per email.
 */
export interface EndpointLimits {
  ip: Rule[];
  email?: Rule[];
  device?: Rule[];
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What answers under /api/auth: the links in our emails and the sign-in providers' returns. */
export const PUBLIC_AUTH_ENDPOINTS: readonly { method: "GET" | "POST"; path: string }[] = [
  { method: "GET", path: "/magic-link/verify" },
  { method: "GET", path: "/verify-email" },
  { method: "GET", path: "/reset-password/:token" },
  { method: "GET", path: "/callback/:id" },
  // Apple comes back with a form post.
  { method: "POST", path: "/callback/:id" },
];

/** True when `method path` (the path below /api/auth) is one of the public endpoints. */
export function isPublicAuthEndpoint(method: string, path: string): boolean {
  return PUBLIC_AUTH_ENDPOINTS.some(
    (endpoint) => endpoint.method === method && patternOf(endpoint.path).test(path),
  );
}

function patternOf(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+");
  return new RegExp(`^${escaped}$`);
}

/**
 * Signing in with a password, and every step that asks for the password
 * again: slow for someone guessing (forty a day per account, however spread
 * over the day and over addresses), never a lock on the owner: on a browser
 * she signed in on before her guesses are that browser's own, which no one
 * else can spend, and anywhere she can still sign in by an emailed link or code.
 */
export const PASSWORD_LIMITS: EndpointLimits = {
  ip: [{ limit: 30, windowSeconds: 15 * MINUTE }],
  email: [
    { limit: 8, windowSeconds: 15 * MINUTE },
    { limit: 40, windowSeconds: DAY },
  ],
  device: [
    { limit: 8, windowSeconds: 15 * MINUTE },
    { limit: 40, windowSeconds: DAY },
  ],
};

/**
 * Guesses at an emailed 6-digit code: six in a quarter of an hour and twenty a
 * day per account, whoever sends them and however many new codes are asked
 * for, so a million codes stay out of reach.
 */
export const CODE_GUESS_LIMITS: EndpointLimits = {
  ip: [{ limit: 30, windowSeconds: 15 * MINUTE }],
  email: [
    { limit: 6, windowSeconds: 15 * MINUTE },
    { limit: 20, windowSeconds: DAY },
  ],
};

/**
 * The endpoints worth guessing at or flooding, held tighter than the rest.
 * Email that goes out is also held per recipient, where it is sent (see
 * email/budgets.ts), so the answer never tells whether it went.
 */
export const AUTH_LIMITS: Record<string, EndpointLimits> = {
  "/sign-in/email": PASSWORD_LIMITS,
  "/sign-up/email": {
    ip: [{ limit: 10, windowSeconds: HOUR }],
    email: [{ limit: 5, windowSeconds: HOUR }],
  },
  "/sign-in/magic-link": { ip: [{ limit: 10, windowSeconds: 15 * MINUTE }] },
  "/email-otp/send-verification-otp": { ip: [{ limit: 10, windowSeconds: 15 * MINUTE }] },
  "/send-verification-email": { ip: [{ limit: 10, windowSeconds: 15 * MINUTE }] },
  "/request-password-reset": { ip: [{ limit: 10, windowSeconds: HOUR }] },
  "/sign-in/email-otp": CODE_GUESS_LIMITS,
  "/reset-password": { ip: [{ limit: 10, windowSeconds: HOUR }] },
};

/** Any other endpoint, including one a future plugin brings. */
export const DEFAULT_AUTH_LIMITS: EndpointLimits = { ip: [{ limit: 30, windowSeconds: MINUTE }] };

/** Read by the server itself for page views with a session due for refresh; never over HTTP. */
const SERVER_ONLY = new Set(["/get-session"]);

export function authLimitsFor(path: string): EndpointLimits | null {
  if (SERVER_ONLY.has(path)) return null;
  return AUTH_LIMITS[path] ?? DEFAULT_AUTH_LIMITS;
}

/** Wrong guesses an emailed code survives; the next attempt burns it, right or wrong. */
export const CODE_ATTEMPTS = 3;

export type CodeType = "sign-in" | "email-verification" | "forget-password" | "change-email";

/** The code an endpoint checks, read from its body: whose, and of which kind. */
export function codeCheckedBy(path: string, body: unknown): { type: CodeType; email: string } | null {
  const fields = (body ?? {}) as { email?: unknown; type?: unknown };
  if (typeof fields.email !== "string") return null;
  const email = fields.email.trim().toLowerCase();
  const fixed: Record<string, CodeType> = {
    "/sign-in/email-otp": "sign-in",
    "/email-otp/verify-email": "email-verification",
    "/email-otp/reset-password": "forget-password",
  };
  if (fixed[path]) return { type: fixed[path], email };
  if (path === "/email-otp/check-verification-otp" && isCodeType(fields.type)) {
    return { type: fields.type, email };
  }
  return null;
}

function isCodeType(value: unknown): value is CodeType {
  return (
    value === "sign-in" ||
    value === "email-verification" ||
    value === "forget-password" ||
    value === "change-email"
  );
}
