import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chooseTimeZone } from "#app/modules/accounts/profile.server.ts";
import { setReminderPreference } from "#app/modules/reminders/reminder-settings.server.ts";
import { REMINDER_JOB, scheduleNextReminder } from "#app/modules/reminders/reminders.server.ts";
import { aMember } from "../factories/index.ts";
import { withDatabase, type ServerData } from "../support/accounts.ts";
import { localOutbox } from "../support/mailbox.ts";
import { freePort, startServer, type ServerProcess } from "../support/server-process.ts";
import { createPostgresDatabase } from "../support/test-databases.ts";

/**
 * A day's reminders, due while servers are killed (SIGKILL, as a crash would)
 * and while two instances share the database: each member's reminder for the
 * day is queued exactly once, reaches her, and the next day's is waiting.
 */
/** Enough that a round takes a while, so the kill lands in the middle of it. */
const MEMBERS = 150;
const BEFORE = "2026-11-25T12:00:00.000Z";
const DUE = "2026-11-25T20:00:30.000Z";
/** Past the five-minute lease a killed instance held on the jobs it had claimed. */
const AFTER_LEASES = "2026-11-25T20:06:00.000Z";

async function reminderScenario({ databaseUrl, instances }: { databaseUrl?: string; instances: 1 | 2 }) {
  const dataDirs = Array.from({ length: instances }, () =>
    fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-reminders-")),
  );
  const clockFile = path.join(dataDirs[0]!, "clock");
  fs.writeFileSync(clockFile, BEFORE);
  const shared: Record<string, string> = {
    TEST_CLOCK_FILE: clockFile,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, APP_SECRET: crypto.randomBytes(32).toString("hex") } : {}),
  };
  const envFor = async (dataDir: string) => ({
    ...shared,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
  });
  const envs = await Promise.all(dataDirs.map(envFor));
  const data: ServerData = { dataDir: dataDirs[0]!, databaseUrl };
  const servers: ServerProcess[] = [];
  try {
    // The first start makes the schema; the members ask for 20:00 (UTC) reminders by email.
    servers.push(await startServer(envs[0]!, { sqlite: !databaseUrl }));
    await withDatabase(data, async (db) => {
      for (let i = 0; i < MEMBERS; i += 1) {
        const member = await aMember(db, { name: `Reminded ${i}` });
        await setReminderPreference(db, member.id, {
          time: "20:00",
          byEmail: true,
          byPush: false,
        });
        await chooseTimeZone(db, member.id, { name: "UTC", chosen: true });
        await scheduleNextReminder(db, member.id, new Date(BEFORE));
      }
    });
    await servers.pop()!.stop();

    // The reminders fall due; every instance starts a round at once. The first is killed mid-round.
    fs.writeFileSync(clockFile, DUE);
    for (const env of envs) servers.push(await startServer(env, { sqlite: !databaseUrl }));
    await expect
      .poll(() => withDatabase(data, (db) => reminderRows(db).then((rows) => rows.length)), {
        interval: 5,
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    await servers[0]!.kill();
    const queuedBeforeCrash = (await withDatabase(data, reminderRows)).length;

    // Started again on the same data, past the leases the killed one held.
    fs.writeFileSync(clockFile, AFTER_LEASES);
    servers[0] = await startServer(envs[0]!, { sqlite: !databaseUrl });
    await expect
      .poll(() => withDatabase(data, (db) => reminderRows(db).then((rows) => rows.length)), {
        timeout: 30_000,
      })
      .toBe(MEMBERS);

    const rows = await withDatabase(data, reminderRows);
    const perMember = new Map<string, number>();
    for (const row of rows) perMember.set(row.to_address, (perMember.get(row.to_address) ?? 0) + 1);
    expect([...perMember.values()].every((count) => count === 1)).toBe(true);
    expect(perMember.size).toBe(MEMBERS);

    // Each is delivered (from whichever instance), or held by the lease of a delivery the kill cut
    // off. Only the killed one's can be held; when their leases run out (rewound here, as the mailer
    // keeps real time), they go out too: email is delivered at least once.
    await expect
      .poll(
        () =>
          withDatabase(data, (db) =>
            reminderRows(db).then((all) => all.filter((row) => row.status === "pending").length),
          ),
        { timeout: 40_000 },
      )
      .toBe(0);
    const held = (await withDatabase(data, reminderRows)).filter((row) => row.status === "sending");
    expect(held.length).toBeLessThanOrEqual(queuedBeforeCrash);
    await withDatabase(data, (db) =>
      db
        .updateTable("email_outbox")
        .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
        .where("kind", "=", REMINDER_JOB)
        .where("status", "=", "sending")
        .execute(),
    );
    // The clock set again: each server's outbox looks at once, rather than at its next sweep.
    fs.writeFileSync(clockFile, AFTER_LEASES);
    await expect
      .poll(
        () =>
          withDatabase(data, (db) =>
            reminderRows(db).then((all) => all.filter((row) => row.status === "sent").length),
          ),
        { timeout: 40_000 },
      )
      .toBe(MEMBERS);
    for (const { to_address: address } of await withDatabase(data, reminderRows)) {
      await Promise.any(
        servers.map((server) => localOutbox(server.dataDir).latest(address, /A few calm minutes/)),
      );
    }
    // And tomorrow's waits, once each.
    const tomorrow = await withDatabase(data, (db) =>
      db
        .selectFrom("jobs")
        .select(["user_id", "run_at"])
        .where("kind", "=", REMINDER_JOB)
        .where("status", "=", "pending")
        .execute(),
    );
    expect(tomorrow).toHaveLength(MEMBERS);
    expect(new Set(tomorrow.map((job) => new Date(job.run_at).toISOString()))).toEqual(
      new Set(["2026-11-26T20:00:00.000Z"]),
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

function reminderRows(db: Parameters<Parameters<typeof withDatabase>[1]>[0]) {
  return db
    .selectFrom("email_outbox")
    .select(["to_address", "status"])
    .where("kind", "=", REMINDER_JOB)
    .execute();
}

describe("a day's reminders across a crash", () => {
  it("on SQLite are each queued once and delivered, and tomorrow's wait", async () => {
    await reminderScenario({ instances: 1 });
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.runIf(postgresUrl)(
  "a day's reminders with two instances on PostgreSQL (needs TEST_DATABASE_URL)",
  () => {
    it("are each queued once across a crash of one instance, delivered, and tomorrow's wait", async () => {
      const database = await createPostgresDatabase(postgresUrl!, "reminders");
      try {
        await reminderScenario({ databaseUrl: database.url, instances: 2 });
      } finally {
        await database.drop();
      }
    });
  },
);
