import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_AUTH_ENDPOINTS } from "#app/modules/accounts/auth-endpoints.ts";
import { firstLink } from "../support/cookie-client.ts";
import { localOutbox } from "../support/mailbox.ts";
import { startServer, type ServerProcess } from "../support/server-process.ts";
import { PASSWORD, withServerDatabase } from "./support/accounts.ts";
import {
  fillPath,
  isSignedIn,
  malformedPaths,
  memberState,
  ROUTES,
  routeEntries,
  signUpMember,
  tableCounts,
  visitor,
  type Member,
} from "./support/security.ts";

/** Values for the route patterns' parameters: real ones, so a request that got through would do something. */
const PARAMS: Record<string, string> = {
  slug: "oxytocin",
  file: "affirmations-purpose.mp3",
  trackId: "affirmations-2",
  token: "A".repeat(43),
  // A gift's redeem code (an unknown one: the page says so, and redeems nothing).
  code: "B".repeat(43),
  status: "500",
  // The studio's member and inbox thread (unknown ones: the studio refuses these visitors first).
  id: "some-member",
  thread: "some-thread",
  session: "fear-release",
  // A piece of the site's words (with slug's oxytocin: the article).
  kind: "article",
  "*": "get-session",
};

/** Better Auth's state-changing endpoints under /api/auth/*, with bodies that would work. */
const AUTH_POSTS = (email: string): [string, unknown][] => [
  ["/api/auth/sign-up/email", { name: "Forged", email: `forged-${email}`, password: PASSWORD }],
  ["/api/auth/sign-in/email", { email, password: PASSWORD }],
  ["/api/auth/sign-in/magic-link", { email }],
  ["/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" }],
  ["/api/auth/request-password-reset", { email }],
  ["/api/auth/update-user", { name: "Forged Name" }],
  ["/api/auth/change-password", { currentPassword: PASSWORD, newPassword: "another-calm-tide-9" }],
  ["/api/auth/revoke-sessions", {}],
  ["/api/auth/sign-out", {}],
  ["/api/auth/delete-user", {}],
];

const EVIL = "https://evil.example";

/** Ways a page on another site can make a browser post here. */
const CROSS_SITE: Record<string, Record<string, string>> = {
  "Origin of another site": { origin: EVIL },
  "Origin null (a sandboxed frame)": { origin: "null" },
  "Sec-Fetch-Site cross-site, no Origin": { "sec-fetch-site": "cross-site" },
  "Sec-Fetch-Site same-site (a subdomain)": { "sec-fetch-site": "same-site" },
  "Referer of another site only": { referer: `${EVIL}/page` },
};

