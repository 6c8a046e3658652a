import crypto from "node:crypto";
import { openDatabase, type Db } from "#app/platform/db.server.ts";
import { createCookieClient, firstLink, type CookieClient } from "./cookie-client.ts";
import type { Mailbox } from "./mailbox.ts";

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

/** The subject of the email that confirms a new account. */
export const CONFIRM_SUBJECT = /Confirm your email/;

/**
 * Creates a free account over HTTP as a person does: the sign-up form, then
 * the link in the email it sends. The client is then signed in as its member.
 */
export async function signUpOverHttp(
  baseUrl: string,
  mailbox: Mailbox,
  {
    name = "Lee Listener",
    email = uniqueEmail(),
    client = visitorClient(baseUrl),
  }: { name?: string; email?: string; client?: CookieClient } = {},
): Promise<{ client: CookieClient; email: string }> {
  const form = { intent: "sign-up", tier: "free", name, email, password: PASSWORD };
  const response = await client.request("/auth", { method: "POST", form });
  if (response.status !== 200) {
    throw new Error(`Sign-up for ${email} answered ${response.status}: ${await response.text()}`);
  }
  const link = firstLink((await mailbox.latest(email, CONFIRM_SUBJECT)).text);
  const confirmed = await client.request(link);
  if (confirmed.status !== 302 || !client.sessionToken()) {
    throw new Error(`The confirmation link for ${email} answered ${confirmed.status}`);
  }
  return { client, email };
}
