import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";
import { createCookieClient, type CookieClient } from "../../support/cookie-client.ts";
import { signUpOverHttp } from "../../support/accounts.ts";
import { localOutbox, type Mailbox } from "../../support/mailbox.ts";
import { makePremium, uniqueEmail, withServerDatabase, type ServerData } from "./accounts.ts";

/**
 * Shared pieces of the security suite: the app's routes as the route config
 * declares them, members signed in over HTTP, and a snapshot of everything a
 * member owns, to prove that a refused request changed nothing.
 */

export interface RouteEntry {
  /** The URL pattern, e.g. "/portal/profile" or "/api/audio/:trackId/progress". */
  path: string;
  file: string;
  loader: boolean;
  action: boolean;
}

/**
 * Who may call what. Every route in app/routes.ts is classified here; the
 * member routes say how to call them. A route added without a line here (or
 * a line left for a route that is gone) fails the first test, by name.
 */
export type RouteKind =
  | "public" // anyone, and the same for everyone
  | "public-form" // anyone may post (the contact form)
  | "auth-handler" // sign-in, sign-up, reset, sign-out: Better Auth and our forms around it
  | "webhook" // the payment providers, verified by signature
  | "dev-only" // the local outbox and error screens on demand, a 404 on a deployed site
  | "capability" // the partner view, the calendar feed, the reminder stop link: whoever holds the unguessable link
  | "signed-media" // a stream behind a URL signed for one member
  | "member" // a signed-in member's own pages, forms and APIs
  | "studio"; // the owner's studio: an owner whose session completed her second factor (tests/e2e/studio-sign-in.test.ts)

export const ROUTES: Record<string, RouteKind> = {
  "/": "public",
  "/hypno-science": "public",
  "/hypno-science/:slug": "public",
  "/stories": "public",
  "/stories/:slug": "public",
  "/course": "public",
  "/free-downloads": "public",
  "/podcast": "public",
  "/about": "public",
  "/contact": "public-form",
  "/terms": "public",
  "/privacy": "public",
  "/auth": "auth-handler",
  "/auth/reset-password": "auth-handler",
  "/*": "public",
  "/signup": "public",
  "/guides/:file": "public",
  "/audio/preview.mp3": "public",
  "/sitemap.xml": "public",
  "/robots.txt": "public",
  "/auth/sign-out": "auth-handler",
  "/api/auth/*": "auth-handler",
  "/api/audio/:trackId/signed-url": "member",
  "/api/audio/:trackId/progress": "member",
  "/api/time-zone": "member",
  "/api/labour/contractions": "member",
  "/api/push-subscription": "member",
  "/api/birth-plan": "member",
  "/api/create-payment-intent": "member",
  "/api/confirm-payment": "member",
  "/api/create-paypal-order": "member",
  "/api/price-code": "member",
  "/api/capture-paypal-order": "member",
  "/api/demo/confirm-card": "member",
  "/api/demo/approve-paypal": "member",
  "/api/webhooks/stripe": "webhook",
  "/api/webhooks/paypal": "webhook",
  "/media/audio/:file": "signed-media",
  // A track's captions are as open as the track (the landing preview's to anyone, as its audio is).
  "/captions/:file": "member",
  "/dev/outbox": "dev-only",
  "/dev/error/:status": "dev-only",
  "/shared/:token": "capability",
  "/reminders/stop": "capability",
  "/partner/join/:token": "capability",
  "/gift/:code": "capability",
  "/calendar/:file": "capability",
  "/portal": "member",
  "/portal/partner": "member",
  "/portal/library": "member",
  "/portal/library/:trackId/transcript": "member",
  "/portal/program": "member",
  "/portal/profile": "member",
  "/portal/profile/export": "member",
  "/portal/receipt": "member",
  "/portal/gifts": "member",
  "/portal/gifts/new": "member",
  "/portal/invoices/:file": "member",
  "/portal/resources": "member",
  "/portal/podcast": "member",
  "/portal/hypno-science": "member",
  "/portal/hypno-science/:slug": "member",
  "/portal/contact": "member",
  "/portal/labour": "member",
  "/portal/birth-preferences": "member",
  "/portal/birth-preferences/print": "member",
  "/portal/birth-preferences.pdf": "member",
  "/studio": "studio",
  "/studio/check": "studio",
  "/studio/members": "studio",
  "/studio/members.csv": "studio",
  "/studio/members/:id": "studio",
  "/studio/purchases": "studio",
  "/studio/offers": "studio",
  "/studio/purchases/:id/refund": "studio",
  "/studio/invoices.csv": "studio",
  "/studio/invoices/:file": "studio",
  "/studio/inbox": "studio",
  "/studio/inbox/:thread": "studio",
  "/studio/content": "studio",
  "/studio/content/:session/captions": "studio",
  "/studio/words": "studio",
  "/studio/words/:kind/:slug": "studio",
  "/studio/insights": "studio",
  "/studio/security": "studio",
  "/studio/time-zone": "studio",
  "/studio/passkey": "studio",
  "/studio/audit": "studio",
};

