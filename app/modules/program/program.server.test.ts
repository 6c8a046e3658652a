import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import type { Db } from "#app/platform/db.server.ts";
import { createLogger } from "#app/platform/log.server.ts";
import { setStreaksHidden } from "./programme-settings.server.ts";
import {
  createShareLink,
  partnerView,
  SHARE_MISS_LIMIT,
  revokeShareLink,
} from "#app/modules/partner/share.server.ts";
import { handleProgrammeAction } from "./actions.server.ts";
import { HER_PREGNANCY_REFUSAL } from "./forms.ts";
import { currentStreak } from "./practice.ts";
import { progressOf } from "./progress.ts";
import { findTrack } from "#app/modules/catalogue/tracks.ts";
import { partnerLinks, shareLinkCreatedAt } from "#app/modules/partner/share.server.ts";
import {
  completeDailyPractice,
  loadProgramme,
  saveDueDate,
  scheduleFor,
  setActivityCompleted,
  setTrackListened,
} from "./program.server.ts";
import { aMember } from "../../../tests/factories/index.ts";

/** A member whose programme runs from 2026-11-21 (due 2026-12-05). */
async function aMemberWithProgramme(db: Db) {
  const { id } = await aMember(db);
  await saveDueDate(db, id, { dueDate: "2026-12-05" }, "2026-11-21");
  return id;
}

/** The complete-practice form as the page or the outbox sends it, on the server's `today` for her. */
function completePractice(db: Db, userId: string, today: string, practisedOn?: string) {
  const form = new FormData();
  form.set("intent", "complete-practice");
  if (practisedOn !== undefined) {
    form.set("practisedOn", practisedOn);
    form.set("key", "3f0c2a4e-7d51-4f8e-9b0a-6c2d1e5f4a37");
  }
  return handleProgrammeAction(form, {
    db,
    log: createLogger("silent"),
    member: { id: userId, hasPremium: false },
    today,
    baseUrl: "https://tidewell.example",
    partnerLink: partnerLinks,
  });
}

