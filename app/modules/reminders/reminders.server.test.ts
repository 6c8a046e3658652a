import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aMember } from "../../../tests/factories/index.ts";
import { startPushService, type FakePushService } from "../../../tests/support/push-service.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { createJobRunner } from "#app/platform/jobs.server.ts";
import { createLogger } from "#app/platform/log.server.ts";
import { chooseTimeZone, updateTimeZone } from "#app/modules/accounts/profile.server.ts";
import { setBabyArrival } from "#app/modules/program/programme-settings.server.ts";
import { createPushSender, pushSubscriptionsOf, savePushSubscription } from "./push.server.ts";
import { setReminderPreference } from "./reminder-settings.server.ts";
import {
  PUSH_JOB,
  pushJob,
  REMINDER_JOB,
  REMINDER_PUSH,
  reminderJob,
  reminderKeys,
  scheduleMissingReminders,
  scheduleNextReminder,
  unsubscribeUrl,
} from "./reminders.server.ts";
import { generateVapidKeys } from "./vapid.server.ts";
import { STOP_LINK_LIMIT, stopRemindersByLink } from "./unsubscribe.server.ts";

const log = createLogger("silent");
const keys = reminderKeys("a-test-secret-that-is-long-enough-for-hkdf");
const deps = {
  baseUrl: "http://localhost:3000",
  unsubscribeKey: keys.unsubscribe,
  deliverSoon: () => {},
  log,
};