const appDir = path.resolve(import.meta.dirname, "../../../app");

/** Every route in app/routes.ts, nested paths joined, with whether its module has a loader and an action. */
export function routeEntries(): RouteEntry[] {
  const entries: RouteEntry[] = [];
  const walk = (children: RouteConfigEntry[], parent: string) => {
    for (const entry of children) {
      const joined = entry.path === undefined ? parent : `${parent.replace(/\/$/, "")}/${entry.path}`;
      const source = fs.readFileSync(path.join(appDir, entry.file), "utf8");
      const exports = (name: string) =>
        new RegExp(`^export (async )?(function|const) ${name}\\b`, "m").test(source);
      // Layouts without a path add no URL of their own; their children are listed.
      if (entry.path !== undefined || entry.index) {
        entries.push({
          path: joined || "/",
          file: entry.file,
          loader: exports("loader"),
          action: exports("action"),
        });
      }
      if (entry.children) walk(entry.children, joined);
    }
  };
  walk(routes, "");
  return entries;
}

const serverFile = path.resolve(import.meta.dirname, "../../../server/app.ts");

/**
 * The paths the server answers itself, before React Router (`app.get("/media/audio/:file", …)` and
 * the like in server/app.ts), as Express patterns: a lane added there is attacked with the rest.
 */
