import crypto from "node:crypto";
import type { Clock } from "#app/platform/clock.server.ts";
import type { Db } from "#app/platform/db.server.ts";
import type { Logger } from "#app/platform/log.server.ts";
import { hitLimits, limitKey } from "#app/platform/rate-limit.server.ts";
import { normalizeEmail } from "#app/modules/people/email-address.ts";
import { budgetFor } from "./budgets.ts";
import type { EmailMessage } from "./templates.ts";
import type { MailTransport } from "./transport.server.ts";

/**
 * Every email is written to the outbox table first and delivered from there,
 * so a mail server that is down delays a message instead of losing it. A
 * claimed message is leased for a while; if the process dies mid-send, the
 * lease runs out and another attempt picks it up.
 */

/** Minutes to wait before each retry; after the last, the message is marked failed. */
export const RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 180, 360, 720];
const LEASE_MS = 5 * 60_000;
/** Messages claimed per query. */
const BATCH = 50;

type DbOrTransaction = Pick<Db, "insertInto">;

/** Adds a message to the outbox; pass a transaction to queue it with other writes. */
export async function queueEmail(db: DbOrTransaction, message: EmailMessage): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto("email_outbox")
    .values({
      id,
      kind: message.kind,
      to_address: normalizeEmail(message.to),
      about_address: message.about === undefined ? null : normalizeEmail(message.about),
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      unsubscribe_url: message.unsubscribeUrl ?? null,
      next_attempt_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

/** Counts the message against its recipient's budget; false when the budget is spent. */
export async function withinBudget(db: Db, message: Pick<EmailMessage, "kind" | "to">): Promise<boolean> {
  const checks = budgetFor(message.kind).map(({ scope, rule }) => ({
    key: limitKey(scope, message.to),
    rule,
  }));
  return (await hitLimits(db, checks)).allowed;
}

/** The messages given up on after every retry, newest first, for the owner. */
export async function failedEmails(db: Db, limit = 50) {
  return (
    db
      .selectFrom("email_outbox")
      // A message's last try set its next_attempt_at to the moment it was given up on.
      .select(["id", "kind", "to_address", "attempts", "last_error", "next_attempt_at as failed_at"])
      .where("status", "=", "failed")
      .orderBy("next_attempt_at", "desc")
      .limit(limit)
      .execute()
  );
}

export interface Mailer {
  /**
   * Queues the message and starts delivering it in the background, so a slow
   * mail server never holds a page; a failed attempt is retried later. A
   * message over its recipient's budget (budgets.ts) is not queued at all:
   * the answer is false, and the caller answers as if it went.
   */
  send(message: EmailMessage): Promise<boolean>;
  /** Starts delivering one queued message in the background. */
  deliverSoon(id: string): void;
  /**
   * Lets email work run in the background (a sign-up's link, queued once the
   * sign-up's transaction is done), so it never holds an answer; settled()
   * waits for it, and a failure is logged.
   */
  track(work: Promise<unknown>): void;
  /** Resolves once background deliveries started so far have finished (tests, shutdown). */
  settled(): Promise<void>;
  /** Delivers everything due now (and, with an id, only that message). */
  deliverDue(options?: { id?: string; now?: Date }): Promise<{ sent: number; failed: number }>;
  /** Keeps delivering in the background until stopped. */
  start(intervalMs?: number): void;
  stop(): void;
}

export function createMailer({
  db,
  transport,
  log,
  clock,
}: {
  db: Db;
  transport: MailTransport;
  log: Logger;
  /** Only its `onMove`: the outbox keeps real time, but a moved test clock starts a sweep (as it does a round of jobs). */
  clock?: Clock;
}): Mailer {
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopWatchingClock: (() => void) | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const inFlight = new Set<Promise<unknown>>();

  async function claim(id: string, now: Date) {
    const result = await db
      .updateTable("email_outbox")
      .set((eb) => ({
        status: "sending",
        attempts: eb("attempts", "+", 1),
        next_attempt_at: new Date(now.getTime() + LEASE_MS).toISOString(),
      }))
      .where("id", "=", id)
      .where("status", "in", ["pending", "sending"])
      .where("next_attempt_at", "<=", now.toISOString())
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function deliverOne(id: string, now: Date): Promise<"sent" | "failed" | "skipped"> {
    if (!(await claim(id, now))) return "skipped";
    const row = await db
      .selectFrom("email_outbox")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    try {
      await transport.send({
        kind: row.kind,
        to: row.to_address,
        ...(row.about_address === null ? {} : { about: row.about_address }),
        ...(row.unsubscribe_url === null ? {} : { unsubscribeUrl: row.unsubscribe_url }),
        subject: row.subject,
        text: row.text_body ?? "",
        html: row.html_body ?? "",
      });
      await db
        .updateTable("email_outbox")
        .set({
          status: "sent",
          sent_at: new Date().toISOString(),
          text_body: null,
          html_body: null,
          last_error: null,
        })
        .where("id", "=", id)
        .execute();
      return "sent";
    } catch (error) {
      const delay = RETRY_DELAYS_MINUTES[row.attempts - 1];
      await db
        .updateTable("email_outbox")
        .set({
          status: delay === undefined ? "failed" : "pending",
          next_attempt_at: new Date(Date.now() + (delay ?? 0) * 60_000).toISOString(),
          last_error: String((error as Error).message ?? error).slice(0, 500),
        })
        .where("id", "=", id)
        .execute();
      log.warn({ email: row.kind, attempt: row.attempts, err: error }, "email delivery failed; will retry");
      return "failed";
    }
  }

  const mailer: Mailer = {
    async send(message) {
      if (!(await withinBudget(db, message))) {
        log.info({ email: message.kind }, "email not sent: its recipient has had all we send for now");
        return false;
      }
      mailer.deliverSoon(await queueEmail(db, message));
      return true;
    },
    deliverSoon(id) {
      mailer.track(
        mailer
          .deliverDue({ id })
          .catch((error) =>
            log.error({ err: error, email: id }, "email delivery failed; the outbox will retry"),
          ),
      );
    },
    track(work) {
      const tracked = work
        .catch((error) => log.error({ err: error }, "email could not be queued"))
        .finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
    },
    async settled() {
      // Work that finishes may start a delivery of its own: wait for that too.
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async deliverDue({ id, now = new Date() } = {}) {
      let sent = 0;
      let failed = 0;
      const deliver = async (ids: string[]) => {
        for (const next of ids) {
          const outcome = await deliverOne(next, now);
          if (outcome === "sent") sent += 1;
          if (outcome === "failed") failed += 1;
        }
      };
      if (id) {
        await deliver([id]);
        return { sent, failed };
      }
      // Batch after batch until none is left: after a crash, a whole evening's reminders can be
      // waiting. A message another run holds, or one that failed, is not due again, so this ends.
      for (;;) {
        const ids = (
          await db
            .selectFrom("email_outbox")
            .select("id")
            .where("status", "in", ["pending", "sending"])
            .where("next_attempt_at", "<=", now.toISOString())
            .orderBy("next_attempt_at")
            .limit(BATCH)
            .execute()
        ).map((row) => row.id);
        await deliver(ids);
        if (ids.length < BATCH) return { sent, failed };
      }
    },
    start(intervalMs = 15_000) {
      if (timer) return;
      const sweep = () => {
        running = running
          .then(() => mailer.deliverDue())
          .catch((error) => log.error({ err: error }, "outbox run failed"));
      };
      timer = setInterval(sweep, intervalMs);
      timer.unref();
      stopWatchingClock = clock?.onMove?.(sweep);
      // What waited when the server last stopped (or was killed) goes now, not at the first interval.
      sweep();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      stopWatchingClock?.();
      stopWatchingClock = undefined;
      transport.close();
    },
  };
  return mailer;
}