describe.each(testDialects)("daily reminders on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  beforeEach(async () => {
    await db().deleteFrom("jobs").execute();
    await db().deleteFrom("email_outbox").execute();
  });

  /** A member due on 10 December who asked for a reminder at 20:00 London time, by email. */
  async function aMemberWithReminders(time = "20:00", timeZone = "Europe/London") {
    const member = await aMember(db());
    await db()
      .insertInto("programme_settings")
      .values({ user_id: member.id, due_date: "2026-12-10" })
      .execute();
    await setReminderPreference(db(), member.id, {
      time,
      byEmail: true,
      byPush: false,
    });
    await chooseTimeZone(db(), member.id, { name: timeZone, chosen: true });
    return member;
  }

  const waiting = async (userId: string) =>
    (
      await db()
        .selectFrom("jobs")
        .select(["key", "run_at"])
        .where("user_id", "=", userId)
        .where("kind", "=", REMINDER_JOB)
        .where("status", "=", "pending")
        .execute()
    ).map((job) => ({ key: job.key.split(":").at(-1), at: new Date(job.run_at).toISOString() }));

  const remindersTo = async (email: string) =>
    db()
      .selectFrom("email_outbox")
      .select(["kind", "subject", "text_body", "unsubscribe_url"])
      .where("to_address", "=", email)
      .where("kind", "=", REMINDER_JOB)
      .execute();

  const clockAt = (iso: string) => {
    let now = new Date(iso);
    return { now: () => now, set: (next: string) => void (now = new Date(next)) };
  };
  const runnerAt = (clock: { now(): Date }) =>
    createJobRunner({ db: db(), log, clock, handlers: { [REMINDER_JOB]: reminderJob(deps) } });

  it("waits for her chosen time, today's if it is still to come", async () => {
    const ana = await aMemberWithReminders();
    await scheduleNextReminder(db(), ana.id, new Date("2026-11-25T10:00:00Z"));
    expect(await waiting(ana.id)).toEqual([{ key: "2026-11-25", at: "2026-11-25T20:00:00.000Z" }]);
  });

  it("moves the waiting reminder when she changes the time, and removes it when she turns reminders off", async () => {
    const ana = await aMemberWithReminders();
    const now = new Date("2026-11-25T10:00:00Z");
    await scheduleNextReminder(db(), ana.id, now);
    await setReminderPreference(db(), ana.id, { time: "07:30", byEmail: true, byPush: false });
    await scheduleNextReminder(db(), ana.id, now);
    expect(await waiting(ana.id)).toEqual([{ key: "2026-11-26", at: "2026-11-26T07:30:00.000Z" }]);

    await setReminderPreference(db(), ana.id, { time: null, byEmail: true, byPush: false });
    await scheduleNextReminder(db(), ana.id, now);
    expect(await waiting(ana.id)).toEqual([]);
  });

  it("emails her at her time with a one-click stop link, and waits for the next day", async () => {
    const ana = await aMemberWithReminders();
    const clock = clockAt("2026-11-25T10:00:00Z");
    await scheduleNextReminder(db(), ana.id, clock.now());

    expect((await runnerAt(clock).runDue()).done).toBe(0);
    clock.set("2026-11-25T20:00:30Z");
    expect((await runnerAt(clock).runDue()).done).toBe(1);

    const [email, ...more] = await remindersTo(ana.email);
    expect(more).toHaveLength(0);
    expect(email!.subject).toBe("A few calm minutes for today");
    expect(email!.text_body).toContain("http://localhost:3000/portal/program#today");
    expect(email!.unsubscribe_url).toBe(unsubscribeUrl(deps, ana.id));
    expect(email!.text_body).toContain(email!.unsubscribe_url);
    expect(await waiting(ana.id)).toEqual([{ key: "2026-11-26", at: "2026-11-26T20:00:00.000Z" }]);
  });

  it("skips a day she has already practised, and reminds her the next", async () => {
    const ana = await aMemberWithReminders();
    const clock = clockAt("2026-11-25T10:00:00Z");
    await scheduleNextReminder(db(), ana.id, clock.now());
    await db()
      .insertInto("user_progress")
      .values({ user_id: ana.id, daily_audio_completed: true, last_daily_audio_date: "2026-11-25" })
      .execute();

    clock.set("2026-11-25T20:00:00Z");
    await runnerAt(clock).runDue();
    expect(await remindersTo(ana.email)).toHaveLength(0);
    clock.set("2026-11-26T20:00:00Z");
    await runnerAt(clock).runDue();
    expect(await remindersTo(ana.email)).toHaveLength(1);
  });

  it("stops once she marks her baby's arrival", async () => {
    const ana = await aMemberWithReminders();
    const clock = clockAt("2026-11-25T10:00:00Z");
    await scheduleNextReminder(db(), ana.id, clock.now());
    await setBabyArrival(db(), ana.id, { bornOn: "2026-11-25", name: null });

    clock.set("2026-11-25T20:00:00Z");
    await runnerAt(clock).runDue();
    expect(await remindersTo(ana.email)).toHaveLength(0);
    expect(await waiting(ana.id)).toEqual([]);
  });

  it("goes on until two weeks after her due date, then stops", async () => {
    const ana = await aMemberWithReminders();
    const clock = clockAt("2026-12-24T10:00:00Z");
    await scheduleNextReminder(db(), ana.id, clock.now());
    clock.set("2026-12-24T20:00:00Z");
    await runnerAt(clock).runDue();
    expect(await remindersTo(ana.email)).toHaveLength(1);
    // The 25th is more than two weeks past 10 December: nothing waits for it.
    expect(await waiting(ana.id)).toEqual([]);
  });

  it("stays at 20:00 London time across the clock change", async () => {
    const ana = await aMemberWithReminders();
    const clock = clockAt("2026-10-24T12:00:00Z");
    await db()
      .updateTable("programme_settings")
      .set({ due_date: "2026-11-20" })
      .where("user_id", "=", ana.id)
      .execute();
    await scheduleNextReminder(db(), ana.id, clock.now());
    expect(await waiting(ana.id)).toEqual([{ key: "2026-10-24", at: "2026-10-24T19:00:00.000Z" }]);
    clock.set("2026-10-24T19:00:00Z");
    await runnerAt(clock).runDue();
    expect(await waiting(ana.id)).toEqual([{ key: "2026-10-25", at: "2026-10-25T20:00:00.000Z" }]);
  });

  it("sends a day's reminder once when two instances run it together", async () => {
    const members = await Promise.all([1, 2, 3].map(() => aMemberWithReminders()));
    const clock = clockAt("2026-11-25T10:00:00Z");
    for (const member of members) await scheduleNextReminder(db(), member.id, clock.now());
    clock.set("2026-11-25T20:00:00Z");
    await Promise.all([runnerAt(clock).runDue(), runnerAt(clock).runDue(), runnerAt(clock).runDue()]);
    for (const member of members) expect(await remindersTo(member.email)).toHaveLength(1);
  });

  it("doesn't send a reminder hours late (the server was down), and waits for the next day's", async () => {
    const ana = await aMemberWithReminders();
    const clock = clockAt("2026-11-25T10:00:00Z");
    await scheduleNextReminder(db(), ana.id, clock.now());
    clock.set("2026-11-26T08:00:00Z");
    await runnerAt(clock).runDue();
    expect(await remindersTo(ana.email)).toHaveLength(0);
    expect(await waiting(ana.id)).toEqual([{ key: "2026-11-26", at: "2026-11-26T20:00:00.000Z" }]);
  });

  it("keeps a time zone she chose by hand when her device reports its own, and follows her device otherwise", async () => {
    const zone = async (userId: string) =>
      (
        await db()
          .selectFrom("profiles")
          .select("time_zone")
          .where("id", "=", userId)
          .executeTakeFirstOrThrow()
      ).time_zone;
    const ana = await aMemberWithReminders("20:00", "Europe/London");
    await updateTimeZone(db(), ana.id, "America/New_York");
    expect(await zone(ana.id)).toBe("Europe/London");

    await setReminderPreference(db(), ana.id, {
      time: "20:00",
      byEmail: true,
      byPush: false,
    });
    await chooseTimeZone(db(), ana.id, { name: "Europe/London", chosen: false });
    await updateTimeZone(db(), ana.id, "America/New_York");
    expect(await zone(ana.id)).toBe("America/New_York");
  });

  it("gives a waiting reminder back to every member whose chain broke", async () => {
    const ana = await aMemberWithReminders();
    const now = new Date("2026-11-25T10:00:00Z");
    expect(await scheduleMissingReminders(db(), now)).toBeGreaterThanOrEqual(1);
    expect(await waiting(ana.id)).toHaveLength(1);
    expect(await scheduleMissingReminders(db(), now)).toBe(0);
  });

  describe("on her devices", () => {
    let service: FakePushService;
    const keys = { ...generateVapidKeys(), subject: "mailto:owner@tidewell.example" };
    beforeAll(async () => {
      service = await startPushService();
    });
    afterAll(async () => {
      await service?.close();
    });

    const pushRunner = (clock: { now(): Date }) =>
      createJobRunner({
        db: db(),
        log,
        clock,
        handlers: {
          [REMINDER_JOB]: reminderJob(deps),
          [PUSH_JOB]: pushJob(createPushSender({ keys, log })),
        },
      });

    it("pushes today's practice to each device she chose, signed with our keys, and forgets a device that has gone", async () => {
      const ana = await aMember(db());
      await setReminderPreference(db(), ana.id, {
        time: "20:00",
        byEmail: false,
        byPush: true,
      });
      await chooseTimeZone(db(), ana.id, { name: "Europe/London", chosen: false });
      const phone = service.createSubscription({ applicationServerKey: keys.publicKey });
      const laptop = service.createSubscription({ applicationServerKey: keys.publicKey });
      for (const device of [phone, laptop]) {
        await savePushSubscription(db(), ana.id, { endpoint: device.endpoint, ...device.keys });
      }
      service.gone(laptop.id);
      const clock = clockAt("2026-11-25T10:00:00Z");
      await scheduleNextReminder(db(), ana.id, clock.now());

      clock.set("2026-11-25T20:00:00Z");
      await pushRunner(clock).runDue();
      const pushed = await service.waitFor((push) => push.subscriptionId === phone.id);
      expect(pushed.payload).toEqual({ ...REMINDER_PUSH, url: "/portal/program#today" });
      expect(pushed.vapid.publicKey).toBe(keys.publicKey);
      expect(await remindersTo(ana.email)).toHaveLength(0);
      const devices = (await pushSubscriptionsOf(db(), ana.id)).map((device) => device.endpoint);
      expect(devices).toEqual([phone.endpoint]);

      // The next day she has practised: nothing is pushed.
      await db()
        .insertInto("user_progress")
        .values({ user_id: ana.id, daily_audio_completed: true, last_daily_audio_date: "2026-11-26" })
        .execute();
      const before = service.received.length;
      clock.set("2026-11-26T20:00:00Z");
      await pushRunner(clock).runDue();
      expect(service.received.length).toBe(before);
    });
  });

  describe("the stop link", () => {
    const stop = (member: string | null, token: string | null, clientIp = "203.0.113.9") =>
      stopRemindersByLink(db(), {
        member,
        token,
        key: keys.unsubscribe,
        clientIp,
        now: new Date("2026-11-25T10:00:00Z"),
      });
    const tokenOf = (userId: string) => new URL(unsubscribeUrl(deps, userId)).searchParams.get("token");
    const emailOn = async (userId: string) =>
      Boolean(
        (
          await db()
            .selectFrom("reminder_settings")
            .select("remind_by_email")
            .where("user_id", "=", userId)
            .executeTakeFirstOrThrow()
        ).remind_by_email,
      );

    it("stops her reminder emails with no sign-in, and her waiting reminder with them", async () => {
      const ana = await aMemberWithReminders();
      await scheduleNextReminder(db(), ana.id, new Date("2026-11-25T10:00:00Z"));
      expect(await stop(ana.id, tokenOf(ana.id))).toEqual({
        status: 200,
        message: "Done. We won't send you any more reminder emails.",
      });
      expect(await emailOn(ana.id)).toBe(false);
      expect(await waiting(ana.id)).toEqual([]);
    });

    it("changes nothing for a link that isn't hers, or is cut short", async () => {
      const ana = await aMemberWithReminders();
      const bea = await aMemberWithReminders();
      const answers = [
        await stop(ana.id, tokenOf(bea.id)),
        await stop(ana.id, tokenOf(ana.id)!.slice(0, 20)),
        await stop(ana.id, null),
        await stop(null, tokenOf(ana.id)),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400]);
      expect(await emailOn(ana.id)).toBe(true);
      expect(await emailOn(bea.id)).toBe(true);
    });

    it("refuses a burst of guesses from one address, all at once", async () => {
      const ana = await aMemberWithReminders();
      const tries = STOP_LINK_LIMIT.limit + 10;
      const answers = await Promise.all(
        Array.from({ length: tries }, (_, i) => stop(ana.id, `guess-${i}`.padEnd(43, "x"), "198.51.100.7")),
      );
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10);
      // Her own link from another address still works.
      expect((await stop(ana.id, tokenOf(ana.id), "192.0.2.1")).status).toBe(200);
    });
  });
});
