import crypto from "node:crypto";
import type { Transaction } from "kysely";
import type { Database, JobStatus } from "../../db/schema.ts";
import type { Clock } from "./clock.server.ts";
import type { Db } from "./db.server.ts";
import type { Logger } from "./log.server.ts";

/**
 * Work to do at a time, kept in the product's own database (SQLite or
 * PostgreSQL) so it survives restarts and crashes, and done once however many
 * instances run:
 * - a job's `key` is unique for good, so the same piece of work is never queued twice;
 * - an instance claims a due job with one conditional update, which gives it a
 *   lease; another instance may take the job only once the lease has run out
 *   (its holder died);
 * - a handler's writes and the job's "done" commit in one transaction, and the
 *   "done" counts only while the lease is still this instance's: if another
 *   took the job meanwhile, everything the handler wrote is rolled back;
 * - a failure is retried after 1, 5, 15, 60 and 180 minutes; after that the
 *   job is dead, kept with its last error for the owner to see.
 */

/** Minutes to wait before each retry; after the last, the job is dead. */
export const JOB_RETRY_MINUTES = [1, 5, 15, 60, 180];
export const JOB_LEASE_MS = 5 * 60_000;
/** Done jobs are kept this long (their keys keep the same work from being queued again), dead ones longer. */
const KEEP_DONE_DAYS = 30;
const KEEP_DEAD_DAYS = 90;

export interface JobSpec {
  kind: string;
  key: string;
  runAt: Date;
  /** Whose work it is: deleting her account deletes it. */
  userId?: string | null;
  payload?: Record<string, unknown>;
}

export interface Job {
  id: string;
  kind: string;
  key: string;
  userId: string | null;
  payload: Record<string, unknown>;
  runAt: Date;
  /** This attempt's number, from 1. */
  attempt: number;
}

type Writer = Pick<Db, "insertInto" | "deleteFrom" | "selectFrom" | "updateTable">;

/** Queues a job; false when a job with its key exists already (queued, done or dead), and nothing changes. */
export async function scheduleJob(db: Writer, spec: JobSpec): Promise<boolean> {
  const result = await db
    .insertInto("jobs")
    .values({
      id: crypto.randomUUID(),
      kind: spec.kind,
      key: spec.key,
      user_id: spec.userId ?? null,
      payload: JSON.stringify(spec.payload ?? {}),
      run_at: spec.runAt.toISOString(),
    })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Removes a member's jobs of a kind that have not started; running ones finish. */
export async function cancelPendingJobs(db: Writer, userId: string, kind: string): Promise<void> {
  await db
    .deleteFrom("jobs")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("status", "=", "pending")
    .execute();
}

/** The jobs that will not be tried again, newest first, for the owner. */
export async function deadJobs(db: Db, limit = 50) {
  return db
    .selectFrom("jobs")
    .select(["id", "kind", "user_id", "attempts", "last_error", "run_at", "finished_at"])
    .where("status", "=", "dead")
    .orderBy("finished_at", "desc")
    .limit(limit)
    .execute();
}

/** Removes done jobs after 30 days and dead ones after 90. */
export async function pruneJobs(db: Db, now: Date): Promise<void> {
  const before = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  await db
    .deleteFrom("jobs")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "done"), eb("finished_at", "<", before(KEEP_DONE_DAYS))]),
        eb.and([eb("status", "=", "dead"), eb("finished_at", "<", before(KEEP_DEAD_DAYS))]),
      ]),
    )
    .execute();
}

