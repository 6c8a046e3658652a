/**
 * A local stand-in for Google's, Facebook's and Apple's sign-in: the OAuth 2.0 authorization-code flow
 * with PKCE (RFC 6749, RFC 7636) on one loopback server, a path per provider. Its consent page asks
 * for a name and an email address in place of the provider's account, so "Continue with Google" works
 * end to end on a demo run with no network; the server's side (code for token, token for profile) is
 * the same exchange it makes with the real providers.
 */
import crypto from "node:crypto";
import {
  randomId,
  serveOnLoopback,
  type FakeReply,
  type FakeRequest,
  type LoopbackServer,
} from "./fake-http.ts";

export const FAKE_OAUTH_PROVIDERS = {
  google: "Google",
  facebook: "Facebook",
  apple: "Apple",
} as const;
export type FakeOAuthProvider = keyof typeof FAKE_OAUTH_PROVIDERS;

export interface FakeOAuthClient {
  provider: FakeOAuthProvider;
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

export interface FakeOAuth extends LoopbackServer {
  /** One registered client per provider asked for, with the addresses its flow uses. */
  clients: FakeOAuthClient[];
}

interface Grant {
  provider: FakeOAuthProvider;
  redirectUri: string;
  codeChallenge: string;
  person: Person;
  expiresAt: number;
}

interface Person {
  name: string;
  email: string;
}

const CODE_LIFETIME_MS = 60_000;
const TOKEN_LIFETIME_S = 3600;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Starts the stand-in. `redirectUriFor` is each client's registered callback: as at the real
 * providers, a sign-in that names another is refused.
 */
export async function startFakeOAuth(options: {
  providers: readonly FakeOAuthProvider[];
  redirectUriFor: (provider: FakeOAuthProvider) => string;
  log?: (message: string) => void;
}): Promise<FakeOAuth> {
  const clients = new Map(
    options.providers.map((provider) => [
      provider,
      { clientId: `demo-${provider}`, clientSecret: crypto.randomBytes(24).toString("base64url") },
    ]),
  );
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, { provider: FakeOAuthProvider; person: Person; expiresAt: number }>();

  async function handle(request: FakeRequest): Promise<FakeReply> {
    const [, provider, step] = request.path.split("/") as [string, FakeOAuthProvider, string];
    const client = clients.get(provider);
    if (!client) return { status: 404, body: { error: "not_found" } };
    if (step === "authorize") return authorize(provider, client.clientId, request);
    if (step === "token" && request.method === "POST") return token(provider, client, request);
    if (step === "userinfo" && request.method === "GET") return userInfo(provider, request);
    return { status: 404, body: { error: "not_found" } };
  }

  function authorize(provider: FakeOAuthProvider, clientId: string, request: FakeRequest): FakeReply {
    const params = request.method === "POST" ? new URLSearchParams(request.body) : request.query;
    const redirectUri = params.get("redirect_uri") ?? "";
    // Nothing goes back to an address the client did not register, not even an error.
    if (params.get("client_id") !== clientId || redirectUri !== options.redirectUriFor(provider)) {
      return page(400, errorPage(provider, "This sign-in came from an app this demo does not know."));
    }
    const back = (answer: Record<string, string>) => {
      const url = new URL(redirectUri);
      for (const [key, value] of Object.entries({ ...answer, state: params.get("state") ?? "" })) {
        url.searchParams.set(key, value);
      }
      return { status: 302, headers: { Location: url.href, "Content-Type": "text/plain" }, body: "" };
    };
    const codeChallenge = params.get("code_challenge") ?? "";
    if (
      params.get("response_type") !== "code" ||
      params.get("code_challenge_method") !== "S256" ||
      !codeChallenge
    ) {
      return back({ error: "invalid_request", error_description: "The sign-in request was incomplete." });
    }
    if (request.method === "GET") return page(200, consentPage(provider, params, { name: "", email: "" }));
    if (params.get("choice") === "cancel") {
      return back({ error: "access_denied", error_description: "The user denied access" });
    }
    const person = { name: (params.get("name") ?? "").trim(), email: (params.get("email") ?? "").trim() };
    const problem: Problem | null = !person.name
      ? { field: "name", message: "Enter a name to sign in with." }
      : !EMAIL.test(person.email)
        ? { field: "email", message: "Enter an email address, like name@example.com." }
        : null;
    if (problem) return page(400, consentPage(provider, params, person, problem));
    const code = randomId(32);
    codes.set(code, {
      provider,
      redirectUri,
      codeChallenge,
      person,
      expiresAt: Date.now() + CODE_LIFETIME_MS,
    });
    return back({ code });
  }

  function token(
    provider: FakeOAuthProvider,
    client: { clientId: string; clientSecret: string },
    request: FakeRequest,
  ): FakeReply {
    const form = new URLSearchParams(request.body);
    const [basicId, basicSecret] = basicCredentials(request.headers.authorization);
    const clientId = basicId ?? form.get("client_id");
    const clientSecret = basicSecret ?? form.get("client_secret") ?? "";
    if (clientId !== client.clientId || !sameSecret(clientSecret, client.clientSecret)) {
      return { status: 401, body: { error: "invalid_client" } };
    }
    const code = form.get("code") ?? "";
    const grant = codes.get(code);
    // A code is good once, whatever happens next.
    codes.delete(code);
    const verifier = form.get("code_verifier") ?? "";
    if (
      form.get("grant_type") !== "authorization_code" ||
      !grant ||
      grant.provider !== provider ||
      grant.expiresAt < Date.now() ||
      grant.redirectUri !== form.get("redirect_uri") ||
      crypto.createHash("sha256").update(verifier).digest("base64url") !== grant.codeChallenge
    ) {
      return { status: 400, body: { error: "invalid_grant" } };
    }
    const accessToken = randomId(40);
    tokens.set(accessToken, {
      provider,
      person: grant.person,
      expiresAt: Date.now() + TOKEN_LIFETIME_S * 1000,
    });
    return {
      status: 200,
      body: {
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: TOKEN_LIFETIME_S,
        scope: "email profile",
      },
    };
  }

  function userInfo(provider: FakeOAuthProvider, request: FakeRequest): FakeReply {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    const held = tokens.get(bearer);
    if (!held || held.provider !== provider || held.expiresAt < Date.now()) {
      return { status: 401, body: { error: "invalid_token" } };
    }
    // The same person at the same provider keeps the same id, as at the real ones.
    const id = `${provider}-${crypto.createHash("sha256").update(held.person.email.toLowerCase()).digest("hex").slice(0, 20)}`;
    return {
      status: 200,
      body: { id, sub: id, name: held.person.name, email: held.person.email, email_verified: true },
    };
  }

  const server = await serveOnLoopback(handle, options.log ?? (() => {}));
  const at = (provider: FakeOAuthProvider, step: string) => `${server.url}/${provider}/${step}`;
  return {
    ...server,
    clients: [...clients].map(([provider, { clientId, clientSecret }]) => ({
      provider,
      clientId,
      clientSecret,
      authorizationUrl: at(provider, "authorize"),
      tokenUrl: at(provider, "token"),
      userInfoUrl: at(provider, "userinfo"),
    })),
  };
}

function basicCredentials(header: string | undefined): [string, string] | [undefined, undefined] {
  const encoded = /^Basic (.+)$/.exec(header ?? "")?.[1];
  if (!encoded) return [undefined, undefined];
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return [decodeURIComponent(decoded.slice(0, colon)), decodeURIComponent(decoded.slice(colon + 1))];
}

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

function page(status: number, html: string): FakeReply {
  return {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      "Cache-Control": "no-store",
    },
    body: html,
  };
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

const PASSED_ON = [
  "client_id",
  "redirect_uri",
  "response_type",
  "state",
  "code_challenge",
  "code_challenge_method",
  "scope",
];

interface Problem {
  field: "name" | "email";
  message: string;
}

function consentPage(
  provider: FakeOAuthProvider,
  params: URLSearchParams,
  person: Person,
  problem?: Problem,
) {
  const name = FAKE_OAUTH_PROVIDERS[provider];
  const hidden = PASSED_ON.map(
    (key) => `<input type="hidden" name="${key}" value="${escape(params.get(key) ?? "")}">`,
  ).join("\n      ");
  const invalid = (field: Problem["field"]) =>
    problem?.field === field ? ' aria-invalid="true" aria-describedby="problem"' : "";
  return layout(
    `Sign in with ${name} (demo)`,
    `<h1>Sign in with ${name}</h1>
    <p class="note">A stand-in for ${name} on this computer: no ${name} account is used and nothing leaves this machine. Any name and email address will do.</p>
    ${problem ? `<p id="problem" class="problem" role="alert">${escape(problem.message)}</p>` : ""}
    <form method="post">
      ${hidden}
      <label for="name">Name</label>
      <input id="name" name="name" autocomplete="name" value="${escape(person.name)}"${invalid("name")}>
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="email" value="${escape(person.email)}"${invalid("email")}>
      <div class="actions">
        <button type="submit" name="choice" value="continue">Continue</button>
        <button type="submit" name="choice" value="cancel" class="secondary" formnovalidate>Cancel</button>
      </div>
    </form>`,
  );
}

function errorPage(provider: FakeOAuthProvider, message: string) {
  return layout(
    `${FAKE_OAUTH_PROVIDERS[provider]} sign-in (demo)`,
    `<h1>Sign-in refused</h1><p role="alert">${escape(message)}</p>`,
  );
}

function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escape(title)}</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; color: #1f2328; background: #f3f4f6; margin: 0; padding: 0 1rem; }
    main { max-width: 26rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 12px; border: 1px solid #d0d7de; }
    h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
    .note { color: #4b5563; font-size: .95rem; }
    .problem { color: #b42318; font-weight: 600; }
    label { display: block; font-weight: 600; margin-top: 1rem; }
    input { box-sizing: border-box; width: 100%; min-height: 44px; margin-top: .25rem; padding: .5rem .75rem; font: inherit; border: 1px solid #6b7280; border-radius: 8px; }
    input[aria-invalid="true"] { border-color: #b42318; }
    .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
    button { min-height: 44px; padding: 0 1.25rem; font: inherit; font-weight: 600; border-radius: 999px; border: 1px solid #1f2328; background: #1f2328; color: #fff; cursor: pointer; }
    button.secondary { background: #fff; color: #1f2328; }
    :focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  </style>
</head>
<body><main>
    ${body}
</main></body>
</html>`;
}
