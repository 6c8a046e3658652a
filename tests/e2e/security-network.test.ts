import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { AUTH_LIMITS } from "#app/modules/accounts/auth-endpoints.ts";
import { createCookieClient } from "../support/cookie-client.ts";
import { freePort, spawnServer, startServer, type ServerProcess } from "../support/server-process.ts";
import { signUpOverHttp } from "../support/accounts.ts";
import { localOutbox } from "../support/mailbox.ts";
import { uniqueEmail } from "./support/accounts.ts";

/**
 * What a server shows the network. A local run answers this machine only and
 * keeps its demo conveniences (the outbox page, which shows every sign-in
 * link, and the demo checkout) to it; a server that listens anywhere else,
 * or says it is production, has none. And the address the abuse limits count
 * is the one the trusted proxy saw, never one a client wrote.
 */
describe("the server on the network", () => {
  const servers: ServerProcess[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const server = await startServer(env);
    servers.push(server);
    return server;
  };
  afterAll(async () => {
    for (const server of servers) {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  /** This machine's own address on its network, if it has one. */
  const lanAddress = () =>
    Object.values(os.networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;

  it("listens on 127.0.0.1 only by default, with the demo conveniences on for this machine", async () => {
    const server = await start();
    // The log line is written once the server listens, and may reach the pipe after /readyz answers.
    await expect.poll(() => server.output()).toMatch(/demo features are on/);
    expect((await fetch(`http://127.0.0.1:${server.port}/dev/outbox`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${server.port}/dev/error/403`)).status).toBe(403);
    // A demo run backs every provider's button with the local sign-in stand-in.
    expect(await (await fetch(`http://127.0.0.1:${server.port}/auth?tier=signin`)).text()).toContain(
      "Continue with Google",
    );
    const lan = lanAddress();
    if (lan) {
      await expect(fetch(`http://${lan}:${server.port}/healthz`)).rejects.toThrow();
    }
  });

  it("turns the demo conveniences off when it listens on every interface, and says why", async () => {
    const server = await start({ HOST: "0.0.0.0" });
    await expect
      .poll(() => server.output())
      .toMatch(/demo features are off: the server listens on 0\.0\.0\.0/);
    const lan = lanAddress() ?? "127.0.0.1";
    const base = `http://${lan}:${server.port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/dev/outbox`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${server.port}/dev/outbox`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${server.port}/dev/error/403`)).status).toBe(404);
    const checkout = await (await fetch(`${base}/auth?tier=premium`)).text();
    expect(checkout).not.toMatch(/Demo checkout|4242 4242/);
    // No provider has keys and the stand-in is the demo's: no "Continue with" at all.
    expect(checkout).not.toMatch(/Continue with (Google|Facebook|Apple)/);
    const demoCard = await fetch(`${base}/api/demo/confirm-card`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: `http://localhost:${server.port}` },
      body: JSON.stringify({ paymentIntentId: "pi_x", cardNumber: "4242424242424242" }),
    });
    expect([401, 404]).toContain(demoCard.status);
  });

  it("turns them off in production, which needs BASE_URL and APP_SECRET to start at all", async () => {
    const refused = spawnServer({ NODE_ENV: "production", DATA_DIR: fs.mkdtempSync("/tmp/tidewell-prod-") });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(/BASE_URL must be set with NODE_ENV=production/);
    expect(refused.output()).toMatch(/APP_SECRET must be set with NODE_ENV=production/);
    expect(refused.output()).not.toMatch(/^\s+at /m);

    const server = await start({
      NODE_ENV: "production",
      APP_SECRET: crypto.randomBytes(32).toString("hex"),
    });
    // Its log reaches the pipe on its own schedule: ready to answer can come before that line is read.
    await expect.poll(() => server.output()).toMatch(/demo features are off: NODE_ENV is production/);
    expect((await fetch(`${server.baseUrl}/dev/outbox`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/dev/error/500`)).status).toBe(404);
    // No provider keys: no social sign-in offered at all, rather than buttons that can't work.
    const signIn = await (await fetch(`${server.baseUrl}/auth?tier=signin`)).text();
    expect(signIn).toContain("Sign in");
    expect(signIn).not.toMatch(/Continue with|or sign in with/);
    // A member finds the course can't be bought: no demo card, no stand-in providers.
    const { client } = await signUpOverHttp(server.baseUrl, localOutbox(server.dataDir));
    const intent = await client.request("/api/create-payment-intent", { method: "POST", json: {} });
    expect(intent.status).toBe(503);
  });

  it("shows the local outbox only to a visitor on this machine, whatever the proxy header says", async () => {
    const server = await start({ TRUST_PROXY: "1" });
    const outbox = (forwardedFor?: string) =>
      fetch(`${server.baseUrl}/dev/outbox`, {
        headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
      });
    expect((await outbox()).status).toBe(200);
    expect((await outbox("203.0.113.9")).status).toBe(404);
    // A visitor writing "127.0.0.1" at the left of the header is still where the proxy saw her.
    expect((await outbox("127.0.0.1, 203.0.113.9")).status).toBe(404);
  });

  it("counts a client where the trusted proxy saw it, whatever it wrote in X-Forwarded-For", async () => {
    const server = await start({ TRUST_PROXY: "1" });
    const [rule] = AUTH_LIMITS["/sign-in/magic-link"]!.ip;
    // The proxy appends the address it saw (198.51.100.7); the client made up everything before it.
    const ask = (forged: string) =>
      createCookieClient(server.baseUrl).request("/auth?tier=signin&mode=magic", {
        method: "POST",
        form: { intent: "magic-link", email: uniqueEmail("forged") },
        headers: { "x-forwarded-for": `${forged}, 198.51.100.7` },
      });
    for (let n = 0; n < rule!.limit; n += 1) expect((await ask(`10.1.1.${n}`)).status).toBe(200);
    expect((await ask("10.9.9.9")).status).toBe(429);
    // Another client behind the same proxy is counted on its own.
    const other = await createCookieClient(server.baseUrl).request("/auth?tier=signin&mode=magic", {
      method: "POST",
      form: { intent: "magic-link", email: uniqueEmail("forged") },
      headers: { "x-forwarded-for": "198.51.100.8" },
    });
    expect(other.status).toBe(200);
  });

  it("ignores X-Forwarded-For altogether when no proxy is trusted", async () => {
    const server = await start();
    const [rule] = AUTH_LIMITS["/sign-in/magic-link"]!.ip;
    const ask = (forged: string) =>
      createCookieClient(server.baseUrl).request("/auth?tier=signin&mode=magic", {
        method: "POST",
        form: { intent: "magic-link", email: uniqueEmail("forged") },
        headers: { "x-forwarded-for": forged },
      });
    for (let n = 0; n < rule!.limit; n += 1) expect((await ask(`10.2.2.${n}`)).status).toBe(200);
    expect((await ask("10.2.2.250")).status).toBe(429);
  });

  it("refuses TRUST_PROXY=true, which would believe the client", async () => {
    const port = await freePort();
    const refused = spawnServer({
      TRUST_PROXY: "true",
      PORT: String(port),
      DATA_DIR: fs.mkdtempSync("/tmp/tidewell-proxy-"),
    });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(/TRUST_PROXY must be false, the number of proxies/);
  });
});