interface JobContext {
  /** The round's time. */
  now: Date;
  db: Db;
  /**
   * Commits the job's writes together with its "done", only while this
   * instance still holds the job; once, at the end of the handler (a handler
   * that doesn't call it is finished with no writes). Work outside the
   * database (a network call) goes before it, so no transaction waits on it.
   */
  finish<T>(write: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
}

/**
 * Does one job, and throws to be retried. What it returns runs after the
 * commit (starting an email's delivery, say).
 */
export type JobHandler = (job: Job, context: JobContext) => Promise<void | (() => unknown)>;

export interface JobRunner {
  /** This instance's name in the leases it holds. */
  readonly owner: string;
  /** Does every job due at `now` (the clock's, unless given). */
  runDue(now?: Date): Promise<{ done: number; retried: number; dead: number }>;
  /** Runs due jobs every `intervalMs` until stopped. */
  start(intervalMs?: number): void;
  /** Stops the rounds and waits for the one under way. */
  stop(): Promise<void>;
}

class LeaseLost extends Error {
  constructor() {
    super("another instance took this job: its lease ran out");
  }
}

export function createJobRunner({
  db,
  log,
  clock,
  handlers,
  owner = crypto.randomUUID(),
  leaseMs = JOB_LEASE_MS,
}: {
  db: Db;
  log: Logger;
  clock: Clock;
  handlers: Record<string, JobHandler>;
  owner?: string;
  leaseMs?: number;
}): JobRunner {
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopWatchingClock: (() => void) | undefined;
  let round: Promise<unknown> = Promise.resolve();

  async function claim(id: string, now: Date): Promise<boolean> {
    const at = now.toISOString();
    const result = await db
      .updateTable("jobs")
      .set((eb) => ({
        status: "running",
        attempts: eb("attempts", "+", 1),
        lease_owner: owner,
        lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      }))
      .where("id", "=", id)
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "=", "pending"), eb("run_at", "<=", at)]),
          eb.and([eb("status", "=", "running"), eb("lease_until", "<=", at)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Moves a job this instance holds on; false when its lease is no longer ours. */
  async function settle(
    writer: Pick<Db, "updateTable">,
    id: string,
    status: JobStatus,
    fields: { run_at?: string; last_error?: string | null; finished_at?: string | null },
  ) {
    const result = await writer
      .updateTable("jobs")
      .set({ status, lease_owner: null, lease_until: null, ...fields })
      .where("id", "=", id)
      .where("status", "=", "running")
      .where("lease_owner", "=", owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function runOne(id: string, now: Date): Promise<"done" | "retried" | "dead" | "skipped"> {
    if (!(await claim(id, now))) return "skipped";
    const row = await db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const job: Job = {
      id: row.id,
      kind: row.kind,
      key: row.key,
      userId: row.user_id,
      payload: JSON.parse(row.payload) as Record<string, unknown>,
      runAt: new Date(row.run_at),
      attempt: row.attempts,
    };
    const handler = handlers[row.kind];
    let finished = false;
    const finish = <T>(write: (trx: Transaction<Database>) => Promise<T>) =>
      db.transaction().execute(async (trx) => {
        const written = await write(trx);
        if (!(await settle(trx, id, "done", { finished_at: clock.now().toISOString() })))
          throw new LeaseLost();
        finished = true;
        return written;
      });
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${row.kind}`);
      const afterCommit = await handler(job, { now, db, finish });
      if (!finished) await finish(async () => {});
      if (afterCommit) {
        await Promise.resolve()
          .then(afterCommit)
          .catch((error: unknown) =>
            log.error({ err: error, job: row.kind }, "a job's follow-up failed after it was done"),
          );
      }
      return "done";
    } catch (error) {
      if (error instanceof LeaseLost) {
        log.warn({ job: row.kind }, error.message);
        return "skipped";
      }
      const delay = JOB_RETRY_MINUTES[row.attempts - 1];
      const message = String((error as Error).message ?? error).slice(0, 500);
      if (delay === undefined) {
        await settle(db, id, "dead", { last_error: message, finished_at: clock.now().toISOString() });
        log.error({ err: error, job: row.kind, attempts: row.attempts }, "a job failed for the last time");
        return "dead";
      }
      await settle(db, id, "pending", {
        last_error: message,
        run_at: new Date(clock.now().getTime() + delay * 60_000).toISOString(),
      });
      log.warn({ err: error, job: row.kind, attempt: row.attempts }, "a job failed; it will be tried again");
      return "retried";
    }
  }

  async function runPass(now: Date, counts: { done: number; retried: number; dead: number }) {
    const at = now.toISOString();
    const due = await db
      .selectFrom("jobs")
      .select("id")
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "=", "pending"), eb("run_at", "<=", at)]),
          eb.and([eb("status", "=", "running"), eb("lease_until", "<=", at)]),
        ]),
      )
      .orderBy("run_at")
      .limit(100)
      .execute();
    for (const { id } of due) {
      const outcome = await runOne(id, now);
      if (outcome !== "skipped") counts[outcome] += 1;
    }
  }

  const runner: JobRunner = {
    owner,
    async runDue(now = clock.now()) {
      const counts = { done: 0, retried: 0, dead: 0 };
      // A job may queue another that is due at once (a reminder, its pushes): a few passes take those too.
      for (let pass = 0; pass < 3; pass += 1) {
        const before = counts.done + counts.retried + counts.dead;
        await runPass(now, counts);
        if (counts.done + counts.retried + counts.dead === before) break;
      }
      return counts;
    },
    start(intervalMs = 15_000) {
      const tick = () => {
        round = round
          .then(() => runner.runDue())
          .catch((error) => log.error({ err: error }, "a round of jobs failed"));
      };
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      // A test clock moved on (a demo run only): what is due now runs now.
      stopWatchingClock = clock.onMove?.(tick);
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      stopWatchingClock?.();
      stopWatchingClock = undefined;
      await round;
    },
  };
  return runner;
}
