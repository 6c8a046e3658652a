import crypto from "node:crypto";
import { openDatabase, type Db } from "~/platform/db.server.ts";
import { createCookieClient, type CookieClient } from "./cookie-client.ts";

export const PASSWORD = "calm-waters-rise";

export function uniqueEmail(label = "member") {
  return `${label}-${crypto.randomBytes(5).toString("hex")}@example.com`;
}

/** Where a server keeps its data. */
export interface ServerData {
  dataDir: string;
  databaseUrl?: string;
}

/**
 * Reads or writes a server's own database (its SQLite file, which a running
 * server holds open too in WAL mode, or its PostgreSQL schema).
 */
export async function withDatabase<T>(server: ServerData, work: (db: Db) => Promise<T>): Promise<T> {
  const handle = openDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * A cookie client that comes from its own visitor address, for talking to
 * the server over HTTP. A server started with TRUST_PROXY=1 counts each
 * address on its own towards the sign-up limit.
 */
export function visitorClient(baseUrl: string): CookieClient {
  // One of the 131,072 addresses of 198.18.0.0/15, a range kept for testing.
  const ip = `198.${18 + crypto.randomInt(2)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
  return createCookieClient(baseUrl, (request) => {
    request.headers.set("x-forwarded-for", ip);
    return fetch(request, { redirect: "manual" });
  });
}

/** Creates a free account over HTTP; the client is then signed in as its member. */
export async function signUpOverHttp(
  baseUrl: string,
  { name = "Lee Listener", email = uniqueEmail() } = {},
): Promise<{ client: CookieClient; email: string }> {
  const client = visitorClient(baseUrl);
  const response = await client.request("/api/auth/sign-up/email", {
    method: "POST",
    json: { name, email, password: PASSWORD },
  });
  if (response.status !== 200) {
    throw new Error(`Sign-up for ${email} answered ${response.status}: ${await response.text()}`);
  }
  return { client, email };
}
