import { pino, type DestinationStream, type Logger } from "pino";

export type { Logger };

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      // Logs name members by id only. Whatever a message or an error still carries (a database
      // error quoting a row, a library's own text) loses its addresses on the way out.
      hooks: { streamWrite: scrubLogLine },
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

/** Query parameters whose values are secrets, or what someone typed about a member (`q`: the studio's search). */
const SENSITIVE_QUERY =
  /^(token|code|otp|password|secret|key|sig|signature|state|callbackurl|client_secret|email|name|q|invitation)$/i;

/**
 * Paths that carry a secret after their prefix: a password reset link, a partner's private link,
 * a calendar feed, a partner's invitation. Read as the router reads a path: in any case, percent-decoded, slashes doubled.
 */
const SECRET_PATH = /^\/+(api\/+auth\/+reset-password|shared|calendar|partner\/+join)\/+[^/]/i;

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * A URL fit for the log: whatever follows a secret path's prefix, and the values of query
 * parameters that can carry secrets, are replaced.
 */
export function scrubUrl(url: string): string {
  const pathEnd = url.indexOf("?");
  const path = pathEnd === -1 ? url : url.slice(0, pathEnd);
  url = `${scrubPath(path)}${pathEnd === -1 ? "" : url.slice(pathEnd)}`;
  const queryStart = url.indexOf("?");
  if (queryStart === -1 || !mayNameSecrets(url.slice(queryStart + 1))) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of new Set(params.keys())) {
    if (SENSITIVE_QUERY.test(name)) params.set(name, "[redacted]");
  }
  // React Router asks for the routes of the pages a page links to, the page itself among them.
  const paths = params.get("paths");
  if (paths !== null) params.set("paths", paths.split(",").map(scrubPath).join(","));
  // A page to return to (the studio's check) is a URL of its own, its query scrubbed the same way.
  const next = params.get("next");
  if (next !== null) params.set("next", scrubUrl(next));
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/**
 * Whether a query names a parameter that is scrubbed. A name spelled with escapes is read as one
 * that might be; most queries (`?view=fresh`) are then logged as they came, without being parsed.
 */
function mayNameSecrets(query: string): boolean {
  for (const pair of query.split("&")) {
    const end = pair.indexOf("=");
    const name = end === -1 ? pair : pair.slice(0, end);
    if (
      name === "paths" ||
      name === "next" ||
      SENSITIVE_QUERY.test(name) ||
      name.includes("%") ||
      name.includes("+")
    )
      return true;
  }
  return false;
}

function scrubPath(path: string): string {
  const secret = SECRET_PATH.exec(decodedPath(path));
  return secret ? `/${secret[1]}/[redacted]` : path;
}

/** An email address as text carries it: plain, or URL-encoded (%40). */
const EMAIL_ADDRESS = /[\p{L}\p{N}._%+-]+(?:@|%40)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/giu;
/** A URL's query: a library's message may quote a URL the visitor made up. */
const QUERY = /\?[^\s"'`]+/g;
/** PostgreSQL's error detail quotes the values of the row that failed: a name, an address. */
const PG_ERROR_DETAIL = /"detail":"(?:[^"\\]|\\.)*"/g;

/**
 * A third party's log message made fit for our log: addresses and query
 * strings are replaced. Better Auth's messages quote addresses ("Sign-up
 * attempt for existing email: …") and URLs a visitor sent, never names.
 */
export function scrubLogText(text: string): string {
  return text.replace(EMAIL_ADDRESS, "[email]").replace(QUERY, "?[redacted]");
}

/** Every line the logger writes (JSON) passes here last. */
export function scrubLogLine(line: string): string {
  if (!line.includes("@") && !line.includes("%40") && !line.includes('"detail"')) return line;
  return line.replace(EMAIL_ADDRESS, "[email]").replace(PG_ERROR_DETAIL, '"detail":"[redacted]"');
}
