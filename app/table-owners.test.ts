import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Each table is written by one module; the others call it. docs/architecture.md
 * ("Table ownership") lists the same. Better Auth writes `user`, `session`,
 * `account` and `verification` itself; deleting an account erases the member
 * from every table in one transaction (accounts/own-data.server.ts) by design.
 */
const OWNER: Record<string, string> = {
  user: "modules/accounts",
  // Better Auth's; accounts shortens an owner's sessions when she is made one.
  session: "modules/accounts",
  confirmation_codes: "modules/accounts",
  profiles: "modules/accounts",
  audio_progress: "modules/listening",
  listening_days: "modules/listening",
  program_schedule: "modules/program",
  user_progress: "modules/program",
  programme_settings: "modules/program",
  share_tokens: "modules/partner",
  partner_invitations: "modules/partner",
  partner_links: "modules/partner",
  labour_contractions: "modules/labour",
  contact_messages: "modules/contact",
  contact_threads: "modules/contact",
  contact_replies: "modules/contact",
  email_outbox: "modules/email",
  purchases: "modules/payments",
  payment_events: "modules/payments",
  member_access: "modules/payments",
  invoices: "modules/payments",
  invoice_counters: "modules/payments",
  // The studio's offers page calls payments' functions.
  offers: "modules/payments",
  offer_holds: "modules/payments",
  gifts: "modules/payments",
  rate_limits: "platform",
  jobs: "platform",
  // Moved on by whichever module publishes (studio content); read by the page caches.
  content_version: "platform",
  content_revisions: "modules/catalogue",
  session_settings: "modules/catalogue",
  push_subscriptions: "modules/reminders",
  reminder_settings: "modules/reminders",
  birth_plan_versions: "modules/birth-plan",
  birth_plan_comments: "modules/birth-plan",
  // Better Auth's two-factor plugin writes it too; the studio removes a lost authenticator.
  twoFactor: "modules/studio",
  // Better Auth's passkey plugin writes it too; the studio's recovery command removes an owner's.
  passkey: "modules/studio",
  studio_checks: "modules/studio",
  audit_log: "modules/studio",
  studio_reasons: "modules/studio",
  studio_settings: "modules/studio",
  // The versions of each recording and guide; the studio's uploads and publishes call media's functions.
  media_versions: "modules/media",
  caption_revisions: "modules/transcripts",
};

/** Writes still made outside the owner, named so that no new one can join them unseen (none today). */
const NOT_YET_MOVED: Record<string, string[]> = {};

const appDir = path.resolve(import.meta.dirname);

/** The folder that owns a file: app/modules/<name>, or the file's own top folder under app/. */
function ownerOf(file: string): string {
  const parts = path.relative(appDir, file).split(path.sep);
  return parts[0] === "modules" ? `modules/${parts[1]}` : parts[0]!;
}

/** Which folders write each table through the query builder (insertInto, updateTable, deleteFrom). */
function writers(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const files = fs
    .readdirSync(appDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  for (const file of files) {
    for (const match of fs
      .readFileSync(file, "utf8")
      .matchAll(/\b(?:insertInto|updateTable|deleteFrom)\("(\w+)"\)/g)) {
      const table = match[1]!;
      if (!found.has(table)) found.set(table, new Set());
      found.get(table)!.add(ownerOf(file));
    }
  }
  return found;
}

describe("table ownership", () => {
  it("has each table written only by its owner (and the writes named as not yet moved)", () => {
    const found = writers();
    const strays = [...found].flatMap(([table, folders]) =>
      [...folders]
        .filter((folder) => folder !== OWNER[table] && !NOT_YET_MOVED[table]?.includes(folder))
        .map((folder) => `${table} written in ${folder}`),
    );
    expect(strays).toEqual([]);
  });

  it("names an owner for every table the app writes, and no exception that has gone", () => {
    const found = writers();
    expect([...found.keys()].filter((table) => !OWNER[table])).toEqual([]);
    for (const [table, folders] of Object.entries(NOT_YET_MOVED)) {
      for (const folder of folders) expect(found.get(table), `${table} in ${folder}`).toContain(folder);
    }
  });
});