describe.each(testDialects)("the programme on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  const member = async (name?: string) => (await aMember(db(), { name })).id;

  const countRows = async (userId: string) =>
    Number(
      (
        await db()
          .selectFrom("program_schedule")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("user_id", "=", userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("shows a default, unsaved schedule until a date is saved", async () => {
    const userId = await member();
    const programme = await loadProgramme(db(), userId, "2026-11-21");
    expect(programme.hasSavedDate).toBe(false);
    expect(programme.dueDate).toBe("2026-12-05");
    expect(programme.schedule).toHaveLength(14);
    expect(programme.schedule.every((row) => row.id === null && !row.completed)).toBe(true);
  });

  it("lays out exactly 14 days once, even when two tabs save at the same moment", async () => {
    const userId = await member();
    await Promise.all([
      saveDueDate(
        db(),
        userId,
        { dueDate: "2026-12-31", isInduction: true, timeZone: "Europe/London" },
        "2026-11-21",
      ),
      saveDueDate(
        db(),
        userId,
        { dueDate: "2026-12-31", isInduction: true, timeZone: "Europe/London" },
        "2026-11-21",
      ),
    ]);
    expect(await countRows(userId)).toBe(14);
    const programme = await loadProgramme(db(), userId, "2026-11-21");
    expect(programme).toMatchObject({
      hasSavedDate: true,
      dueDate: "2026-12-31",
      isInduction: true,
      start: "2026-12-17",
    });
    expect(programme.schedule[0]).toMatchObject({
      date: "2026-12-17",
      activity: "Pregnancy Relaxation and Wellbeing",
    });
    const profile = await db()
      .selectFrom("profiles")
      .selectAll()
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(profile.time_zone).toBe("Europe/London");
  });

  it("moves the days when the date changes, keeping what was ticked while its day has come", async () => {
    const userId = await member();
    await saveDueDate(db(), userId, { dueDate: "2026-12-01" }, "2026-11-21");
    const first = (await loadProgramme(db(), userId, "2026-11-21")).schedule[0]!;
    expect(await setActivityCompleted(db(), userId, first.id!, true, "2026-11-21")).toBe("done");
    await saveDueDate(db(), userId, { dueDate: "2026-12-02" }, "2026-11-21");
    let moved = await loadProgramme(db(), userId, "2026-11-21");
    expect(moved.schedule[0]).toMatchObject({ date: "2026-11-21", completed: true });
    // Moved to a day still to come: not done (it opens again on its new date).
    await saveDueDate(db(), userId, { dueDate: "2027-01-07" }, "2026-11-21");
    moved = await loadProgramme(db(), userId, "2026-11-21");
    expect(moved.schedule[0]).toMatchObject({ date: "2026-12-24", completed: false });
    expect(await countRows(userId)).toBe(14);
  });

  it("refuses to tick a day still to come, saying when it opens, and changes nothing", async () => {
    const userId = await member();
    await saveDueDate(db(), userId, { dueDate: "2027-01-14" }, "2026-11-21");
    const first = (await loadProgramme(db(), userId, "2026-11-21")).schedule[0]!;
    const form = new FormData();
    form.set("intent", "toggle-activity");
    form.set("rowId", first.id!);
    form.set("completed", "true");
    const answer = await handleProgrammeAction(form, {
      db: db(),
      log: createLogger("silent"),
      member: { id: userId, hasPremium: true },
      today: "2026-11-21",
      baseUrl: "https://tidewell.example",
      partnerLink: partnerLinks,
    });
    expect(answer).toMatchObject({
      ok: false,
      status: 400,
      toast: { message: "That day opens on Thursday 31 December. You can tick it from then." },
    });
    const after = await loadProgramme(db(), userId, "2026-11-21");
    expect(after.schedule.filter((day) => day.completed)).toEqual([]);
    expect(await setActivityCompleted(db(), userId, first.id!, true, "2026-12-31")).toBe("done");
  });

  it("makes and turns off her partner link where the partner seat keeps it, and refuses a partner's account", async () => {
    const userId = await member();
    const post = (intent: string, isPartner = false) => {
      const form = new FormData();
      form.set("intent", intent);
      return handleProgrammeAction(form, {
        db: db(),
        log: createLogger("silent"),
        member: { id: userId, hasPremium: false, isPartner },
        today: "2026-11-21",
        baseUrl: "https://tidewell.example",
        partnerLink: partnerLinks,
      });
    };
    const made = await post("create-share-link");
    expect(made).toMatchObject({ ok: true, status: 200 });
    expect(made.shareUrl).toMatch(/^https:\/\/tidewell\.example\/shared\/[A-Za-z0-9_-]{43}$/);
    expect(await shareLinkCreatedAt(db(), userId)).not.toBeNull();
    expect(await post("revoke-share-link")).toMatchObject({ ok: true, status: 200 });
    expect(await shareLinkCreatedAt(db(), userId)).toBeNull();
    expect(await post("create-share-link", true)).toMatchObject({
      ok: false,
      status: 403,
      toast: { message: HER_PREGNANCY_REFUSAL },
    });
    expect(await shareLinkCreatedAt(db(), userId)).toBeNull();
  });

  it("ticks and unticks a day, setting and clearing when it was done", async () => {
    const userId = await member();
    await saveDueDate(db(), userId, { dueDate: "2026-12-31" }, "2026-11-21");
    const row = (await loadProgramme(db(), userId, "2026-11-21")).schedule[3]!;
    await setActivityCompleted(db(), userId, row.id!, true, "2026-12-20", new Date("2026-12-20T09:00:00Z"));
    let stored = await db()
      .selectFrom("program_schedule")
      .selectAll()
      .where("id", "=", row.id!)
      .executeTakeFirstOrThrow();
    expect(Boolean(stored.completed)).toBe(true);
    expect(new Date(stored.completed_at!).toISOString()).toBe("2026-12-20T09:00:00.000Z");
    await setActivityCompleted(db(), userId, row.id!, false, "2026-12-20");
    stored = await db()
      .selectFrom("program_schedule")
      .selectAll()
      .where("id", "=", row.id!)
      .executeTakeFirstOrThrow();
    expect(Boolean(stored.completed)).toBe(false);
    expect(stored.completed_at).toBeNull();
  });

  it("never lets a member change another member's day, whatever id they send", async () => {
    const owner = await member();
    const intruder = await member("Mallory");
    await saveDueDate(db(), owner, { dueDate: "2026-12-31" }, "2026-11-21");
    const row = (await loadProgramme(db(), owner, "2026-11-21")).schedule[0]!;
    expect(await setActivityCompleted(db(), intruder, row.id!, true, "2027-01-01")).toBe("missing");
    const stored = await db()
      .selectFrom("program_schedule")
      .selectAll()
      .where("id", "=", row.id!)
      .executeTakeFirstOrThrow();
    expect(Boolean(stored.completed)).toBe(false);
    expect(await setActivityCompleted(db(), intruder, "no-such-row", true, "2027-01-01")).toBe("missing");
  });

  it("marks a track listened and unmarks it, completed and listened-offline together", async () => {
    const userId = await member();
    expect(await setTrackListened(db(), userId, "fear-release", true, new Date("2026-11-21T10:00:00Z"))).toBe(
      true,
    );
    let row = await db()
      .selectFrom("audio_progress")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect([Boolean(row.completed), Boolean(row.listened_offline)]).toEqual([true, true]);
    expect(new Date(row.completion_date!).toISOString()).toBe("2026-11-21T10:00:00.000Z");
    await setTrackListened(db(), userId, "fear-release", false);
    row = await db()
      .selectFrom("audio_progress")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect([Boolean(row.completed), Boolean(row.listened_offline), row.completion_date]).toEqual([
      false,
      false,
      null,
    ]);
    expect(await setTrackListened(db(), userId, "not-a-track", true)).toBe(false);
    expect(progressOf(await loadProgramme(db(), userId, "2026-11-21"), "2026-11-21").tracksListened).toEqual(
      [],
    );
  });

  it("keeps the Default Schedule she practised on before choosing a date, so every figure counts the day", async () => {
    const userId = await member();
    await completeDailyPractice(db(), userId, "2026-11-21");
    const programme = await loadProgramme(db(), userId, "2026-11-23");
    expect(programme.hasSavedDate).toBe(false);
    expect(programme.dueDate).toBe("2026-12-05");
    expect(programme.schedule[0]).toMatchObject({ date: "2026-11-21", completed: true });
    expect(progressOf(programme, "2026-11-21")).toMatchObject({
      programmeDaysDone: 1,
      programmeBegun: true,
      sessionsFinished: 1,
      tracksListened: ["affirmations-purpose"],
      streak: 1,
    });
    // Her date, chosen later, moves the days as any date does: day 1 is to come again, her practice still counts.
    await saveDueDate(db(), userId, { dueDate: "2027-01-14" }, "2026-11-22");
    expect(progressOf(await loadProgramme(db(), userId, "2026-11-22"), "2026-11-22")).toMatchObject({
      programmeDaysDone: 0,
      programmeBegun: false,
      sessionsFinished: 1,
      streak: 1,
    });
  });

  it("counts a premium member's practice before her programme with the Complete Course session she played", async () => {
    const userId = await member();
    // Due in 53 days: 33 weeks, her programme 39 days away. 2026-11-25 is a Wednesday, an early plan day.
    await saveDueDate(db(), userId, { dueDate: "2027-01-17" }, "2026-11-25");
    await completeDailyPractice(db(), userId, "2026-11-25", new Date(), { signedIn: true, hasPremium: true });
    const progress = progressOf(await loadProgramme(db(), userId, "2026-11-25"), "2026-11-25");
    expect(progress).toMatchObject({ programmeDaysDone: 0, sessionsFinished: 1, streak: 1 });
    expect(findTrack(progress.tracksListened[0]!)?.courseTier).toBe("preparation");
  });

  it("counts today's practice once, even pressed five times at once", async () => {
    const userId = await member();
    await saveDueDate(db(), userId, { dueDate: "2026-12-05" }, "2026-11-21");
    const results = await Promise.all(
      Array.from({ length: 5 }, () => completeDailyPractice(db(), userId, "2026-11-21")),
    );
    expect(results.filter((r) => r.counted)).toHaveLength(1);
    expect(results.every((r) => r.streak === 1)).toBe(true);
    const programme = await loadProgramme(db(), userId, "2026-11-21");
    expect(programme.practice).toEqual({
      lastPracticeDate: "2026-11-21",
      streak: 1,
      longest: 1,
      lastRestDay: null,
    });
    // Today's programme day is ticked, counted as a session finished, and its track ticked in her library.
    expect(programme.schedule[0]).toMatchObject({ date: "2026-11-21", completed: true });
    expect(progressOf(programme, "2026-11-21")).toMatchObject({
      programmeDaysDone: 1,
      sessionsFinished: 1,
      tracksListened: ["affirmations-purpose"],
      streak: 1,
    });
  });

  it("grows the streak day by day, rests one missed day a week, restarts after more, and keeps the longest", async () => {
    const userId = await member();
    for (const [day, streak, continued, rested, startedAgain] of [
      ["2026-12-28", 1, false, false, false],
      ["2026-12-29", 2, true, false, false],
      // The 30th missed: her rest day.
      ["2026-12-31", 3, true, true, false],
      ["2027-01-01", 4, true, false, false],
      // The 2nd missed, 3 days after her rest day: the streak starts again.
      ["2027-01-03", 1, false, false, true],
      // Two days missed: starts again, rest day or not.
      ["2027-01-06", 1, false, false, true],
    ] as const) {
      const result = await completeDailyPractice(db(), userId, day);
      expect(result, day).toEqual({ counted: true, continued, streak, rested, startedAgain });
    }
    const programme = await loadProgramme(db(), userId, "2027-01-06");
    expect(programme.practice).toMatchObject({ streak: 1, longest: 4, lastRestDay: "2026-12-30" });
    const profile = await db()
      .selectFrom("programme_settings")
      .select("current_streak")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(profile.current_streak).toBe(1);
  });
});

describe.each(testDialects)("rest days and hidden streaks on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  const memberWithProgramme = () => aMemberWithProgramme(db());
  const complete = (userId: string, today: string, practisedOn?: string) =>
    completePractice(db(), userId, today, practisedOn);
  const progress = (userId: string) =>
    db()
      .selectFrom("user_progress")
      .select(["last_daily_audio_date", "affirmation_streak", "longest_streak", "last_rest_day"])
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();

  it("rests one missed day once, and counts the day once, when it is sent 20 times at once", async () => {
    const userId = await memberWithProgramme();
    await completeDailyPractice(db(), userId, "2026-11-21");
    await completeDailyPractice(db(), userId, "2026-11-22");
    // The 23rd missed; the 24th sent from 20 requests at once.
    const results = await Promise.all(
      Array.from({ length: 20 }, () => completeDailyPractice(db(), userId, "2026-11-24")),
    );
    expect(results.filter((result) => result.counted)).toEqual([
      { counted: true, continued: true, streak: 3, rested: true, startedAgain: false },
    ]);
    expect(results.filter((result) => result.rested)).toHaveLength(1);
    expect(await progress(userId)).toEqual({
      last_daily_audio_date: "2026-11-24",
      affirmation_streak: 3,
      longest_streak: 3,
      last_rest_day: "2026-11-23",
    });
    const programme = await loadProgramme(db(), userId, "2026-11-24");
    const days = scheduleFor(programme, "2026-11-24", { signedIn: true, hasPremium: false });
    expect(days.filter((day) => day.restDay).map((day) => day.date)).toEqual(["2026-11-23"]);
    expect(days.filter((day) => day.completed).map((day) => day.date)).toEqual([
      "2026-11-21",
      "2026-11-22",
      "2026-11-24",
    ]);
  });

  it("says so kindly: a rest day kept, a streak starting again", async () => {
    const userId = await memberWithProgramme();
    await complete(userId, "2026-11-21");
    expect(await complete(userId, "2026-11-23")).toMatchObject({
      ok: true,
      toast: {
        message: "Great job! Streak continued! 🔥",
        description: "Yesterday was your rest day, so you're on a 2 day streak!",
      },
    });
    const again = await complete(userId, "2026-11-27");
    expect(again).toMatchObject({
      ok: true,
      toast: {
        message: "Practice completed! 🌟",
        description: "Welcome back. Every day you practise counts, and a new streak starts today.",
      },
    });
    expect(JSON.stringify(again)).not.toMatch(/broke|lost|failed/i);
  });

  it("rests a day for a practice sent late with the day she practised", async () => {
    const userId = await memberWithProgramme();
    await complete(userId, "2026-11-21");
    await complete(userId, "2026-11-22");
    // The 23rd missed; practised on the 24th with no signal, sent on the 27th.
    expect(await complete(userId, "2026-11-27", "2026-11-24")).toMatchObject({
      ok: true,
      toast: { description: "Yesterday was your rest day, so you're on a 3 day streak!" },
    });
    expect(await progress(userId)).toMatchObject({
      last_daily_audio_date: "2026-11-24",
      affirmation_streak: 3,
      last_rest_day: "2026-11-23",
    });
    // Sent again, and an earlier day sent late: nothing moves.
    await complete(userId, "2026-11-27", "2026-11-24");
    await complete(userId, "2026-11-27", "2026-11-23");
    expect(await progress(userId)).toMatchObject({ affirmation_streak: 3, last_rest_day: "2026-11-23" });
    // The 25th missed too: within the week of the last rest day, the 26th starts again.
    await complete(userId, "2026-11-27", "2026-11-26");
    expect(await progress(userId)).toMatchObject({
      last_daily_audio_date: "2026-11-26",
      affirmation_streak: 1,
      longest_streak: 3,
      last_rest_day: "2026-11-23",
    });
  });

  it("reads her streak as alive today when only yesterday was missed and a rest day is free", async () => {
    const userId = await memberWithProgramme();
    await completeDailyPractice(db(), userId, "2026-11-21");
    await completeDailyPractice(db(), userId, "2026-11-22");
    const { practice } = await loadProgramme(db(), userId, "2026-11-24");
    expect(currentStreak(practice, "2026-11-24")).toBe(2);
    expect(currentStreak(practice, "2026-11-25")).toBe(0);
  });

  it("hides streaks on her pages when she asks, counting her practice all the same", async () => {
    const userId = await memberWithProgramme();
    const other = await memberWithProgramme();
    await complete(userId, "2026-11-21");
    await setStreaksHidden(db(), userId, true);
    expect(await complete(userId, "2026-11-23")).toMatchObject({
      ok: true,
      toast: { type: "success", message: "Practice completed! 🌟" },
    });
    expect((await complete(userId, "2026-11-24")).toast).toEqual({
      type: "success",
      message: "Practice completed! 🌟",
    });
    expect(await progress(userId)).toMatchObject({ affirmation_streak: 3, last_rest_day: "2026-11-22" });
    const programme = await loadProgramme(db(), userId, "2026-11-24");
    expect(programme.hideStreaks).toBe(true);
    const days = scheduleFor(programme, "2026-11-24", { signedIn: true, hasPremium: false });
    expect(days.some((day) => day.restDay)).toBe(false);
    // Only hers.
    expect((await loadProgramme(db(), other, "2026-11-24")).hideStreaks).toBe(false);
    await setStreaksHidden(db(), userId, false);
    expect((await loadProgramme(db(), userId, "2026-11-24")).hideStreaks).toBe(false);
  });
});

describe.each(testDialects)("a practice sent late from her device on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  const memberWithProgramme = () => aMemberWithProgramme(db());
  const complete = (userId: string, today: string, practisedOn?: string) =>
    completePractice(db(), userId, today, practisedOn);
  const progress = (userId: string) =>
    db()
      .selectFrom("user_progress")
      .select(["last_daily_audio_date", "affirmation_streak", "longest_streak", "updated_at"])
      .where("user_id", "=", userId)
      .executeTakeFirst();
  const ticked = async (userId: string) =>
    (await loadProgramme(db(), userId, "2026-11-21")).schedule
      .filter((day) => day.completed)
      .map((day) => day.date);

  it("counts the day she practised, not the day it arrives, and the streak runs on from it", async () => {
    const userId = await memberWithProgramme();
    expect((await complete(userId, "2026-11-21")).status).toBe(200);
    // Done with no signal on the 22nd, sent on the 23rd.
    expect(await complete(userId, "2026-11-23", "2026-11-22")).toMatchObject({
      ok: true,
      status: 200,
      toast: { description: "You're on a 2 day streak!" },
    });
    expect(await progress(userId)).toMatchObject({
      last_daily_audio_date: "2026-11-22",
      affirmation_streak: 2,
    });
    expect((await complete(userId, "2026-11-23")).status).toBe(200);
    const programme = await loadProgramme(db(), userId, "2026-11-23");
    expect(programme.practice).toEqual({
      lastPracticeDate: "2026-11-23",
      streak: 3,
      longest: 3,
      lastRestDay: null,
    });
    expect(await ticked(userId)).toEqual(["2026-11-21", "2026-11-22", "2026-11-23"]);
  });

  it("counts a queued completion once, sent again later or ten times at once", async () => {
    const userId = await memberWithProgramme();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => complete(userId, "2026-11-24", "2026-11-22")),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const counted = await progress(userId);
    expect(counted).toMatchObject({
      last_daily_audio_date: "2026-11-22",
      affirmation_streak: 1,
      longest_streak: 1,
    });
    expect((await complete(userId, "2026-11-25", "2026-11-22")).status).toBe(200);
    expect(await progress(userId)).toEqual(counted);
    expect(await ticked(userId)).toEqual(["2026-11-22"]);
    expect(progressOf(await loadProgramme(db(), userId, "2026-11-25"), "2026-11-25").sessionsFinished).toBe(
      1,
    );
  });

  it("ticks a day before the last one practised without touching the streak, once", async () => {
    const userId = await memberWithProgramme();
    await complete(userId, "2026-11-22");
    await complete(userId, "2026-11-23");
    const streak = await progress(userId);
    // The 21st, done on a phone with no signal, arrives after the other device counted the 22nd and 23rd.
    await Promise.all([
      complete(userId, "2026-11-23", "2026-11-21"),
      complete(userId, "2026-11-23", "2026-11-21"),
    ]);
    expect(await progress(userId)).toEqual(streak);
    expect(streak).toMatchObject({ last_daily_audio_date: "2026-11-23", affirmation_streak: 2 });
    expect(await ticked(userId)).toEqual(["2026-11-21", "2026-11-22", "2026-11-23"]);
    const first = await db()
      .selectFrom("program_schedule")
      .select("completed_at")
      .where("user_id", "=", userId)
      .where("scheduled_date", "=", "2026-11-21")
      .executeTakeFirstOrThrow();
    await complete(userId, "2026-11-24", "2026-11-21");
    const again = await db()
      .selectFrom("program_schedule")
      .select("completed_at")
      .where("user_id", "=", userId)
      .where("scheduled_date", "=", "2026-11-21")
      .executeTakeFirstOrThrow();
    expect(again.completed_at).toEqual(first.completed_at);
  });

  it("refuses a day after her today, more than a week before it, or not a date, and changes nothing", async () => {
    const userId = await memberWithProgramme();
    for (const practisedOn of ["2026-11-30", "2026-11-21", "2026-11-31", "yesterday", ""]) {
      expect(await complete(userId, "2026-11-29", practisedOn), practisedOn).toMatchObject({
        ok: false,
        status: 400,
        toast: {
          type: "error",
          message: "A practice can count for today or one of the 7 days before it, not that day.",
        },
      });
    }
    expect(await progress(userId)).toBeUndefined();
    expect(await ticked(userId)).toEqual([]);
    // Seven days before is the furthest back that counts.
    expect((await complete(userId, "2026-11-29", "2026-11-22")).status).toBe(200);
    expect(await ticked(userId)).toEqual(["2026-11-22"]);
  });
});

