/**
 * The bench's members: one who signs up as a person does (the form, then the
 * link in the email), and many more put straight into the database before
 * the server starts, to fill the server's memory with their portal pages.
 */
import crypto from "node:crypto";
import path from "node:path";
import type * as EnvModule from "#app/platform/env.server.ts";
import type * as LogModule from "#app/platform/log.server.ts";
import type * as ServicesModule from "#app/services.server.ts";
import { median } from "./bench-report.ts";
import { confirmationLink } from "./local-run.ts";

/**
 * A member, signed in, with a signed URL for a Foundation track: the sign-up
 * form, then the link in the email the server left in its local outbox.
 */
export async function signUp(base: string, dataDir: string) {
  const email = `bench-${Date.now()}@example.com`;
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({
      intent: "sign-up",
      tier: "free",
      name: "Bench Mark",
      email,
      password: "calm-waters-rise",
    }),
  });
  if (!response.ok) throw new Error(`Sign-up failed: ${response.status}`);
  const confirmed = await fetch(await confirmationLink(dataDir, email), { redirect: "manual" });
  const cookie = confirmed.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error(`Confirmation failed: ${confirmed.status}`);
  const signed = await fetch(`${base}/api/audio/affirmations-purpose/signed-url`, {
    method: "POST",
    headers: { cookie, origin: base },
  });
  const { url } = (await signed.json()) as { url: string };
  return { cookie, audioUrl: new URL(url, base).href };
}

/**
 * `count` confirmed members, each with a session, written into the database
 * in `dataDir` by the app's own modules (loaded through Vite, which resolves
 * their imports): Better Auth creates each user (its hook adds the profile)
 * and session, with no password to hash. Returns each member's session
 * cookie, signed as Better Auth signs it. Run before the server starts.
 */
export async function seedMembers(root: string, where: { dataDir: string; url: string }, count: number) {
  const { createServer } = await import("vite");
  const nodeEnv = process.env.NODE_ENV;
  const vite = await createServer({
    root,
    configFile: false,
    logLevel: "error",
    resolve: { tsconfigPaths: true },
    server: { middlewareMode: true, hmr: false, watch: null, ws: false },
    appType: "custom",
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const load = (file: string) => vite.ssrLoadModule(path.join(root, file));
    const { createServices, closeServices } = (await load("app/services.server.ts")) as typeof ServicesModule;
    const { parseEnv } = (await load("app/platform/env.server.ts")) as typeof EnvModule;
    const { createLogger } = (await load("app/platform/log.server.ts")) as typeof LogModule;
    const env = parseEnv({ PORT: new URL(where.url).port, BASE_URL: where.url, DATA_DIR: where.dataDir });
    const services = await createServices(env, createLogger("warn"));
    try {
      const context = await services.auth.$context;
      const cookies: string[] = [];
      for (let i = 0; i < count; i += 1) {
        const user = await context.internalAdapter.createUser(
          {
            name: `Member ${i + 1}`,
            email: `member-${i + 1}@example.com`,
            emailVerified: true,
          },
          { method: "admin" },
        );
        const { token } = await context.internalAdapter.createSession(user.id);
        const signature = crypto.createHmac("sha256", context.secret).update(token).digest("base64");
        cookies.push(
          `${context.authCookies.sessionToken.name}=${encodeURIComponent(`${token}.${signature}`)}`,
        );
      }
      // The members were not invited: no welcome email waits for the server to send.
      await services.database.db.deleteFrom("email_outbox").where("kind", "=", "welcome").execute();
      return cookies;
    } finally {
      await closeServices(services);
    }
  } finally {
    await vite.close();
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * Each member's /portal, a few members at a time, twice over: the median
 * answer time of the first visits (each page rendered) and of the second
 * (each page served from memory, if the server kept them all).
 */
export async function visitPortals(base: string, cookies: string[]) {
  const round = async () => {
    const times: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < cookies.length) {
        const cookie = cookies[next++]!;
        const started = performance.now();
        const response = await fetch(`${base}/portal`, { headers: { cookie }, redirect: "manual" });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`A seeded member's /portal answered ${response.status}`);
        times.push(performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    return median(times);
  };
  const firstVisitMs = await round();
  const secondVisitMs = await round();
  return { firstVisitMs, secondVisitMs };
}
