import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Transaction } from "kysely";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/schema.ts";
import { aMember } from "../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../tests/support/test-databases.ts";
import { createClock, type Clock } from "./clock.server.ts";
import {
  cancelPendingJobs,
  createJobRunner,
  deadJobs,
  JOB_LEASE_MS,
  JOB_RETRY_MINUTES,
  pruneJobs,
  scheduleJob,
  type Job,
  type JobHandler,
} from "./jobs.server.ts";
import { createLogger } from "./log.server.ts";

const log = createLogger("silent");
const at = (iso: string) => new Date(iso);
const fixedClock = (iso: string): Clock & { set(iso: string): void } => {
  let now = at(iso);
  return { now: () => now, set: (next) => void (now = at(next)) };
};

describe.each(testDialects)("the job runner on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  beforeEach(async () => {
    await db().deleteFrom("jobs").execute();
    await db().deleteFrom("contact_messages").execute();
  });

  const jobRow = (key: string) =>
    db().selectFrom("jobs").selectAll().where("key", "=", key).executeTakeFirstOrThrow();

  /** A handler whose work is a row the test can count: a contact message named after the job. */
  const writeMessage = (job: Job, trx: Transaction<Database>) =>
    trx
      .insertInto("contact_messages")
      .values({ id: job.id, name: job.key, email: "job@example.com", phone: null, message: "done" })
      .execute();
  const writesAMessage: JobHandler = async (job, { finish }) => {
    await finish((trx) => writeMessage(job, trx));
  };
  const messagesFor = async (key: string) =>
    (await db().selectFrom("contact_messages").select("id").where("name", "=", key).execute()).length;

  it("runs a job at its time, not before, and once", async () => {
    const clock = fixedClock("2026-11-25T19:00:00Z");
    await scheduleJob(db(), { kind: "note", key: "note:1", runAt: at("2026-11-25T20:00:00Z") });
    const runner = createJobRunner({ db: db(), log, clock, handlers: { note: writesAMessage } });

    expect(await runner.runDue()).toEqual({ done: 0, retried: 0, dead: 0 });
    clock.set("2026-11-25T20:00:00Z");
    expect(await runner.runDue()).toEqual({ done: 1, retried: 0, dead: 0 });
    expect(await runner.runDue()).toEqual({ done: 0, retried: 0, dead: 0 });
    expect(await messagesFor("note:1")).toBe(1);
    expect(await jobRow("note:1")).toMatchObject({ status: "done", attempts: 1, lease_owner: null });
  });

  it("on a test clock, runs what is due as soon as the test moves the clock, not at its next round", async () => {
    const clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-clock-")), "now");
    fs.writeFileSync(clockFile, "2026-11-25T19:00:00Z");
    await scheduleJob(db(), { kind: "note", key: "note:now", runAt: at("2026-11-25T19:00:00Z") });
    await scheduleJob(db(), { kind: "note", key: "note:moved", runAt: at("2026-11-25T20:00:00Z") });
    const runner = createJobRunner({
      db: db(),
      log,
      clock: createClock(clockFile, true),
      handlers: { note: writesAMessage },
    });
    // Its rounds are a day apart: only the clock's move can start one in this test.
    runner.start(86_400_000);
    try {
      // Its first round, as it starts, does what is due then, and not the later job.
      await vi.waitFor(async () => expect(await jobRow("note:now")).toMatchObject({ status: "done" }), {
        timeout: 5_000,
      });
      expect(await jobRow("note:moved")).toMatchObject({ status: "pending" });
      fs.writeFileSync(clockFile, "2026-11-25T20:00:00Z");
      await vi.waitFor(async () => expect(await jobRow("note:moved")).toMatchObject({ status: "done" }), {
        timeout: 5_000,
      });
      expect(await messagesFor("note:moved")).toBe(1);
    } finally {
      await runner.stop();
      fs.rmSync(path.dirname(clockFile), { recursive: true, force: true });
    }
  });

  it("never queues the same key twice, even once it is done", async () => {
    const runAt = at("2026-11-25T20:00:00Z");
    expect(await scheduleJob(db(), { kind: "note", key: "note:2", runAt })).toBe(true);
    expect(await scheduleJob(db(), { kind: "note", key: "note:2", runAt })).toBe(false);
    await createJobRunner({
      db: db(),
      log,
      clock: fixedClock("2026-11-25T21:00:00Z"),
      handlers: { note: writesAMessage },
    }).runDue();
    expect(await scheduleJob(db(), { kind: "note", key: "note:2", runAt })).toBe(false);
    expect(await messagesFor("note:2")).toBe(1);
  });

  it("does a job once when two instances run the same round together", async () => {
    const clock = fixedClock("2026-11-25T20:00:00Z");
    for (let i = 0; i < 20; i += 1) {
      await scheduleJob(db(), { kind: "note", key: `note:race:${i}`, runAt: at("2026-11-25T19:59:00Z") });
    }
    const one = createJobRunner({ db: db(), log, clock, handlers: { note: writesAMessage } });
    const two = createJobRunner({ db: db(), log, clock, handlers: { note: writesAMessage } });
    const [a, b] = await Promise.all([one.runDue(), two.runDue()]);
    expect(a.done + b.done).toBe(20);
    for (let i = 0; i < 20; i += 1) expect(await messagesFor(`note:race:${i}`)).toBe(1);
  });

  it("retries a failure later, with its error kept, and gives up after the last retry", async () => {
    const clock = fixedClock("2026-11-25T20:00:00Z");
    await scheduleJob(db(), { kind: "flaky", key: "flaky:1", runAt: clock.now() });
    const failing: JobHandler = async () => {
      throw new Error("the mail server said no");
    };
    const runner = createJobRunner({ db: db(), log, clock, handlers: { flaky: failing } });

    expect(await runner.runDue()).toEqual({ done: 0, retried: 1, dead: 0 });
    const retried = await jobRow("flaky:1");
    expect(retried).toMatchObject({ status: "pending", attempts: 1, last_error: "the mail server said no" });
    expect(new Date(retried.run_at).toISOString()).toBe("2026-11-25T20:01:00.000Z");

    for (const minutes of JOB_RETRY_MINUTES.slice(1)) {
      clock.set(
        new Date(clock.now().getTime() + JOB_RETRY_MINUTES[0]! * 60_000 + minutes * 60_000).toISOString(),
      );
      await runner.runDue();
    }
    clock.set("2026-11-27T00:00:00Z");
    expect(await runner.runDue()).toEqual({ done: 0, retried: 0, dead: 1 });
    expect(await jobRow("flaky:1")).toMatchObject({ status: "dead", attempts: JOB_RETRY_MINUTES.length + 1 });
    expect((await deadJobs(db())).map((job) => job.kind)).toEqual(["flaky"]);
  });

  it("rolls back a failed job's writes", async () => {
    const clock = fixedClock("2026-11-25T20:00:00Z");
    await scheduleJob(db(), { kind: "half", key: "half:1", runAt: clock.now() });
    const halfDone: JobHandler = async (job, { finish }) => {
      await finish(async (trx) => {
        await writeMessage(job, trx);
        throw new Error("failed after writing");
      });
    };
    await createJobRunner({ db: db(), log, clock, handlers: { half: halfDone } }).runDue();
    expect(await messagesFor("half:1")).toBe(0);
  });

  it("lets another instance take a job whose holder died, once its lease has run out", async () => {
    const clock = fixedClock("2026-11-25T20:00:00Z");
    await scheduleJob(db(), { kind: "note", key: "note:crash", runAt: clock.now() });
    // Another instance claimed the job and died (SIGKILL) before finishing it: its lease stays.
    await db()
      .updateTable("jobs")
      .set({
        status: "running",
        attempts: 1,
        lease_owner: "an instance that died",
        lease_until: new Date(clock.now().getTime() + JOB_LEASE_MS).toISOString(),
      })
      .where("key", "=", "note:crash")
      .execute();

    const survivor = createJobRunner({ db: db(), log, clock, handlers: { note: writesAMessage } });
    expect((await survivor.runDue()).done).toBe(0);
    clock.set(new Date(clock.now().getTime() + JOB_LEASE_MS).toISOString());
    expect((await survivor.runDue()).done).toBe(1);
    expect(await messagesFor("note:crash")).toBe(1);
    expect(await jobRow("note:crash")).toMatchObject({ status: "done", attempts: 2 });
  });

  // On SQLite one connection writes at a time, so a holder can't be overtaken inside its transaction.
  it.runIf(dialect === "postgres")(
    "rolls back a slow holder's work when another instance has taken its job",
    async () => {
      const clock = fixedClock("2026-11-25T20:00:00Z");
      await scheduleJob(db(), { kind: "note", key: "note:slow", runAt: clock.now() });
      let release: () => void = () => {};
      const slow = createJobRunner({
        db: db(),
        log,
        clock,
        // Claims, then waits past its lease before doing its work.
        handlers: {
          note: async (job, { finish }) => {
            await new Promise<void>((resolve) => (release = resolve));
            await finish((trx) => writeMessage(job, trx));
          },
        },
      });
      const slowRound = slow.runDue();
      await expect.poll(async () => (await jobRow("note:slow")).status).toBe("running");
      clock.set(new Date(clock.now().getTime() + JOB_LEASE_MS).toISOString());
      const other = createJobRunner({ db: db(), log, clock, handlers: { note: writesAMessage } });
      expect((await other.runDue()).done).toBe(1);
      release();
      expect((await slowRound).done).toBe(0);
      expect(await messagesFor("note:slow")).toBe(1);
    },
  );

  it("runs follow-up work only after the commit", async () => {
    const clock = fixedClock("2026-11-25T20:00:00Z");
    await scheduleJob(db(), { kind: "note", key: "note:after", runAt: clock.now() });
    let statusSeenAfter = "";
    const withFollowUp: JobHandler = async (job, { finish }) => {
      await finish((trx) => writeMessage(job, trx));
      return async () => {
        statusSeenAfter = (await jobRow("note:after")).status;
      };
    };
    await createJobRunner({ db: db(), log, clock, handlers: { note: withFollowUp } }).runDue();
    expect(statusSeenAfter).toBe("done");
  });

  it("cancels a member's pending jobs of a kind, and hers only", async () => {
    const ana = await aMember(db());
    const bea = await aMember(db());
    const runAt = at("2026-11-26T20:00:00Z");
    await scheduleJob(db(), { kind: "reminder", key: "r:ana", userId: ana.id, runAt });
    await scheduleJob(db(), { kind: "other", key: "o:ana", userId: ana.id, runAt });
    await scheduleJob(db(), { kind: "reminder", key: "r:bea", userId: bea.id, runAt });
    await cancelPendingJobs(db(), ana.id, "reminder");
    const keys = (await db().selectFrom("jobs").select("key").orderBy("key").execute()).map((row) => row.key);
    expect(keys).toEqual(["o:ana", "r:bea"]);
  });

  it("prunes done jobs after 30 days and dead ones after 90, keeping the rest", async () => {
    const old = "2026-08-01T00:00:00.000Z";
    await db()
      .insertInto("jobs")
      .values([
        { id: "1", kind: "k", key: "done-old", run_at: old, status: "done", finished_at: old },
        { id: "2", kind: "k", key: "dead-old", run_at: old, status: "dead", finished_at: old },
        {
          id: "5",
          kind: "k",
          key: "dead-recent",
          run_at: old,
          status: "dead",
          finished_at: "2026-10-01T00:00:00.000Z",
        },
        {
          id: "3",
          kind: "k",
          key: "done-new",
          run_at: old,
          status: "done",
          finished_at: "2026-11-20T00:00:00.000Z",
        },
        { id: "4", kind: "k", key: "pending-old", run_at: old, status: "pending", finished_at: null },
      ])
      .execute();
    await pruneJobs(db(), at("2026-11-25T00:00:00Z"));
    const keys = (await db().selectFrom("jobs").select("key").orderBy("key").execute()).map((row) => row.key);
    expect(keys).toEqual(["dead-recent", "done-new", "pending-old"]);
  });
});