describe("requests from other sites (CSRF)", () => {
  let server: ServerProcess;
  let member: Member;

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "1" });
    member = await signUpMember(server, { label: "csrf" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /**
   * Every route with an action, as URLs, and every Better Auth endpoint that changes something. Not
   * the webhooks, nor the reminder emails' stop link, which mail apps post from anywhere (RFC 8058) and
   * which proves itself by its signature (reminders.test.ts: an altered one changes nothing).
   */
  const stateChanging = () => [
    ...routeEntries()
      .filter((entry) => entry.action && ROUTES[entry.path] !== "webhook" && entry.path !== "/reminders/stop")
      .map((entry) => (entry.path === "/" ? "/?index" : fillPath(entry.path, PARAMS)))
      .map((path) => (path === "/portal" ? "/portal?index" : path)),
    ...AUTH_POSTS(member.email).map(([path]) => path),
  ];

  it("refuses a cross-site form post, text/plain fetch or JSON call to every state-changing route", async () => {
    const client = member.client;
    const before = { counts: await tableCounts(server), mine: await memberState(server, [member.id]) };
    const refusedWith: string[] = [];
    for (const path of stateChanging()) {
      for (const [how, headers] of Object.entries(CROSS_SITE)) {
        // The client sends our own Origin unless told otherwise; here the browser's would be the other site's.
        const as = { origin: "", ...headers };
        const form = await client.request(path, {
          method: "POST",
          form: { intent: "revoke-share-link", name: "Forged", message: "forged" },
          headers: as,
        });
        const text = await client.request(path, {
          method: "POST",
          headers: { ...as, "content-type": "text/plain" },
        });
        const json = await client.request(path, {
          method: "POST",
          json: { name: "Forged", timeZone: "Asia/Tokyo", positionSeconds: 3 },
          headers: as,
        });
        for (const [kind, response] of [
          ["form", form],
          ["text/plain", text],
          ["JSON", json],
        ] as const) {
          if (response.status !== 403) refusedWith.push(`${kind} POST ${path} (${how}): ${response.status}`);
          else expect(await response.json()).toEqual({ error: expect.stringMatching(/another website/) });
        }
      }
    }
    expect(refusedWith).toEqual([]);
    expect(await tableCounts(server)).toEqual(before.counts);
    expect(await memberState(server, [member.id])).toEqual(before.mine);
    expect(await isSignedIn(client, member.email)).toBe(true);
  });

  it("refuses a hand-made path with dot segments, which would pass the origin check as a webhook and reach a page's form", async () => {
    const before = { counts: await tableCounts(server), mine: await memberState(server, [member.id]) };
    const { hostname, port } = new URL(server.baseUrl);
    // fetch() and every browser resolve "..", so the request is written by hand.
    const raw = (method: string, path: string, body?: string) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: hostname === "localhost" ? "127.0.0.1" : hostname,
            port: Number(port),
            method,
            path,
            headers: {
              cookie: member.client.cookieHeader(),
              origin: EVIL,
              ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
            },
          },
          (response) => {
            let text = "";
            response.on("data", (chunk: Buffer) => (text += chunk.toString()));
            response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
          },
        );
        request.on("error", reject);
        request.end(body);
      });
    for (const path of [
      "/api/webhooks/../../portal/profile",
      "/api/webhooks/%2e%2e/%2e%2e/portal/profile",
      "/api/webhooks\\..\\..\\portal/profile",
    ]) {
      const answer = await raw("POST", path, "intent=create-share-link");
      expect(answer, path).toEqual({ status: 400, text: "This address isn't valid." });
    }
    expect((await raw("GET", "/portal/%2e%2e/studio/members")).status).toBe(400);
    expect(await tableCounts(server)).toEqual(before.counts);
    expect(await memberState(server, [member.id])).toEqual(before.mine);
  });

  it("lets the same site's own pages post, so the refusals above are about the origin", async () => {
    const response = await member.client.request("/api/time-zone", {
      method: "POST",
      json: { timeZone: "Europe/Paris" },
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(response.status).toBe(200);
  });

  it("changes nothing on a GET of any route, signed in or not", async () => {
    const before = { counts: await tableCounts(server), mine: await memberState(server, [member.id]) };
    const anonymous = visitor(server.baseUrl);
    const gets = [
      ...routeEntries().map((entry) => fillPath(entry.path, PARAMS)),
      // GET on Better Auth's POST endpoints, and on the sign-out route, is no way in.
      ...AUTH_POSTS(member.email).map(([path]) => path),
      "/auth/sign-out",
      "/portal/profile?intent=delete-account&confirm=DELETE",
      "/portal?intent=revoke-share-link",
      "/api/time-zone?timeZone=Asia/Tokyo",
    ];
    for (const path of gets) {
      for (const client of [member.client, anonymous]) {
        const response = await client.request(path);
        expect(response.status, path).toBeLessThan(500);
      }
    }
    expect(await tableCounts(server)).toEqual(before.counts);
    expect(await memberState(server, [member.id])).toEqual(before.mine);
    // Still signed in: no GET signed her out.
    expect(await isSignedIn(member.client, member.email)).toBe(true);
  });

  it("refuses webhooks that are unsigned or badly signed, and records no event", async () => {
    const event = JSON.stringify({
      id: "evt_forged",
      type: "payment_intent.succeeded",
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      data: { object: { id: "pi_forged", amount_received: 2700, currency: "eur" } },
    });
    const attempts: [string, Record<string, string>][] = [
      ["/api/webhooks/stripe", {}],
      [
        "/api/webhooks/stripe",
        { "stripe-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` },
      ],
      ["/api/webhooks/paypal", {}],
      [
        "/api/webhooks/paypal",
        {
          "paypal-transmission-id": "forged",
          "paypal-transmission-sig": "Zm9yZ2Vk",
          "paypal-cert-url": `${EVIL}/cert.pem`,
          "paypal-auth-algo": "SHA256withRSA",
          "paypal-transmission-time": new Date().toISOString(),
        },
      ],
    ];
    for (const [path, headers] of attempts) {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: event,
      });
      expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(400);
    }
    const events = await withServerDatabase(
      (db) => db.selectFrom("payment_events").selectAll().execute(),
      server,
    );
    expect(events).toEqual([]);
  });
});

