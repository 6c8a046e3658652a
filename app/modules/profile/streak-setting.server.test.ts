import { describe, expect, it } from "vitest";
import { createLogger } from "#app/platform/log.server.ts";
import { parseSubmission } from "#app/modules/site/form-submission.ts";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { completeDailyPractice } from "#app/modules/program/program.server.ts";
import { exportMemberData } from "./data-export.server.ts";
import { answerProfileForm, profileFormSchema, type ProfileFormDeps } from "./forms.server.ts";
import { streaksHidden } from "#app/modules/program/programme-settings.server.ts";

describe.each(testDialects)("the Hide streaks setting on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  /** The profile's settings form as the browser posts it (a ticked box sends "on"; an unticked one, nothing). */
  const post = (fields: Record<string, string>) => {
    const form = new FormData();
    form.set("intent", "streak-settings");
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return parseSubmission(form, profileFormSchema);
  };
  const answer = async (userId: string, fields: Record<string, string>) => {
    const submission = post(fields);
    if (submission.status !== "success") throw new Error("the form did not parse");
    // The setting needs only the database and the log.
    const deps = { db: db(), log: createLogger("silent") } as unknown as ProfileFormDeps;
    return answerProfileForm(submission, { id: userId, email: "", ip: "127.0.0.1" }, deps);
  };

  it("hides and shows streaks for the session's member only, saying what changed", async () => {
    const { id } = await aMember(db());
    const { id: other } = await aMember(db());
    expect(await answer(id, { hideStreaks: "on" })).toEqual({
      settled: { type: "success", message: "Streaks hidden. Your practice still counts, quietly." },
    });
    expect(await streaksHidden(db(), id)).toBe(true);
    expect(await streaksHidden(db(), other)).toBe(false);
    expect(await answer(id, {})).toEqual({
      settled: { type: "success", message: "Streaks are back on your pages." },
    });
    expect(await streaksHidden(db(), id)).toBe(false);
  });

  it("refuses anything but a ticked box, with a clear message", () => {
    const submission = post({ hideStreaks: "yes please" });
    if (submission.status === "success") throw new Error("a bad value was accepted");
    expect(submission.error).toEqual({
      hideStreaks: ["Tick Hide streaks to hide them, or leave it empty to show them"],
    });
  });

  it("keeps her achievements, the setting and her rest day in her data export", async () => {
    const { id } = await aMember(db());
    for (const day of ["2026-11-10", "2026-11-11", "2026-11-12", "2026-11-14", "2026-11-15", "2026-11-16"])
      await completeDailyPractice(db(), id, day);
    await completeDailyPractice(db(), id, "2026-11-17");
    await answer(id, { hideStreaks: "on" });
    const data = await exportMemberData(db(), id);
    expect(data.profile).toMatchObject({ hideStreaks: true });
    expect(data.practice).toMatchObject({
      streak: 7,
      longestStreak: 7,
      lastRestDay: "2026-11-13",
      lastDailyAudioDate: "2026-11-17",
    });
    expect(data.achievements.map((item) => item.title)).toContain("7 Day Streak");
  });
});