describe.each(testDialects)("the partner link on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("shows the partner a read-only summary, and nothing once revoked or replaced", async () => {
    const db = database.db;
    const now = new Date("2026-11-21T10:00:00Z");
    const { id: userId } = await aMember(db, { email: "amara.secret@example.com" });
    await saveDueDate(db, userId, { dueDate: "2026-12-12" }, "2026-11-21");
    await completeDailyPractice(db, userId, "2026-11-21");

    const token = await createShareLink(db, userId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await db
      .selectFrom("share_tokens")
      .select("token")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(stored.token).not.toBe(token);

    const at = { now, clientIp: "203.0.113.20" };
    const view = await partnerView(db, token, at);
    if (!view || view === "limited") throw new Error(`expected her view, got ${view}`);
    expect(view).toMatchObject({ firstName: "Amara", weeksToGo: 3, streak: 1, week: 1 });
    expect(view.thisWeek).toHaveLength(7);
    expect(JSON.stringify(view)).not.toMatch(/amara\.secret|2026-12-12|@/);
    // Her choice to hide streaks holds on the page she shares too.
    await setStreaksHidden(db, userId, true);
    expect(await partnerView(db, token, at)).toMatchObject({ streak: null, weeksToGo: 3 });

    const replacement = await createShareLink(db, userId);
    expect(await partnerView(db, token, at)).toBeNull();
    expect(await partnerView(db, replacement, at)).not.toBeNull();
    await revokeShareLink(db, userId);
    expect(await partnerView(db, replacement, at)).toBeNull();
    expect(await partnerView(db, "not-a-token", at)).toBeNull();
  });

  it("holds back a client guessing share links, all at once, and only that client", async () => {
    const db = database.db;
    const { id: userId } = await aMember(db, { name: "Amara Okafor" });
    const token = await createShareLink(db, userId);
    const now = new Date("2026-11-25T12:00:00Z");
    // Every address of one IPv6 subscriber's /64 is the same guesser.
    const guesses = await Promise.all(
      Array.from({ length: SHARE_MISS_LIMIT.limit + 5 }, (_, i) =>
        partnerView(db, `${"A".repeat(42)}${i % 10}`, { now, clientIp: `2001:db8:20:1::${i + 1}` }),
      ),
    );
    expect(guesses.filter((answer) => answer === null)).toHaveLength(SHARE_MISS_LIMIT.limit);
    expect(guesses.filter((answer) => answer === "limited")).toHaveLength(5);
    // The guesser now waits even with the right link; her partner, elsewhere, doesn't.
    expect(await partnerView(db, token, { now, clientIp: "2001:db8:20:1::ff" })).toBe("limited");
    expect(await partnerView(db, token, { now, clientIp: "198.51.100.20" })).toMatchObject({
      firstName: "Amara",
    });
  });
});
