import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { expect } from "vitest";
import { SQLITE_FILE } from "#app/platform/db.server.ts";
import { signUpOverHttp, uniqueEmail, withDatabase, type ServerData } from "../../support/accounts.ts";
import { localOutbox } from "../../support/mailbox.ts";
import type { CookieClient } from "../../support/cookie-client.ts";
import { freePort, startServer, type ServerProcess } from "../../support/server-process.ts";

/**
 * The crash test: members write progress, tick off programme days and buy
 * the course, all at once, while the server is SIGKILLed at random moments
 * and started again on the same data. After every restart, each write the
 * server acknowledged (a 2xx answer) must be there, and every premium member
 * must have a paid purchase and the other way round.
 */
export interface CrashScenarioOptions {
  rounds: number;
  /** A PostgreSQL schema's URL; SQLite in the data directory otherwise. */
  databaseUrl?: string;
  log?: (message: string) => void;
}

export interface CrashScenarioReport {
  rounds: number;
  progressWrites: number;
  activityToggles: number;
  purchases: number;
}

/** Tracks a free member may play, so their progress writes are allowed. */
const FREE_TRACKS = ["affirmations-purpose", "affirmations-2"] as const;
const MEMBERS = 3;
const BUYERS_PER_ROUND = 2;
const CARD_THAT_PAYS = "4242424242424242";
/** The load runs for a random time up to this long, plus a tenth of a second, before the kill. */
const MAX_LOAD_MS = 1_500;

interface Member {
  client: CookieClient;
  email: string;
  id: string;
  /** The programme's day rows she may tick today, by id. */
  rows: string[];
  /** All fourteen of her programme's day rows: the ones to come must stay unticked. */
  days: string[];
}

/** What the server acknowledged, and what was in flight when it died. */
class Ledger {
  /** Last acknowledged position per member and track (positions only grow). */
  readonly positions = new Map<string, number>();
  /** Per programme row: the acknowledged state, and the one sent but not answered. */
  readonly activities = new Map<string, { acked: boolean; inFlight?: boolean }>();
  /** Accounts whose sign-up was acknowledged. */
  readonly accounts = new Set<string>();
  /** Members whose payment the server confirmed as granted. */
  readonly buyers = new Set<string>();
  /** Answers that should never come from a healthy server (a 5xx, a refused write). */
  readonly unexpected: string[] = [];
  /** Acknowledged writes, to show the load really ran. */
  progressWrites = 0;
  activityToggles = 0;

  expectOk(what: string, response: Response) {
    if (response.ok) return true;
    this.unexpected.push(`${what} answered ${response.status}`);
    return false;
  }
}