describe("requests no route takes", () => {
  let server: ServerProcess;
  let member: Member;

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "1" });
    member = await signUpMember(server, { label: "shapes" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** What must never reach a visitor: the router's own words, a stack, a crash. */
  const INTERNALS =
    /did not provide an|Invalid request method|TypeError|Content-Type was not|\bat [\w.<>]+ \(/;

  it("answers a form posted as JSON, text or nothing, and any other method, with 405 or 415 and its own page, logging no error", async () => {
    const logFrom = server.output().length;
    const failures: string[] = [];
    const sends: [string, { method: string; body?: string; headers?: Record<string, string> }][] = [
      [
        "POST JSON",
        { method: "POST", body: '{"intent":"sign-in"}', headers: { "content-type": "application/json" } },
      ],
      ["POST text", { method: "POST", body: "intent=sign-in", headers: { "content-type": "text/plain" } }],
      ["POST empty", { method: "POST" }],
      ["PUT empty", { method: "PUT" }],
      [
        "PATCH form",
        { method: "PATCH", body: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } },
      ],
      ["DELETE", { method: "DELETE" }],
      ["OPTIONS", { method: "OPTIONS" }],
    ];
    for (const entry of routeEntries()) {
      const path = entry.path === "/" ? "/?index" : fillPath(entry.path, PARAMS);
      const api = path.startsWith("/api/");
      for (const [label, init] of sends) {
        for (const client of [member.client, visitor(server.baseUrl)]) {
          const response = await client.request(path, {
            ...init,
            headers: { "sec-fetch-site": "same-origin", ...init.headers },
          });
          const body = await response.text();
          const what = `${label} ${path}: ${response.status}`;
          // The API's routes read their own bodies (some take none): they answer, never with a 500.
          const refused =
            init.method !== "POST"
              ? response.status === 405
              : api
                ? response.status < 500
                : [405, 415].includes(response.status);
          if (!refused) failures.push(what);
          if (INTERNALS.test(body)) failures.push(`${what} shows ${INTERNALS.exec(body)![0]}`);
          if (response.status === 405 && !response.headers.get("allow"))
            failures.push(`${what} without Allow`);
        }
      }
    }
    expect(failures).toEqual([]);
    // A client's mistakes are not the app's: nothing at error level, no stack.
    const log = server.output().slice(logFrom);
    expect(log).not.toMatch(/"level":50/);
    expect(log).not.toMatch(/"stack"/);
  });

  it("shows the product's own page for a form posted where there is none", async () => {
    const response = await visitor(server.baseUrl).request("/about", { method: "POST", form: { name: "x" } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    const html = await response.text();
    expect(html).toContain("Error 405");
    expect(html).toContain("Go Home");
    expect(html).not.toMatch(INTERNALS);
  });
});

describe("addresses that don't decode", () => {
  let server: ServerProcess;
  let member: Member;

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "1" });
    member = await signUpMember(server, { label: "escapes" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers every route with a malformed escape in its parameters with 4xx, GET or POST, signed in or not, and logs no error", async () => {
    const before = { counts: await tableCounts(server), mine: await memberState(server, [member.id]) };
    const logFrom = server.output().length;
    const failures: string[] = [];
    const paths = malformedPaths();
    // A route added to app/routes.ts or server/app.ts is in the list without a line here.
    expect(paths).toContain("/media/audio/%ff");
    expect(paths).toContain("/api/audio/%ed%a0%80/progress");
    for (const path of paths) {
      for (const [who, client] of [
        ["member", member.client],
        ["visitor", visitor(server.baseUrl)],
      ] as const) {
        const get = await client.request(path);
        const post = await client.request(path, {
          method: "POST",
          ...(path.startsWith("/api/") ? { json: { positionSeconds: 3 } } : { form: { intent: "x" } }),
        });
        for (const [method, response] of [
          ["GET", get],
          ["POST", post],
        ] as const) {
          await response.body?.cancel();
          if (response.status < 400 || response.status >= 500)
            failures.push(`${method} ${path} (${who}): ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Each is the client's mistake: every line of the log is the server's own, below error level.
    const lines = server.output().slice(logFrom).split("\n").filter(Boolean);
    const unexpected = lines.filter((line) => {
      try {
        return (JSON.parse(line) as { level: number }).level >= 50 || /"stack"/.test(line);
      } catch {
        return true;
      }
    });
    expect(unexpected).toEqual([]);
    expect(await tableCounts(server)).toEqual(before.counts);
    expect(await memberState(server, [member.id])).toEqual(before.mine);
  });
});

describe("security headers on every kind of response", () => {
  let local: ServerProcess;
  let deployed: ServerProcess;
  let member: Member;

  beforeAll(async () => {
    [local, deployed] = await Promise.all([
      startServer({ TRUST_PROXY: "1" }),
      startServer({ BASE_URL: "https://tidewell.example" }),
    ]);
    member = await signUpMember(local, { label: "headers" });
  });
  afterAll(async () => {
    await Promise.all([local?.stop(), deployed?.stop()]);
  });

  /** One request of each kind the server answers. */
  async function responses(base: string, cookieOrigin: string, cookie = "") {
    const html = await (await fetch(`${base}/about`)).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const headers = { origin: cookieOrigin, cookie };
    const post = (
      path: string,
      body: string,
      type = "application/json",
      extra: Record<string, string> = {},
    ) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { ...headers, "content-type": type, ...extra },
        body,
        redirect: "manual",
      });
    const get = (path: string, extra: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { headers: { ...headers, ...extra }, redirect: "manual" });
    return {
      "public page": await get("/about"),
      "member page": await get("/portal"),
      "JSON API": await post("/api/time-zone", JSON.stringify({ timeZone: "Europe/Paris" })),
      "closed auth endpoint": await get("/api/auth/get-session"),
      "auth link": await get("/api/auth/verify-email?token=not-a-token&callbackURL=%2Fauth"),
      redirect: await get("/signup"),
      "not found": await get("/no-such-page"),
      "partner view (unknown link)": await get(`/shared/${"A".repeat(43)}`),
      "audio preview": await get("/audio/preview.mp3", { range: "bytes=0-9" }),
      "refused media": await get("/media/audio/affirmations-purpose.mp3"),
      "static asset": await get(asset!),
      "public file": await get("/favicon.svg"),
      "free guide": await get("/guides/introduction-to-hypnobirthing.pdf"),
      "robots.txt": await get("/robots.txt"),
      "liveness check": await get("/healthz"),
      "readiness check": await get("/readyz"),
      "malformed JSON": await post("/api/time-zone", "{ nope"),
      "oversize body": await post("/contact", "x".repeat(1024 * 1024 + 1), "text/plain"),
      "cross-site refusal": await post("/api/time-zone", "{}", "application/json", { origin: EVIL }),
    };
  }

  function expectHeaders(name: string, response: Response) {
    const csp = response.headers.get("content-security-policy") ?? "";
    const directives = new Map(
      csp
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .map(([key, ...values]) => [key!, values]),
    );
    const scriptSrc = directives.get("script-src") ?? [];
    expect(
      scriptSrc.some((v) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(v)),
      `${name}: script nonce`,
    ).toBe(true);
    expect(scriptSrc, `${name}: script-src`).not.toContain("'unsafe-inline'");
    expect(directives.get("object-src"), `${name}: object-src`).toEqual(["'none'"]);
    expect(directives.get("base-uri"), `${name}: base-uri`).toEqual(["'self'"]);
    expect(directives.get("frame-ancestors"), `${name}: frame-ancestors`).toEqual(["'none'"]);
    expect(response.headers.get("x-content-type-options"), `${name}: nosniff`).toBe("nosniff");
    expect(response.headers.get("referrer-policy"), `${name}: Referrer-Policy`).toMatch(
      /^(strict-origin-when-cross-origin|no-referrer)$/,
    );
  }

  it("sends the CSP with a nonce, nosniff and a Referrer-Policy on each, locally and without HSTS", async () => {
    const cookie = [...member.client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const all = await responses(local.baseUrl, local.baseUrl, cookie);
    expect(all["member page"].status).toBe(200);
    expect(all["oversize body"].status).toBe(413);
    for (const [name, response] of Object.entries(all)) {
      expectHeaders(name, response);
      expect(response.headers.get("strict-transport-security"), name).toBeNull();
    }
  });

  it("adds HSTS to each when deployed on an https origin", async () => {
    const all = await responses(`http://localhost:${deployed.port}`, "https://tidewell.example");
    for (const [name, response] of Object.entries(all)) {
      expectHeaders(name, response);
      expect(response.headers.get("strict-transport-security"), name).toMatch(
        /max-age=\d{7,}; includeSubDomains/,
      );
    }
  });

  it("sends no Referer from the partner view, whether or not the link works", async () => {
    const share = await member.client.request("/portal/profile", {
      method: "POST",
      form: { intent: "create-share-link" },
    });
    const token = /\/shared\/([A-Za-z0-9_-]{43})/.exec(await share.text())?.[1];
    for (const path of [`/shared/${token}`, `/shared/${"B".repeat(43)}`, "/shared/short"]) {
      const response = await fetch(`${local.baseUrl}${path}`);
      expect(response.headers.get("referrer-policy"), path).toBe("no-referrer");
      expectHeaders(path, response);
    }
  });
});

describe("open redirects", () => {
  let server: ServerProcess;
  let member: Member;

  beforeAll(async () => {
    // A configured social provider, so its sign-in start is reachable (no request leaves the machine).
    server = await startServer({
      TRUST_PROXY: "1",
      GOOGLE_CLIENT_ID: "google-client-for-tests",
      GOOGLE_CLIENT_SECRET: "google-secret-for-tests",
    });
    member = await signUpMember(server, { label: "redirect" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const TARGETS = [
    "//evil.example",
    "https:evil.example",
    "https://app.evil.example",
    "https://evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%2F%2Fevil.example",
    "%2F%2Fevil.example",
    "//evil.example/%2e%2e",
    "http://localhost@evil.example",
    "javascript:alert(1)",
    // The sign-in providers' own sites, which Better Auth trusts for their answers.
    "https://appleid.apple.com/x",
    "https://accounts.google.com/x",
    "https://www.facebook.com/x",
    // An escape that doesn't decode, which Better Auth decodes again.
    "/%",
  ];

  /** Where Better Auth sends the browser after a step: each is tried on every public endpoint. */
  const REDIRECT_PARAMETERS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"];

  /** Where a response sends the browser, if anywhere, must be this site. */
  function expectStaysHere(label: string, response: Response, body = "") {
    const origin = new URL(server.baseUrl).origin;
    const location = response.headers.get("location");
    if (location) {
      const target = new URL(location, server.baseUrl);
      expect(target.origin, `${label} → ${location}`).toBe(origin);
      expect(target.protocol, label).toMatch(/^https?:$/);
    }
    expect(body, label).not.toMatch(/"url":"(https?:)?\/\/[^"]*evil\.example|"url":"javascript:/);
  }

  it("refuses callbackURLs and redirect targets of other sites in Better Auth's endpoints", async () => {
    for (const target of TARGETS) {
      // The endpoints that take a callback in a body are closed to browsers; our pages pass fixed ones.
      const calls: [string, unknown][] = [
        ["/api/auth/sign-in/email", { email: member.email, password: PASSWORD, callbackURL: target }],
        ["/api/auth/sign-in/magic-link", { email: member.email, callbackURL: target }],
        ["/api/auth/sign-in/magic-link", { email: member.email, newUserCallbackURL: target }],
        ["/api/auth/sign-in/magic-link", { email: member.email, errorCallbackURL: target }],
        ["/api/auth/request-password-reset", { email: member.email, redirectTo: target }],
        ["/api/auth/sign-in/social", { provider: "google", callbackURL: target }],
        ["/api/auth/sign-in/social", { provider: "google", errorCallbackURL: target }],
        ["/api/auth/sign-in/social", { provider: "google", newUserCallbackURL: target }],
      ];
      for (const [path, json] of calls) {
        const client = visitor(server.baseUrl);
        const response = await client.request(path, { method: "POST", json });
        const label = `${path} ${JSON.stringify(json)}`;
        expect(response.status, label).toBe(404);
        expectStaysHere(label, response, await response.text());
      }
      for (const path of [
        `/api/auth/magic-link/verify?token=not-a-token&callbackURL=${encodeURIComponent(target)}`,
        `/api/auth/magic-link/verify?token=not-a-token&errorCallbackURL=${encodeURIComponent(target)}`,
        `/api/auth/reset-password/not-a-token?callbackURL=${encodeURIComponent(target)}`,
        `/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent(target)}`,
        `/api/auth/callback/google?state=forged&code=forged&callbackURL=${encodeURIComponent(target)}`,
      ]) {
        const response = await visitor(server.baseUrl).request(path);
        expect(response.status, path).toBeLessThan(500);
        expectStaysHere(path, response, await response.text());
      }
    }
  });

  it("sends no one off this site from any redirect parameter of any public auth endpoint, in the query or the body", async () => {
    const failures: string[] = [];
    for (const endpoint of PUBLIC_AUTH_ENDPOINTS) {
      const path = `/api/auth${endpoint.path.replace(/:id/, "google").replace(/:\w+/g, "not-a-token")}`;
      for (const parameter of REDIRECT_PARAMETERS) {
        for (const target of TARGETS) {
          const query = `?token=not-a-token&state=forged&code=forged&${parameter}=${encodeURIComponent(target)}`;
          const sends: [string, Response][] = [
            [
              `${endpoint.method} ${path}${query}`,
              await visitor(server.baseUrl).request(`${path}${query}`, { method: endpoint.method }),
            ],
          ];
          if (endpoint.method === "POST") {
            sends.push([
              `POST ${path} with ${parameter}=${target} in the body`,
              await visitor(server.baseUrl).request(path, {
                method: "POST",
                form: { state: "forged", code: "forged", [parameter]: target },
              }),
            ]);
          }
          for (const [label, response] of sends) {
            const location = response.headers.get("location");
            if (response.status >= 500) failures.push(`${label}: ${response.status}`);
            if (location && new URL(location, server.baseUrl).origin !== new URL(server.baseUrl).origin)
              failures.push(`${label} → ${location}`);
            await response.body?.cancel();
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses a real sign-in link whose redirect was changed to another site, which then still works as sent", async () => {
    const signIn = await visitor(server.baseUrl).request("/auth?tier=signin&mode=magic", {
      method: "POST",
      form: { intent: "magic-link", email: member.email },
    });
    expect(signIn.status).toBe(200);
    const link = new URL(
      firstLink((await localOutbox(server.dataDir).latest(member.email, /sign-in link/)).text),
    );
    for (const parameter of ["callbackURL", "errorCallbackURL", "newUserCallbackURL"]) {
      const changed = new URL(link);
      changed.searchParams.set(parameter, "https://appleid.apple.com/x");
      const response = await visitor(server.baseUrl).request(`${changed.pathname}${changed.search}`);
      expect(response.status, parameter).toBe(400);
      expect(response.headers.get("location"), parameter).toBeNull();
      expect(response.headers.getSetCookie().join(), parameter).not.toMatch(/session_token=[^;]/);
      expect(await response.text(), parameter).toContain("take you to another website");
    }
    const asSent = await visitor(server.baseUrl).request(`${link.pathname}${link.search}`);
    expect(asSent.status).toBe(302);
    expect(asSent.headers.get("location")).toMatch(/^(http:\/\/localhost:\d+)?\/portal$/);
  });

  it("ignores redirect parameters on our own pages and forms, and paths that look like other sites", async () => {
    const params = (target: string) =>
      ["redirectTo", "redirect", "next", "returnTo", "callbackURL", "continue"]
        .map((name) => `${name}=${encodeURIComponent(target)}`)
        .join("&");
    for (const target of TARGETS) {
      const query = params(target);
      const anonymous = visitor(server.baseUrl);
      for (const path of [
        `/auth?${query}`,
        `/auth?tier=premium&${query}`,
        `/portal?${query}`,
        `/signup?${query}`,
      ]) {
        expectStaysHere(path, await anonymous.request(path));
        expectStaysHere(path, await member.client.request(path));
      }
      const signOut = await visitor(server.baseUrl).request(`/auth/sign-out?${query}`, { method: "POST" });
      expectStaysHere("sign-out", signOut);
    }
    // Signing in with every target at once (the sign-in limit per address is low): to the portal.
    const all = TARGETS.map(params).join("&");
    const signIn = await visitor(server.baseUrl).request(`/auth?tier=signin&${all}`, {
      method: "POST",
      form: {
        intent: "sign-in",
        email: member.email,
        password: PASSWORD,
        redirectTo: TARGETS[0]!,
        next: TARGETS[1]!,
      },
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe("/portal");
    for (const path of [
      "//evil.example",
      "//evil.example/",
      "//evil.example/%2e%2e",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/\\evil.example",
      "/assets",
      "/assets//evil.example",
      "/assets/%2F%2Fevil.example",
      "/.%2F%2Fevil.example",
    ]) {
      const response = await fetch(`${server.baseUrl}${path}`, { redirect: "manual" });
      expect(response.status, path).toBeLessThan(500);
      expectStaysHere(path, response);
    }
  });
});
