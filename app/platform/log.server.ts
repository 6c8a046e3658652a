import { pino, type DestinationStream, type Logger } from "pino";

export type { Logger };

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      // Belt and braces: these never reach the log even if a caller passes them.
      redact: {
        paths: [
          "password",
          "*.password",
          "token",
          "*.token",
          "secret",
          "*.secret",
          "headers.cookie",
          "headers.authorization",
          "*.headers.cookie",
          "*.headers.authorization",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

const SENSITIVE_QUERY =
  /^(token|code|otp|password|secret|key|sig|signature|state|callbackurl|client_secret)$/i;

/** Paths that carry a secret as a segment: a password reset link, a partner's private link. */
const SECRET_PATH = /^(\/api\/auth\/reset-password\/|\/shared\/)[^/?#]+/;

/**
 * A URL fit for the log: secret path segments and the values of query
 * parameters that can carry secrets are replaced.
 */
export function scrubUrl(url: string): string {
  url = url.replace(SECRET_PATH, "$1[redacted]");
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of new Set(params.keys())) {
    if (SENSITIVE_QUERY.test(name)) params.set(name, "[redacted]");
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}
