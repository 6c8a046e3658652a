import { describe, expect, it } from "vitest";
import { createLogger } from "#app/platform/log.server.ts";
import { parseSubmission } from "#app/modules/site/form-submission.ts";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { createShareLink, partnerLinks, partnerView } from "#app/modules/partner/share.server.ts";
import { handleProgrammeAction } from "#app/modules/program/actions.server.ts";
import { profileJourney } from "#app/modules/program/profile-overview.ts";
import {
  completeDailyPractice,
  loadProgramme,
  saveDueDate,
  scheduleFor,
} from "#app/modules/program/program.server.ts";
import { exportMemberData } from "./data-export.server.ts";
import { answerProfileForm, profileFormSchema, type ProfileFormDeps } from "./forms.server.ts";
import { babyArrival, streaksHidden } from "#app/modules/program/programme-settings.server.ts";

const TODAY = "2026-11-25";

describe.each(testDialects)("her baby's arrival on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  /** The profile's form as the browser posts it. */
  const post = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return parseSubmission(form, profileFormSchema);
  };
  const answer = async (userId: string, fields: Record<string, string>) => {
    const submission = post(fields);
    if (submission.status !== "success") throw new Error("the form did not parse");
    // These forms need only the database, the log and her today.
    const deps = { db: db(), log: createLogger("silent"), today: TODAY } as unknown as ProfileFormDeps;
    return answerProfileForm(submission, { id: userId, email: "", ip: "127.0.0.1" }, deps);
  };
  const arrived = (userId: string, bornOn: string, babyName?: string) =>
    answer(userId, { intent: "baby-arrived", bornOn, ...(babyName === undefined ? {} : { babyName }) });
  /** Her programme's row, or what a member without one has. */
  const profileRow = async (userId: string) =>
    (await db()
      .selectFrom("programme_settings")
      .select(["baby_born_on", "baby_name", "hide_streaks", "updated_at"])
      .where("user_id", "=", userId)
      .executeTakeFirst()) ?? { baby_born_on: null, baby_name: null, hide_streaks: false, updated_at: null };

  it("saves the day and the name for the session's member only, and undoes both", async () => {
    const { id } = await aMember(db());
    const { id: other } = await aMember(db());
    expect(await arrived(id, "2026-11-20", "  Ada  ")).toEqual({
      settled: {
        type: "success",
        message: "Congratulations. Your portal has changed to suit these early days with your baby.",
      },
    });
    expect(await babyArrival(db(), id)).toEqual({ bornOn: "2026-11-20", name: "Ada" });
    expect(await babyArrival(db(), other)).toBeNull();

    // A correction, without a name this time.
    await arrived(id, "2026-11-21");
    expect(await babyArrival(db(), id)).toEqual({ bornOn: "2026-11-21", name: null });

    expect(await answer(id, { intent: "undo-baby-arrived" })).toEqual({
      settled: { type: "success", message: "Undone. Your portal is back as it was before." },
    });
    expect(await profileRow(id)).toMatchObject({ baby_born_on: null, baby_name: null });
    expect(await profileRow(other)).toMatchObject({ baby_born_on: null, baby_name: null });
  });

  it("refuses a day after her today, or too long before her due date, beside the field, changing nothing", async () => {
    const { id } = await aMember(db());
    await saveDueDate(db(), id, { dueDate: "2026-12-05" }, "2026-11-21");
    await arrived(id, "2026-11-24", "Ada");
    const before = await profileRow(id);

    const future = await arrived(id, "2026-11-26", "Noor");
    expect(future).toMatchObject({ status: 400 });
    if (!("reply" in future)) throw new Error("a day to come was accepted");
    expect(future.reply.result.error).toEqual({
      bornOn: ["That day hasn't come yet. Please choose today or a day before it."],
    });

    // 20 weeks before 5 December is 18 July: the day before is refused.
    const early = await arrived(id, "2026-07-17");
    if (!("reply" in early)) throw new Error("a day long before her due date was accepted");
    expect(early.reply.result.error).toEqual({
      bornOn: [
        "That's more than 20 weeks before your due date. Please check the day, or change your due date first.",
      ],
    });
    expect(await profileRow(id)).toEqual(before);
    expect("settled" in (await arrived(id, "2026-07-18"))).toBe(true);
  });

  it("refuses a day that isn't one, or a name that hides text, before anything is written", () => {
    const errorOf = (fields: Record<string, string>) => {
      const submission = post(fields);
      if (submission.status === "success") throw new Error("the form was accepted");
      return submission.error;
    };
    expect(errorOf({ intent: "baby-arrived", bornOn: "2026-02-30" })).toEqual({
      bornOn: ["Please enter a real date, for example 2026-11-21"],
    });
    expect(errorOf({ intent: "baby-arrived", bornOn: "2026-11-20", babyName: "Ada\u202Egnp.exe" })).toEqual({
      babyName: ["Please use only letters, spaces and punctuation"],
    });
  });

  it("puts her pages in the postnatal state while it is set: no streak, no rest day, no streak toast", async () => {
    const { id } = await aMember(db());
    const { id: other } = await aMember(db());
    for (const userId of [id, other]) {
      await saveDueDate(db(), userId, { dueDate: "2026-12-05" }, "2026-11-21");
      await completeDailyPractice(db(), userId, "2026-11-21");
      await completeDailyPractice(db(), userId, "2026-11-23");
    }
    await arrived(id, "2026-11-24", "Zephyrine");

    const programme = await loadProgramme(db(), id, TODAY);
    expect(programme.baby).toEqual({ bornOn: "2026-11-24", name: "Zephyrine" });
    expect(programme.hideStreaks).toBe(false);
    expect(await streaksHidden(db(), id)).toBe(false);
    expect(profileJourney(programme, TODAY).stats).toMatchObject({
      streak: null,
      longestStreak: null,
      baby: { age: "1 day old", bornOn: "Tuesday 24 November" },
    });
    const viewer = { signedIn: true, hasPremium: false };
    expect(scheduleFor(programme, TODAY, viewer).some((day) => day.restDay)).toBe(false);
    // Another member's pages are as ever.
    const hers = await loadProgramme(db(), other, TODAY);
    expect(hers.baby).toBeNull();
    expect(scheduleFor(hers, TODAY, viewer).some((day) => day.restDay)).toBe(true);

    const form = new FormData();
    form.set("intent", "complete-practice");
    const done = await handleProgrammeAction(form, {
      db: db(),
      log: createLogger("silent"),
      member: { id, hasPremium: false },
      today: TODAY,
      baseUrl: "https://tidewell.example",
      partnerLink: partnerLinks,
    });
    expect(done.toast).toEqual({ type: "success", message: "Practice completed! 🌟" });

    // Her partner's page says the baby is here, and nothing more about it.
    const token = await createShareLink(db(), id);
    const view = await partnerView(db(), token, {
      now: new Date(`${TODAY}T12:00:00Z`),
      clientIp: "203.0.113.21",
    });
    expect(view).toMatchObject({ babyArrived: true });
    expect(JSON.stringify(view)).not.toContain("Zephyrine");

    await answer(id, { intent: "undo-baby-arrived" });
    const undone = await loadProgramme(db(), id, TODAY);
    expect(undone.baby).toBeNull();
    // Her practice counted all along: today's starts again at 1 (the 22nd was her rest day, too recent for the 24th).
    expect(profileJourney(undone, TODAY).stats.streak).toBe(1);
  });

  it("keeps the day and the name in her data export", async () => {
    const { id } = await aMember(db());
    await arrived(id, "2026-11-20", "Ada");
    const data = await exportMemberData(db(), id);
    expect(data.profile).toMatchObject({ babyBornOn: "2026-11-20", babyName: "Ada" });
  });
});
