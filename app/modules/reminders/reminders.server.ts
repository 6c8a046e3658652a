import crypto from "node:crypto";
import type { Db } from "#app/platform/db.server.ts";
import { cancelPendingJobs, scheduleJob, type JobHandler } from "#app/platform/jobs.server.ts";
import type { Logger } from "#app/platform/log.server.ts";
import { deriveKey } from "#app/platform/secret.server.ts";
import { addDays, isValidTimeZone, type CalendarDate } from "#app/modules/calendar/dates.ts";
import { queueEmail } from "#app/modules/email/outbox.server.ts";
import { practiceReminderEmail } from "#app/modules/email/templates.ts";
import { instantAt, nextReminder, reminderDecision, type LocalTime, type ReminderDay } from "./schedule.ts";
import { forgetPushSubscription, pushSubscriptionsOf, type PushSender } from "./push.server.ts";

/**
 * Her daily practice reminder, as jobs: one job per member per day, keyed by
 * her calendar date, so a day's reminder can't be queued twice; each one, when
 * it runs, decides (schedule.ts) whether that day's goes, queues the email in
 * the same transaction as its own "done", and queues the next day's.
 */

export const REMINDER_JOB = "practice-reminder";
export const PUSH_JOB = "practice-push";

/** Where a reminder takes her: today's practice, on the programme page. */
const PRACTICE_PATH = "/portal/program#today";
/** A reminder that could not go out within this long after its time is not sent late. */
const STALE_AFTER_MS = 3 * 60 * 60_000;

export const REMINDER_PUSH = {
  title: "A few calm minutes for today",
  body: "Today's practice is ready whenever you are.",
  tag: "practice-reminder",
} as const;

const reminderKey = (userId: string, date: CalendarDate) => `reminder:${userId}:${date}`;

interface ReminderFacts {
  email: string;
  name: string;
  time: LocalTime | null;
  timeZone: string;
  byEmail: boolean;
  byPush: boolean;
  dueDate: CalendarDate | null;
  babyBornOn: CalendarDate | null;
  lastPracticeDate: CalendarDate | null;
}

async function reminderFacts(db: Db, userId: string): Promise<ReminderFacts | undefined> {
  const row = await db
    .selectFrom("profiles")
    .innerJoin("user", "user.id", "profiles.id")
    .leftJoin("user_progress", "user_progress.user_id", "profiles.id")
    .leftJoin("reminder_settings", "reminder_settings.user_id", "profiles.id")
    .leftJoin("programme_settings", "programme_settings.user_id", "profiles.id")
    .select([
      "user.email",
      "user.name",
      "reminder_settings.reminder_time",
      "profiles.time_zone",
      "reminder_settings.remind_by_email",
      "reminder_settings.remind_by_push",
      "programme_settings.due_date",
      "programme_settings.baby_born_on",
      "user_progress.last_daily_audio_date",
    ])
    .where("profiles.id", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    email: row.email,
    name: row.name,
    time: row.reminder_time ?? null,
    timeZone: isValidTimeZone(row.time_zone) ? row.time_zone : "UTC",
    byEmail: Boolean(row.remind_by_email),
    byPush: Boolean(row.remind_by_push),
    dueDate: row.due_date ?? null,
    babyBornOn: row.baby_born_on ?? null,
    lastPracticeDate: row.last_daily_audio_date ?? null,
  };
}

function dayOf(facts: ReminderFacts, date: CalendarDate): ReminderDay {
  return {
    date,
    setting: { time: facts.time, timeZone: facts.timeZone },
    channels: { email: facts.byEmail, push: facts.byPush },
    dueDate: facts.dueDate,
    babyBornOn: facts.babyBornOn,
    practised: facts.lastPracticeDate !== null && facts.lastPracticeDate >= date,
  };
}

/**
 * Replaces her waiting reminder with the next one her setting asks for (none
 * when she turned them off, her baby is here, or her due date is two weeks
 * past). A day whose reminder has already gone is passed over. Call it in the
 * transaction that changed her setting or dates. Answers when it will go.
 */
export async function scheduleNextReminder(db: Db, userId: string, now: Date): Promise<Date | null> {
  await cancelPendingJobs(db, userId, REMINDER_JOB);
  const facts = await reminderFacts(db, userId);
  if (!facts || facts.time === null) return null;
  const first = nextReminder({ time: facts.time, timeZone: facts.timeZone }, now);
  if (!first) return null;
  for (let date = first.date, tries = 0; tries < 3; date = addDays(date, 1), tries += 1) {
    const decision = reminderDecision({ ...dayOf(facts, date), practised: false });
    if (!decision.send && decision.stop) return null;
    const at = instantAt(date, facts.time, facts.timeZone);
    if (
      await scheduleJob(db, {
        kind: REMINDER_JOB,
        key: reminderKey(userId, date),
        runAt: at,
        userId,
        payload: { date },
      })
    ) {
      return at;
    }
  }
  return null;
}

