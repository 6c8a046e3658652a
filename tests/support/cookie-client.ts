/**
 * A tiny browser stand-in for tests: keeps cookies, sends Origin like a browser
 * would, and never follows redirects (tests look at them).
 */
export interface CookieClient {
  request(
    path: string,
    init?: {
      method?: string;
      json?: unknown;
      form?: Record<string, string>;
      /** A raw body (its content type in `headers`), or multipart form data. */
      body?: string | FormData;
      headers?: Record<string, string>;
    },
  ): Promise<Response>;
  cookies: Map<string, string>;
  /** The session cookie's value, if any. */
  sessionToken(): string | undefined;
  /** The Cookie header this client would send now. */
  cookieHeader(): string;
  /** Keeps what Set-Cookie headers said (from a response the client didn't fetch itself). */
  keep(setCookies: string[]): void;
}

type Send = (request: Request) => Promise<Response>;

export function createCookieClient(
  baseUrl: string,
  send: Send = (request) => fetch(request, { redirect: "manual" }),
): CookieClient {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const keep = (setCookies: string[]) => {
    for (const header of setCookies) {
      const [pair = "", ...attributes] = header.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
  };
  return {
    cookies,
    sessionToken: () => [...cookies.entries()].find(([name]) => name.endsWith("tidewell.session_token"))?.[1],
    cookieHeader,
    keep,
    async request(path, { method = "GET", json, form, body: raw, headers = {} } = {}) {
      const all = new Headers({ origin: baseUrl, ...headers });
      if (cookies.size > 0) all.set("cookie", cookieHeader());
      let body: string | FormData | undefined = raw;
      if (json !== undefined) {
        all.set("content-type", "application/json");
        body = JSON.stringify(json);
      } else if (form) {
        all.set("content-type", "application/x-www-form-urlencoded");
        body = new URLSearchParams(form).toString();
      }
      const response = await send(
        new Request(new URL(path, baseUrl), { method, headers: all, body, redirect: "manual" }),
      );
      keep(response.headers.getSetCookie());
      return response;
    },
  };
}

/** The first http(s) link in a text, e.g. an email's sign-in link. */
export function firstLink(text: string): string {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`No link in: ${text}`);
  return match[0];
}

/** The 6-digit code in a text. */
export function sixDigitCode(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`No code in: ${text}`);
  return match[1];
}