function serverRoutes(): string[] {
  const source = fs.readFileSync(serverFile, "utf8");
  return [...source.matchAll(/\bapp\.(?:get|post|use)\(\s*"(\/[^"]*)"/g)].map((match) => match[1]!);
}

/**
 * Percent-escapes no browser sends in a path: bytes that are no UTF-8 (a lone byte, a cut-off
 * sequence, overlong forms of "/", a UTF-16 surrogate), a stray or non-hex "%", and control characters.
 */
const MALFORMED_ESCAPES = ["%ff", "%", "%zz", "%e0%80", "%c0%af", "%e0%80%af", "%ed%a0%80", "%00", "%0d%0a"];

/**
 * Every route's URLs with malformed escapes where its parameters go (every one of them, in
 * app/routes.ts and server/app.ts), and as a last segment of a route that has none.
 */
export function malformedPaths(): string[] {
  const patterns = [...routeEntries().map((entry) => entry.path), ...serverRoutes()];
  const paths = MALFORMED_ESCAPES.flatMap((escape) =>
    patterns.map((pattern) =>
      /:\w|\*/.test(pattern)
        ? pattern.replace(/:\w+|\*/g, escape)
        : `${pattern.replace(/\/$/, "")}/${escape}`,
    ),
  );
  return [...new Set(paths)];
}

/**
 * A client for `baseUrl` that looks like its own visitor (the servers trust one
 * proxy hop). A header given as "" is not sent at all (`origin: ""` for a
 * request without Origin).
 */
export function visitor(baseUrl: string): CookieClient {
  const ip = `198.51.100.${Math.floor(Math.random() * 254) + 1}`;
  return createCookieClient(baseUrl, (request) => {
    request.headers.set("x-forwarded-for", ip);
    for (const [name, value] of [...request.headers]) if (value === "") request.headers.delete(name);
    return fetch(request, { redirect: "manual" });
  });
}

export interface Member {
  client: CookieClient;
  email: string;
  name: string;
  id: string;
}

/** A new member, signed up through the sign-up form and the emailed link, premium when asked. */
export async function signUpMember(
  server: ServerData & { baseUrl: string },
  {
    premium = false,
    name = "Robin Member",
    label = "member",
    email = uniqueEmail(label),
    // A server with SMTP_URL sends to a test mail server instead of its local outbox.
    mailbox = localOutbox(server.dataDir),
  }: { premium?: boolean; name?: string; label?: string; email?: string; mailbox?: Mailbox } = {},
): Promise<Member> {
  const { client } = await signUpOverHttp(server.baseUrl, mailbox, {
    name,
    email,
    client: visitor(server.baseUrl),
  });
  if (premium) await makePremium(email, server);
  const id = await withServerDatabase(
    async (db) =>
      (await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id,
    server,
  );
  return { client, email, name, id };
}

/** Whether the client's session still works: her profile page answers, with her address on it. */
export async function isSignedIn(client: CookieClient, email: string) {
  const response = await client.request("/portal/profile");
  return response.status === 200 && (await response.text()).includes(email);
}

/**
 * Everything the members with these ids own, as plain JSON (booleans as
 * booleans on both databases). Sessions, rate-limit counters and the outbox
 * are left out: they move with every request by design.
 */
export async function memberState(server: ServerData, ids: string[]) {
  return withServerDatabase(async (db) => {
    const rows = <T extends object>(list: T[]) =>
      JSON.parse(
        JSON.stringify(list, (_key, value: unknown) => (value instanceof Date ? value.toISOString() : value)),
      ) as T[];
    const bools = (list: Record<string, unknown>[], keys: string[]) =>
      list.map((row) => ({ ...row, ...Object.fromEntries(keys.map((key) => [key, Boolean(row[key])])) }));
    return {
      users: rows(
        await db
          .selectFrom("user")
          .select(["id", "name", "email", "image"])
          .where("id", "in", ids)
          .orderBy("id")
          .execute(),
      ),
      accounts: rows(
        await db
          .selectFrom("account")
          .select(["id", "userId", "password"])
          .where("userId", "in", ids)
          .orderBy("id")
          .execute(),
      ),
      profiles: rows(
        await db.selectFrom("profiles").selectAll().where("id", "in", ids).orderBy("id").execute(),
      ),
      programme: bools(
        rows(
          await db
            .selectFrom("programme_settings")
            .selectAll()
            .where("user_id", "in", ids)
            .orderBy("user_id")
            .execute(),
        ),
        ["is_induction", "hide_streaks"],
      ),
      access: bools(
        rows(
          await db
            .selectFrom("member_access")
            .selectAll()
            .where("user_id", "in", ids)
            .orderBy("user_id")
            .execute(),
        ),
        ["course_access"],
      ),
      audioProgress: bools(
        rows(
          await db
            .selectFrom("audio_progress")
            .selectAll()
            .where("user_id", "in", ids)
            .orderBy("id")
            .execute(),
        ),
        ["completed", "listened_offline"],
      ),
      schedule: bools(
        rows(
          await db
            .selectFrom("program_schedule")
            .selectAll()
            .where("user_id", "in", ids)
            .orderBy("id")
            .execute(),
        ),
        ["completed"],
      ),
      userProgress: bools(
        rows(
          await db
            .selectFrom("user_progress")
            .selectAll()
            .where("user_id", "in", ids)
            .orderBy("user_id")
            .execute(),
        ),
        ["daily_audio_completed"],
      ),
      shareTokens: rows(
        await db
          .selectFrom("share_tokens")
          .selectAll()
          .where("user_id", "in", ids)
          .orderBy("user_id")
          .execute(),
      ),
      purchases: rows(
        await db.selectFrom("purchases").selectAll().where("user_id", "in", ids).orderBy("id").execute(),
      ),
      // Times as numbers on both databases (PostgreSQL hands bigint back as text).
      labourContractions: (
        await db
          .selectFrom("labour_contractions")
          .select(["user_id", "started_at", "ended_at"])
          .where("user_id", "in", ids)
          .orderBy("user_id")
          .orderBy("started_at")
          .execute()
      ).map((row) => ({
        user_id: row.user_id,
        started_at: Number(row.started_at),
        ended_at: row.ended_at === null ? null : Number(row.ended_at),
      })),
      pushSubscriptions: rows(
        await db
          .selectFrom("push_subscriptions")
          .select(["user_id", "endpoint", "p256dh", "auth"])
          .where("user_id", "in", ids)
          .orderBy("endpoint")
          .execute(),
      ),
      birthPlanVersions: rows(
        await db
          .selectFrom("birth_plan_versions")
          .select(["user_id", "number", "content", "restored_from"])
          .where("user_id", "in", ids)
          .orderBy("user_id")
          .orderBy("number")
          .execute(),
      ),
      // Comments on her plan and those she wrote, resolved or not.
      birthPlanComments: rows(
        await db
          .selectFrom("birth_plan_comments")
          .select(["id", "user_id", "author_id", "section_id", "body", "resolved_at"])
          .where((eb) => eb.or([eb("user_id", "in", ids), eb("author_id", "in", ids)]))
          .orderBy("id")
          .execute(),
      ),
      partnerLinks: rows(
        await db
          .selectFrom("partner_links")
          .select(["user_id", "partner_id"])
          .where((eb) => eb.or([eb("user_id", "in", ids), eb("partner_id", "in", ids)]))
          .orderBy("user_id")
          .execute(),
      ),
    };
  }, server);
}

/** How many rows each table holds that no request by a visitor should add to. */
export async function tableCounts(server: ServerData) {
  return withServerDatabase(async (db) => {
    const count = async (table: "user" | "purchases" | "contact_messages" | "share_tokens" | "profiles") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      users: await count("user"),
      profiles: await count("profiles"),
      purchases: await count("purchases"),
      contactMessages: await count("contact_messages"),
      shareTokens: await count("share_tokens"),
    };
  }, server);
}

/** A URL for a route pattern, its parameters filled in. */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)|\*/g, (match, name: string | undefined) => {
    const value = params[name ?? "*"];
    if (value === undefined) throw new Error(`No value for ${match} in ${pattern}`);
    return value;
  });
}

/** Values that are fields a member must never be able to set. */
export function massAssignment(otherId: string): Record<string, string> {
  return {
    subscription_tier: "premium",
    subscriptionTier: "premium",
    course_access: "true",
    courseAccess: "true",
    user_id: otherId,
    userId: otherId,
    id: otherId,
    email: "someone-else@example.com",
    role: "admin",
  };
}