export interface ReminderDeps {
  baseUrl: string;
  /** Signs the one-click unsubscribe links. */
  unsubscribeKey: Buffer;
  /** Starts an email's delivery once its job has committed. */
  deliverSoon(emailId: string): void;
  log: Logger;
}

/** The link in each reminder email that stops them, with no sign-in. */
export function unsubscribeUrl(
  deps: Pick<ReminderDeps, "baseUrl" | "unsubscribeKey">,
  userId: string,
): string {
  const url = new URL("/reminders/stop", deps.baseUrl);
  url.searchParams.set("member", userId);
  // Named "token", so the log never shows it (scrubUrl).
  url.searchParams.set("token", unsubscribeToken(deps.unsubscribeKey, userId));
  return url.href;
}

/** The keys reminders sign with, each derived from the app secret for its one purpose. */
export function reminderKeys(appSecret: string) {
  return {
    unsubscribe: deriveKey(appSecret, "reminder-unsubscribe"),
    calendar: deriveKey(appSecret, "calendar-feed"),
  };
}

function unsubscribeToken(key: Buffer, userId: string): string {
  return crypto.createHmac("sha256", key).update(`reminder-unsubscribe:${userId}`).digest("base64url");
}

export function isUnsubscribeToken(key: Buffer, userId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(key, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** A day's reminder: sent (by email and to each of her devices) unless the day's decision says not. */
export function reminderJob(deps: ReminderDeps): JobHandler {
  return async (job, { now, finish }) => {
    const userId = job.userId;
    const date = job.payload.date;
    if (!userId || typeof date !== "string") return;
    return finish(async (trx) => {
      const facts = await reminderFacts(trx, userId);
      if (!facts) return;
      const decision = reminderDecision(dayOf(facts, date));
      const late = now.getTime() - job.runAt.getTime() > STALE_AFTER_MS;
      let emailId: string | undefined;
      if (decision.send && !late) {
        if (facts.byEmail) {
          const stopUrl = unsubscribeUrl(deps, userId);
          emailId = await queueEmail(trx, {
            kind: REMINDER_JOB,
            to: facts.email,
            ...practiceReminderEmail({
              name: facts.name,
              practiceUrl: new URL(PRACTICE_PATH, deps.baseUrl).href,
              settingsUrl: new URL("/portal/profile#reminders", deps.baseUrl).href,
              unsubscribeUrl: stopUrl,
            }),
            unsubscribeUrl: stopUrl,
          });
        }
        if (facts.byPush) {
          for (const subscription of await pushSubscriptionsOf(trx, userId)) {
            await scheduleJob(trx, {
              kind: PUSH_JOB,
              key: `push:${subscription.id}:${date}`,
              runAt: now,
              userId,
              payload: { subscriptionId: subscription.id },
            });
          }
        }
      }
      if (!decision.send && decision.stop) return;
      await scheduleNextReminder(trx, userId, now);
      return emailId;
    }).then((emailId) => (emailId ? () => deps.deliverSoon(emailId) : undefined));
  };
}

/** A reminder to one of her devices, through its push service; a device that has gone is forgotten. */
export function pushJob(push: PushSender): JobHandler {
  return async (job, { db, finish }) => {
    const subscriptionId = job.payload.subscriptionId;
    if (typeof subscriptionId !== "string") return;
    const subscription = await db
      .selectFrom("push_subscriptions")
      .select(["id", "endpoint", "p256dh", "auth"])
      .where("id", "=", subscriptionId)
      .executeTakeFirst();
    if (!subscription) return;
    // Sent before the job's transaction, so no database write waits on a push service.
    const outcome = await push.send(subscription, { ...REMINDER_PUSH, url: PRACTICE_PATH });
    if (outcome === "gone") await finish((trx) => forgetPushSubscription(trx, subscription.id));
  };
}

/** Every member with reminders on has her next one waiting (run at start: a dead job breaks no chain for long). */
export async function scheduleMissingReminders(db: Db, now: Date): Promise<number> {
  const waiting = db
    .selectFrom("jobs")
    .select("jobs.user_id")
    .where("jobs.kind", "=", REMINDER_JOB)
    .where("jobs.status", "in", ["pending", "running"]);
  const members = await db
    .selectFrom("reminder_settings")
    .innerJoin("profiles", "profiles.id", "reminder_settings.user_id")
    .leftJoin("programme_settings", "programme_settings.user_id", "profiles.id")
    .select("profiles.id")
    .where("reminder_settings.reminder_time", "is not", null)
    .where("programme_settings.baby_born_on", "is", null)
    .where(
      "profiles.id",
      "not in",
      waiting.where("jobs.user_id", "is not", null).$narrowType<{ user_id: string }>(),
    )
    .execute();
  let scheduled = 0;
  for (const { id } of members) {
    if (await db.transaction().execute((trx) => scheduleNextReminder(trx, id, now))) scheduled += 1;
  }
  return scheduled;
}