export async function runCrashScenario(options: CrashScenarioOptions): Promise<CrashScenarioReport> {
  const log = options.log ?? (() => {});
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-crash-"));
  const data: ServerData = { dataDir, databaseUrl: options.databaseUrl };
  // Behind a trusted proxy, so each test visitor's address counts on its own towards the sign-up limit.
  const env: Record<string, string> = { DATA_DIR: dataDir, PORT: String(await freePort()), TRUST_PROXY: "1" };
  // On PostgreSQL the shared secret comes from the environment; sessions must outlive a restart.
  if (options.databaseUrl) {
    Object.assign(env, {
      DATABASE_URL: options.databaseUrl,
      APP_SECRET: crypto.randomBytes(32).toString("hex"),
    });
  }
  const start = () => startServer(env, { sqlite: !options.databaseUrl });

  let server: ServerProcess = await start();
  const ledger = new Ledger();
  try {
    const members = await Promise.all(
      Array.from({ length: MEMBERS }, (_, i) => newMember(server.baseUrl, data, `Crash Member ${i + 1}`)),
    );
    for (const member of members) {
      for (const row of member.days) ledger.activities.set(row, { acked: false });
    }
    let positionClock = 0;

    for (let round = 1; round <= options.rounds; round++) {
      // New accounts buy the course this round (each once, so they are made beforehand).
      const buyers = await Promise.all(
        Array.from({ length: BUYERS_PER_ROUND }, async () => {
          const email = uniqueEmail("buyer");
          const { client } = await signUpOverHttp(server.baseUrl, localOutbox(server.dataDir), {
            name: "Crash Buyer",
            email,
          });
          ledger.accounts.add(email);
          return { client, email };
        }),
      );
      let running = true;
      const purchases = buyers.map((buyer) =>
        loop(
          ledger,
          () => running,
          async () => {
            await buyCourse(buyer, ledger);
            return "done";
          },
        ),
      );
      const load = Promise.all([
        ...members.map((member) =>
          loop(
            ledger,
            () => running,
            async (i) => {
              const track = FREE_TRACKS[i % FREE_TRACKS.length]!;
              const position = ++positionClock;
              const response = await member.client.request(`/api/audio/${track}/progress`, {
                method: "POST",
                json: { positionSeconds: position },
              });
              await response.arrayBuffer();
              if (ledger.expectOk("progress", response)) {
                ledger.positions.set(`${member.id}:${track}`, position);
                ledger.progressWrites += 1;
              }
            },
          ),
        ),
        ...members.map((member) =>
          loop(
            ledger,
            () => running,
            async (i) => {
              const row = member.rows[i % member.rows.length]!;
              const state = ledger.activities.get(row)!;
              const completed = !state.acked;
              state.inFlight = completed;
              const response = await member.client.request("/portal/program.data", {
                method: "POST",
                form: { intent: "toggle-activity", rowId: row, completed: String(completed) },
              });
              await response.arrayBuffer();
              if (ledger.expectOk("toggle-activity", response)) {
                ledger.activities.set(row, { acked: completed });
                ledger.activityToggles += 1;
              }
            },
          ),
        ),
        ...purchases,
      ]);
      // Every other round the random moment counts from the round's first purchase done: a whole purchase
      // (three requests) can outlast the window on a slow machine, and then no round would test one.
      if (round % 2 === 0) await Promise.race(purchases);
      await sleep(100 + Math.random() * MAX_LOAD_MS);
      running = false;
      await server.kill();
      await load;

      // The file as the crash left it (read-only: no recovery, no checkpoint)…
      if (!options.databaseUrl) expectIntact(path.join(dataDir, SQLITE_FILE));
      server = await start();
      // And as the restarted server recovered it.
      if (!options.databaseUrl) expectIntact(path.join(dataDir, SQLITE_FILE));
      await expectAcknowledgedWrites(data, members, ledger);
      // Members stay signed in across the crash (and the server warms up before the next load).
      await Promise.all(
        members.map(async (member) => {
          const portal = await member.client.request("/portal/program");
          expect(portal.status, `${member.email} still signed in`).toBe(200);
          await portal.arrayBuffer();
        }),
      );
      log(
        `round ${round}: ${ledger.progressWrites} progress writes, ${ledger.activityToggles} toggles, ${ledger.buyers.size} purchases so far`,
      );
    }
    expect(ledger.unexpected).toEqual([]);
    return {
      rounds: options.rounds,
      progressWrites: ledger.progressWrites,
      activityToggles: ledger.activityToggles,
      purchases: ledger.buyers.size,
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Repeats `step` until told to stop, or until it is done. The server's death shows up as a
 * failed fetch, which ends the loop: whatever was in flight is unknown. A
 * failure while the server still runs is noted.
 */
async function loop(ledger: Ledger, running: () => boolean, step: (i: number) => Promise<void | "done">) {
  for (let i = 0; running(); i++) {
    try {
      if ((await step(i)) === "done") return;
    } catch (error) {
      if (running()) ledger.unexpected.push(`failed while the server ran: ${String(error)}`);
      return;
    }
  }
}

/** A free member with a saved due date, so the programme's 14 days exist. */
async function newMember(baseUrl: string, data: ServerData, name: string): Promise<Member> {
  const { client, email } = await signUpOverHttp(baseUrl, localOutbox(data.dataDir), {
    name,
    email: uniqueEmail("crash"),
  });
  // Due within two weeks, so her programme starts today and its first day is open to tick.
  const dueDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const saved = await client.request("/portal/program.data", {
    method: "POST",
    form: { intent: "save-date", mode: "due", date: dueDate },
  });
  expect(saved.status).toBe(200);
  return withDatabase(data, async (db) => {
    const { id } = await db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom("program_schedule")
      .select("id")
      .where("user_id", "=", id)
      .orderBy("scheduled_date")
      .execute();
    expect(rows).toHaveLength(14);
    // Only today's day can be ticked: the days to come open on their dates.
    const days = rows.map((row) => row.id);
    return { client, email, id, rows: days.slice(0, 1), days };
  });
}

/** A new account pays for the course with the demo card, over HTTP as the checkout page does. */
async function buyCourse({ client, email }: { client: CookieClient; email: string }, ledger: Ledger) {
  const post = (url: string, json: unknown) => client.request(url, { method: "POST", json });
  const intent = await post("/api/create-payment-intent", {});
  if (!ledger.expectOk("create-payment-intent", intent)) return;
  const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string };
  const paid = await post("/api/demo/confirm-card", { paymentIntentId, cardNumber: CARD_THAT_PAYS });
  if (!ledger.expectOk("demo confirm-card", paid)) return;
  await paid.arrayBuffer();
  const confirmed = await post("/api/confirm-payment", { paymentIntentId });
  if (!ledger.expectOk("confirm-payment", confirmed)) return;
  const body = (await confirmed.json()) as { premium?: boolean };
  if (body.premium) ledger.buyers.add(email);
  else ledger.unexpected.push(`confirm-payment did not grant: ${JSON.stringify(body)}`);
}

/** Opened read-only, so the check itself changes nothing (no recovery, no checkpoint). */
function expectIntact(file: string) {
  const raw = new DatabaseSync(file, { readOnly: true });
  try {
    expect(raw.prepare("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
    expect(raw.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
  } finally {
    raw.close();
  }
}

async function expectAcknowledgedWrites(data: ServerData, members: Member[], ledger: Ledger) {
  await withDatabase(data, async (db) => {
    // Progress: at least the last acknowledged position (a later, unanswered write may have landed too).
    const progress = await db
      .selectFrom("audio_progress")
      .select(["user_id", "audio_id", "position_seconds"])
      .where(
        "user_id",
        "in",
        members.map((m) => m.id),
      )
      .where("scheduled_week", "=", 0)
      .execute();
    const saved = new Map(
      progress.map((row) => [`${row.user_id}:${row.audio_id}`, Number(row.position_seconds)]),
    );
    for (const [key, acked] of ledger.positions) {
      expect(saved.get(key), `progress ${key}`).toBeGreaterThanOrEqual(acked);
    }

    // Programme days: the acknowledged state, or the one that was in flight when the server died.
    const rows = await db
      .selectFrom("program_schedule")
      .select(["id", "completed", "completed_at"])
      .where(
        "user_id",
        "in",
        members.map((m) => m.id),
      )
      .execute();
    for (const row of rows) {
      const completed = Boolean(row.completed);
      const state = ledger.activities.get(row.id)!;
      expect([state.acked, state.inFlight ?? state.acked], `activity ${row.id}`).toContain(completed);
      expect(row.completed_at !== null, `completed_at of ${row.id}`).toBe(completed);
      // From now on, what is on disk is what the server knows.
      ledger.activities.set(row.id, { acked: completed });
    }

    // Every acknowledged sign-up is an account.
    const accounts = await db.selectFrom("user").select("email").execute();
    const known = new Set(accounts.map((a) => a.email));
    for (const email of ledger.accounts) expect(known.has(email), `account ${email}`).toBe(true);

    // Purchases and grants go together: premium with a paid purchase, and a paid purchase with premium.
    const profiles = await db
      .selectFrom("profiles")
      .innerJoin("user", "user.id", "profiles.id")
      .leftJoin("member_access", "member_access.user_id", "profiles.id")
      .leftJoin("purchases", (join) =>
        join.onRef("purchases.user_id", "=", "profiles.id").on("purchases.status", "=", "succeeded"),
      )
      .select(["user.email", "member_access.subscription_tier", "purchases.id as purchase"])
      .execute();
    for (const profile of profiles) {
      expect(profile.subscription_tier === "premium", `premium ⇔ paid for ${profile.email}`).toBe(
        profile.purchase !== null,
      );
    }
    const premium = new Set(profiles.filter((p) => p.subscription_tier === "premium").map((p) => p.email));
    for (const email of ledger.buyers) expect(premium.has(email), `confirmed buyer ${email}`).toBe(true);

    // The grant queues the receipt in the same transaction.
    const receipts = await db
      .selectFrom("email_outbox")
      .select("to_address")
      .where("kind", "=", "receipt")
      .execute();
    const receipted = new Set(receipts.map((r) => r.to_address));
    for (const email of premium) expect(receipted.has(email), `receipt for ${email}`).toBe(true);
  });
}
