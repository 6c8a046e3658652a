import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_LIMITS } from "#app/modules/accounts/auth-endpoints.ts";
import { signUpOverHttp } from "../support/accounts.ts";
import { createCookieClient } from "../support/cookie-client.ts";
import { localOutbox, type Mailbox } from "../support/mailbox.ts";
import { freePort, startServer, type ServerProcess } from "../support/server-process.ts";
import { createPostgresDatabase } from "../support/test-databases.ts";
import { uniqueEmail } from "./support/accounts.ts";

const postgresUrl = process.env.E2E_DATABASE_URL;

/**
 * Several instances behind one reverse proxy, on one PostgreSQL database:
 * whichever instance a request reaches, the member's session and the abuse
 * limits are the same, because both live in the database.
 */
describe.runIf(postgresUrl)("two instances on one PostgreSQL database (runs with E2E_DATABASE_URL)", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let first: ServerProcess;
  let second: ServerProcess;
  let publicOrigin: string;

  beforeAll(async () => {
    // An empty database: the first instance to start migrates it, as a first deployment's would.
    database = await createPostgresDatabase(postgresUrl!, "instances", { empty: true });
    // The origin visitors see, in front of both instances; they share the secret that signs cookies.
    publicOrigin = `http://localhost:${await freePort()}`;
    const shared = {
      DATABASE_URL: database.url,
      APP_SECRET: crypto.randomBytes(32).toString("hex"),
      BASE_URL: publicOrigin,
      TRUST_PROXY: "1",
    };
    first = await startServer(shared);
    second = await startServer(shared);
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await database?.drop();
    for (const server of [first, second])
      if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** A browser behind the proxy: same origin and cookies, its requests reaching one instance or the other. */
  function visitor(ip: string) {
    let next: ServerProcess | undefined;
    const client = createCookieClient(publicOrigin, async (request) => {
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      headers.set("x-forwarded-for", ip);
      return fetch(new URL(`${url.pathname}${url.search}`, (next ?? first).baseUrl), {
        method: request.method,
        headers,
        body: request.method === "GET" ? undefined : await request.text(),
        redirect: "manual",
      });
    });
    return {
      client,
      via(server: ServerProcess) {
        next = server;
        return client;
      },
    };
  }

  it("keeps a member signed in whichever instance answers", async () => {
    const amara = visitor("203.0.113.10");
    const email = uniqueEmail("instances");
    // Either instance may deliver the email from the shared outbox.
    const mailbox: Mailbox = {
      latest: (to, subject) =>
        Promise.any([first, second].map((server) => localOutbox(server.dataDir).latest(to, subject))),
    };
    await signUpOverHttp(publicOrigin, mailbox, { name: "Amara Okafor", email, client: amara.via(first) });

    const portal = await amara.via(second).request("/portal");
    expect(portal.status).toBe(200);
    // The portal's sidebar names the signed-in member.
    expect(await portal.text()).toContain(email);

    // Signing out on the second instance ends the session on the first too.
    const signOut = await amara.via(second).request("/auth/sign-out", { method: "POST", form: {} });
    expect(signOut.status).toBe(302);
    const after = await amara.via(first).request("/portal");
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/auth/);
  });

  it("counts an email's failed sign-ins across both instances", async () => {
    const email = uniqueEmail("limits");
    const { limit } = PASSWORD_LIMITS.email![0]!;
    const attacker = visitor("203.0.113.20");
    const signIn = (password: string) => ({ method: "POST", form: { intent: "sign-in", email, password } });
    for (let attempt = 1; attempt <= limit; attempt += 1) {
      const server = attempt % 2 === 0 ? second : first;
      const response = await attacker.via(server).request("/auth", signIn(`wrong-guess-${attempt}`));
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    // Neither instance alone has seen the limit, yet both refuse the next one.
    for (const server of [first, second]) {
      const blocked = await attacker.via(server).request("/auth", signIn("one-more-guess"));
      expect(blocked.status).toBe(429);
    }
  });
});
