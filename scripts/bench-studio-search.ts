/**
 * `npm run bench:studio`: the studio's members search at a hundred thousand
 * members, on SQLite. Seeds a fresh database (made by the app's migrations,
 * in a temporary folder) with members, profiles and sessions spread as real
 * ones are, then times each kind of search and prints p50 and p95 per query.
 * Exits non-zero when any p95 is over the budget.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Insertable } from "kysely";
import type { ProfilesTable, SessionTable, UserTable } from "../db/schema.ts";
import { migrateToLatest, openDatabase, SQLITE_FILE, type Db } from "#app/platform/db.server.ts";
import type { MemberFilters } from "#app/modules/studio/member-filters.ts";
import { searchMembers } from "#app/modules/studio/members.server.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const RUNS = 50;
const BUDGET_MS = 100;
const NOW = Date.parse("2026-11-25T10:00:00Z");
const DAY_MS = 86_400_000;

const FIRST =
  `Amara Ana Aoife Beatriz Chiara Chloe Dara Eilidh Elena Emma Fatima Freya Grace Hana Ines Isla Jade
  Joanna Keira Lena Lucia Maeve Maria Maya Mei Nadia Niamh Nora Olivia Orla Priya Rosa Saoirse Sara Sofia Tara
  Una Wren Yasmin Zara Zoë Ben Liam Noah Tom`.split(/\s+/);
const LAST = `Okafor Murphy Kelly Byrne Walsh Ryan Smith Jones Brown Taylor Wilson Nowak Kowalski Rossi Garcia
  Fernandez Silva Costa Müller Schmidt Khan Patel Singh Ahmed Ali Chen Wang Nguyen Kim Sato O'Brien Doyle Quinn
  Lynch Nolan Hayes Carroll Brennan Fitzgerald Duffy`.split(/\s+/);
const DOMAINS = [
  "gmail.com",
  "outlook.com",
  "icloud.com",
  "yahoo.ie",
  "hotmail.com",
  "eircom.net",
  "proton.me",
];

/** A repeatable spread: the same database every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);

/** Members signed up over three years, a fifth premium, most with a due date, most with a session or three. */
async function seed(db: Db, count: number) {
  const next = random(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH * 20) {
    // Twenty batches to a transaction: one commit for 10,000 members.
    await db.transaction().execute(async (trx) => {
      for (let batch = start; batch < Math.min(count, start + BATCH * 20); batch += BATCH) {
        const users: Insertable<UserTable>[] = [];
        const profiles: Insertable<ProfilesTable>[] = [];
        const sessions: Insertable<SessionTable>[] = [];
        const access: { user_id: string; subscription_tier: "free" | "premium" }[] = [];
        const programme: { user_id: string; due_date: string | null }[] = [];
        for (let i = batch; i < Math.min(count, batch + BATCH); i += 1) {
          const id = crypto.randomUUID();
          const [first, last] = [pick(FIRST), pick(LAST)];
          const joined = NOW - Math.floor(next() * 3 * 365 * DAY_MS);
          users.push({
            id,
            name: `${first} ${last}`,
            email: `${first}.${last}${i}@${pick(DOMAINS)}`.toLowerCase().replace(/[^a-z0-9.@]/g, ""),
            emailVerified: next() < 0.9,
            createdAt: iso(joined),
            updatedAt: iso(joined),
            role: i % 20_000 === 0 ? "owner" : "member",
          });
          access.push({ user_id: id, subscription_tier: next() < 0.2 ? "premium" : "free" });
          programme.push({
            user_id: id,
            due_date: next() < 0.7 ? day(joined + Math.floor((30 + next() * 240) * DAY_MS)) : null,
          });
          profiles.push({
            id,
            time_zone: "Europe/Dublin",
            created_at: iso(joined),
            updated_at: iso(joined),
          });
          const sessionCount = next() < 0.6 ? 1 + Math.floor(next() * 3) : 0;
          for (let s = 0; s < sessionCount; s += 1) {
            const used = joined + Math.floor(next() * (NOW - joined));
            sessions.push({
              id: crypto.randomUUID(),
              token: crypto.randomUUID(),
              userId: id,
              expiresAt: iso(used + 7 * DAY_MS),
              createdAt: iso(Math.max(joined, used - DAY_MS)),
              updatedAt: iso(used),
              ipAddress: null,
              userAgent: null,
            });
          }
        }
        await trx.insertInto("user").values(users).execute();
        await trx.insertInto("profiles").values(profiles).execute();
        await trx.insertInto("member_access").values(access).execute();
        await trx.insertInto("programme_settings").values(programme).execute();
        if (sessions.length) await trx.insertInto("session").values(sessions).execute();
      }
    });
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Case {
  name: string;
  filters: MemberFilters;
  second?: boolean;
}

const CASES: Case[] = [
  // One member's address, as an owner pastes part of it: matches almost no one, so every row is read.
  { name: "email substring (no match)", filters: { query: "okafor4821@" } },
  { name: "email substring (common)", filters: { query: "@icloud" } },
  // The space is only in names: "Amara Okafor", "Nora Okafor"…, in any case.
  { name: "name substring", filters: { query: "RA okaf" } },
  { name: "course: has it", filters: { tier: "course" } },
  { name: "course: paid for", filters: { tier: "paid" } },
  { name: "course: free", filters: { tier: "free" } },
  { name: "programme begun", filters: { programme: "begun" } },
  { name: "due date range (a month)", filters: { dueFrom: "2027-01-01", dueTo: "2027-01-31" } },
  { name: "sign-up range (a month)", filters: { joinedFrom: "2025-06-01", joinedTo: "2025-06-30" } },
  { name: "last active (a week)", filters: { activeFrom: "2026-11-18", activeTo: "2026-11-24" } },
  { name: "last active up to a day", filters: { activeTo: "2025-01-31" } },
  { name: "name + course + due", filters: { query: "murphy", tier: "course", dueFrom: "2026-12-01" } },
  { name: "second page", filters: {}, second: true },
];

// BENCH_DATA_DIR keeps the seeded database there for another run (or a look at its query plans).
const kept = process.env.BENCH_DATA_DIR;
const dataDir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-bench-studio-"));
const seeded = kept !== undefined && fs.existsSync(path.join(dataDir, SQLITE_FILE));
const database = openDatabase({ dataDir });
let failed = false;
try {
  await migrateToLatest(database.db);
  if (!seeded) {
    const seeding = performance.now();
    await seed(database.db, MEMBERS);
    console.log(
      `Seeded ${MEMBERS.toLocaleString("en-GB")} members in ${Math.round(performance.now() - seeding)} ms`,
    );
  }

  const rows: { name: string; p50: number; p95: number; total: number; shown: number }[] = [];
  for (const { name, filters, second } of CASES) {
    const first = await searchMembers(database.db, filters);
    const cursor = second ? (first.nextCursor ?? undefined) : undefined;
    const times: number[] = [];
    let answer = first;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      answer = await searchMembers(database.db, filters, { cursor });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push({
      name,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      total: answer.total,
      shown: answer.members.length,
    });
  }

  const width = Math.max(...rows.map((r) => r.name.length));
  console.log(
    `\n${"query".padEnd(width)}  p50 ms  p95 ms   matches  (${RUNS} runs each, budget p95 ≤ ${BUDGET_MS} ms)`,
  );
  for (const row of rows) {
    const over = row.p95 > BUDGET_MS;
    failed ||= over;
    console.log(
      `${row.name.padEnd(width)}  ${row.p50.toFixed(1).padStart(6)}  ${row.p95.toFixed(1).padStart(6)}  ${String(row.total).padStart(8)}${over ? "  OVER BUDGET" : ""}`,
    );
  }
} finally {
  await database.close();
  if (!kept) fs.rmSync(dataDir, { recursive: true, force: true });
}
if (failed) {
  console.error(`\nA query's p95 is over ${BUDGET_MS} ms.`);
  process.exit(1);
}
