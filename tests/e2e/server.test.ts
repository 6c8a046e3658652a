import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { CONFIRM_SUBJECT, PASSWORD, signUpOverHttp } from "../support/accounts.ts";
import { createCookieClient, firstLink } from "../support/cookie-client.ts";
import { localOutbox } from "../support/mailbox.ts";
import { startServer, spawnServer } from "../support/server-process.ts";

const base = () => inject("baseUrl");

describe("the HTTP server", () => {
  it("sends security headers with a fresh script nonce on every page", async () => {
    const first = await fetch(`${base()}/`);
    const second = await fetch(`${base()}/about`);
    const csp = first.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    expect(nonce).toBeTruthy();
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // http://localhost is not https: no HSTS, or browsers would refuse the local site.
    expect(first.headers.get("strict-transport-security")).toBeNull();
    expect(first.headers.get("x-powered-by")).toBeNull();

    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
  });

  it("compresses pages and caches hashed assets for a year", async () => {
    const page = await fetch(`${base()}/`, { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const html = await page.text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await fetch(`${base()}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  it("serves public pages to visitors from memory, each with its own nonce, and members their own render", async () => {
    const nonceOf = (response: Response) =>
      /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    const visits = await Promise.all(
      ["/", "/", "/hypno-science"].map((path) =>
        fetch(`${base()}${path}`, { headers: { "accept-encoding": "gzip" } }),
      ),
    );
    const nonces = new Set<string>();
    for (const visit of visits) {
      expect(visit.status).toBe(200);
      expect(visit.headers.get("content-encoding")).toBe("gzip");
      expect(visit.headers.get("vary")).toContain("Cookie");
      const nonce = nonceOf(visit)!;
      nonces.add(nonce);
      const html = await visit.text();
      const attributes = [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
      expect(attributes.length).toBeGreaterThan(0);
      expect(new Set(attributes)).toEqual(new Set([nonce]));
      expect(html).toContain("Log In");
    }
    expect(nonces.size).toBe(3);

    // Without gzip, the same page as text.
    const plain = await fetch(`${base()}/`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain(`nonce="${nonceOf(plain)}"`);

    // A signed-in member's page is rendered for her (the home page sends her to the portal).
    const { client: member } = await signUpOverHttp(base(), localOutbox(inject("dataDir")), {
      name: "Cache Check",
    });
    expect((await member.request("/")).headers.get("location")).toBe("/portal");
    const mine = await (await member.request("/about")).text();
    expect(mine).toContain("My Account");
    expect(mine).not.toContain("Log In");

    // Her page is compressed whole, in what her browser takes (gzip first), and reads the same.
    const asked = (encoding: string) =>
      new Promise<http.IncomingMessage & { body: Buffer }>((resolve, reject) => {
        http
          .get(
            `${base()}/portal?view=fresh`,
            { headers: { cookie: member.cookieHeader(), "accept-encoding": encoding } },
            (response) => {
              const chunks: Buffer[] = [];
              response.on("data", (chunk: Buffer) => chunks.push(chunk));
              response.on("end", () => resolve(Object.assign(response, { body: Buffer.concat(chunks) })));
            },
          )
          .on("error", reject);
      });
    const [gzip, brotli, identity] = await Promise.all([
      asked("gzip, deflate, br, zstd"),
      asked("br"),
      asked("identity"),
    ]);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    for (const response of [brotli, gzip, identity]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers.vary).toContain("Accept-Encoding");
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
    }
    const text = identity.body.toString("utf8");
    expect(text).toContain("Cache Check");
    const withoutNonces = (html: string) => html.replaceAll(/nonce="[^"]*"/g, "");
    expect(withoutNonces(zlib.brotliDecompressSync(brotli.body).toString("utf8"))).toBe(withoutNonces(text));
    expect(withoutNonces(zlib.gunzipSync(gzip.body).toString("utf8"))).toBe(withoutNonces(text));
    expect(gzip.body.length).toBeLessThan(identity.body.length / 3);
    expect(brotli.body.length).toBeLessThan(identity.body.length / 3);
  });

  it("reports liveness and readiness", async () => {
    const health = await fetch(`${base()}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${base()}/readyz`);
    expect(ready.status).toBe(200);
    // Ready, and nothing about what the app runs on.
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  it("keeps an idle connection open longer than a reverse proxy does, so the proxy closes it first", async () => {
    const health = await fetch(`${base()}/healthz`);
    await health.arrayBuffer();
    // A proxy's idle limit is commonly 60 s; with Node's own 5 s, a request sent as the server closed the connection failed.
    expect(health.headers.get("keep-alive")).toBe("timeout=65");
  });

  it("refuses an oversize body with 413, malformed JSON with 400, and a page's form sent as JSON with 415", async () => {
    const big = await fetch(`${base()}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `message=${"a".repeat(1024 * 1024 + 10)}`,
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: "The request is too large." });

    const malformed = await fetch(`${base()}/api/time-zone`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base() },
      body: "{ not json",
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "The request body is not valid JSON." });

    const asJson = await fetch(`${base()}/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Sam", email: "sam@example.com", message: "Hello" }),
    });
    expect(asJson.status).toBe(415);
    expect(await asJson.text()).toContain("Error 415");
  });

  it("lets a sender finish writing an oversize body, then answers 413 before closing", async () => {
    // A browser sending a large form writes it all before it reads the answer; if the server closed
    // while it was still writing, the rest would meet a reset, and the answer could be lost with it.
    const { hostname, port } = new URL(base());
    const send = (framing: "content-length" | "chunked") =>
      new Promise<{ answer: string; closedBeforeSent: boolean }>((resolve, reject) => {
        const chunk = "a".repeat(64 * 1024);
        const chunks = 24;
        const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
        let answer = "";
        let sent = false;
        let closedBeforeSent = false;
        socket.setEncoding("utf8");
        socket.on("data", (text: string) => (answer += text));
        socket.on("end", () => {
          if (!sent) closedBeforeSent = true;
          socket.end();
        });
        socket.on("error", reject);
        socket.on("close", () => resolve({ answer, closedBeforeSent }));
        const frame = (data: string) =>
          framing === "chunked" ? `${data.length.toString(16)}\r\n${data}\r\n` : data;
        socket.write(
          "POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
            (framing === "chunked"
              ? "Transfer-Encoding: chunked\r\n"
              : `Content-Length: ${"message=".length + chunks * chunk.length}\r\n`) +
            "Connection: close\r\n\r\n" +
            frame("message="),
        );
        let written = 0;
        const next = () => {
          written++;
          if (written < chunks) return socket.write(frame(chunk), () => setTimeout(next, 5));
          // The last bytes are handed over: from here the server may answer and close.
          sent = true;
          socket.write(frame(chunk) + (framing === "chunked" ? "0\r\n\r\n" : ""));
        };
        next();
      });
    for (const framing of ["content-length", "chunked"] as const) {
      const { answer, closedBeforeSent } = await send(framing);
      expect(answer, framing).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer, framing).toContain('{"error":"The request is too large."}');
      expect(closedBeforeSent, framing).toBe(false);
    }
  });

  it("logs requests without cookies, tokens or passwords", async () => {
    await fetch(`${base()}/about?token=tok-e2e-secret&tier=free`, {
      headers: { cookie: "session=cookie-e2e-secret", authorization: "Bearer auth-e2e-secret" },
    });
    await fetch(`${base()}/log-check-missing-page?password=pw-e2e-secret`);
    const logFile = path.join(inject("dataDir"), "server.log");
    // The log is written asynchronously; give it a moment.
    await expect
      .poll(() => fs.readFileSync(logFile, "utf8"), { timeout: 5000 })
      .toContain("/log-check-missing-page");
    const log = fs.readFileSync(logFile, "utf8");
    expect(log).not.toMatch(/tok-e2e-secret|cookie-e2e-secret|auth-e2e-secret|pw-e2e-secret/);
    expect(log).toContain('"msg":"page not found"');
  });
});

describe("the production build", () => {
  it("holds none of the provider fakes' code: a demo run loads them from dev/fakes", () => {
    const buildDir = path.resolve(import.meta.dirname, "../../build");
    const files = fs
      .readdirSync(buildDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".js"))
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(files.length).toBeGreaterThan(0);
    const withFakes = files.filter((file) =>
      /function (startFakeStripe|startFakePayPal|startFakeOAuth)\b/.test(fs.readFileSync(file, "utf8")),
    );
    expect(withFakes).toEqual([]);
  });
});

describe("starting and stopping", () => {
  it.each([
    [{ PORT: "eighty" }, /PORT must be a whole number from 1 to 65535 \(got "eighty"\)/],
    [{ DATABASE_URL: "mysql://root@localhost/app" }, /DATABASE_URL must be a URL such as postgres:\/\//],
    [
      { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" },
      /Could not open the PostgreSQL database at DATABASE_URL: .*ECONNREFUSED/,
    ],
  ])("stops with a clear message on bad configuration %o", async (env, message) => {
    const { exited, output } = spawnServer({ DATA_DIR: fs.mkdtempSync("/tmp/tidewell-bad-"), ...env });
    expect(await exited).toBe(1);
    expect(output()).toMatch(message);
    // A person's message, not a stack trace.
    expect(output()).not.toMatch(/^\s+at /m);
  });

  it("behaves as a deployment on an https origin: HSTS, Secure cookies, no local outbox", async () => {
    const server = await startServer({ BASE_URL: "https://tidewell.example" });
    try {
      const local = `http://localhost:${server.port}`;
      const page = await fetch(`${local}/`);
      expect(page.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
      expect((await fetch(`${local}/dev/outbox`)).status).toBe(404);
      // Sign up as a browser on the public origin would; the link in the email signs in.
      const visitor = createCookieClient("https://tidewell.example", (request) =>
        fetch(new Request(request.url.replace("https://tidewell.example", local), request), {
          redirect: "manual",
        }),
      );
      const form = {
        intent: "sign-up",
        tier: "free",
        name: "Sam",
        email: "sam@example.com",
        password: PASSWORD,
      };
      expect((await visitor.request("/auth", { method: "POST", form })).status).toBe(200);
      const link = firstLink(
        (await localOutbox(server.dataDir).latest("sam@example.com", CONFIRM_SUBJECT)).text,
      );
      const confirmed = await visitor.request(link);
      const session = confirmed.headers.getSetCookie().find((c) => c.includes("tidewell.session_token="));
      expect(session).toMatch(/^__Secure-tidewell\.session_token=/);
      expect(session).toMatch(/; Secure/i);
      expect(session).toMatch(/HttpOnly/i);

      // No payment keys on a real origin: the course can't be bought, so it can't be given away.
      expect(page.headers.get("content-security-policy")).not.toMatch(/stripe|paypal/);
      // Nor is any sign-in provider offered, so forms answer only to this site.
      expect(page.headers.get("content-security-policy")).toContain("form-action 'self';");
      const cookie = session!.split(";")[0]!;
      for (const call of ["create-payment-intent", "create-paypal-order"]) {
        const refused = await fetch(`${local}/api/${call}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: "https://tidewell.example", cookie },
          body: JSON.stringify({ email: "sam@example.com" }),
        });
        expect(refused.status).toBe(503);
        expect(((await refused.json()) as { error: string }).error).toMatch(/Payments are unavailable/);
      }
    } finally {
      await server.stop();
    }
  });

  it("lets the browser reach Stripe and PayPal, PayPal's window and Google's sign-in, only once live keys are set", async () => {
    const server = await startServer({
      BASE_URL: "https://tidewell.example",
      GOOGLE_CLIENT_ID: "google-client-unused",
      GOOGLE_CLIENT_SECRET: "google-secret-unused",
      STRIPE_SECRET_KEY: "sk_test_unused",
      STRIPE_PUBLISHABLE_KEY: "pk_test_unused",
      STRIPE_WEBHOOK_SECRET: "whsec_unused",
      PAYPAL_CLIENT_ID: "client-unused",
      PAYPAL_CLIENT_SECRET: "secret-unused",
      PAYPAL_WEBHOOK_ID: "WH-unused",
    });
    try {
      const page = await fetch(`http://localhost:${server.port}/`);
      const csp = page.headers.get("content-security-policy") ?? "";
      const directive = (name: string) => csp.split(";").find((d) => d.trim().startsWith(name)) ?? "";
      expect(directive("script-src")).toContain("https://js.stripe.com");
      expect(directive("script-src")).toContain("https://*.paypal.com");
      expect(directive("frame-src")).toContain("https://hooks.stripe.com");
      expect(directive("connect-src")).toContain("https://api.stripe.com");
      expect(page.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
      // Without JavaScript, "Continue with Google" is a form the browser follows on to Google.
      expect(directive("form-action").trim()).toBe("form-action 'self' https://accounts.google.com");
      // The secrets never reach a page.
      expect(await page.text()).not.toMatch(/sk_test_unused|whsec_unused|secret-unused/);
    } finally {
      await server.stop();
    }
  });

  it("finishes a request in flight on SIGTERM, then exits cleanly", async () => {
    const server = await startServer();
    const response = new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${server.baseUrl}/contact`,
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      request.on("error", reject);
      request.write("name=Sam");
      // The body is still arriving when the server is told to stop.
      setTimeout(() => {
        server.child.kill("SIGTERM");
        setTimeout(() => request.end("&message=hello"), 300);
      }, 200);
    });
    expect(await response).toBeGreaterThanOrEqual(200);
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain("shut down cleanly");
  });
});
