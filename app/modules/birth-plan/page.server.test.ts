import { describe, expect, it } from "vitest";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { setProgrammeDates } from "#app/modules/program/programme-settings.server.ts";
import { limitKey } from "#app/platform/rate-limit.server.ts";
import {
  answerBirthPlanForm,
  birthPlanMessages,
  birthPlanPage,
  dueMonthOf,
  printablePlan,
  SAVE_LIMIT,
} from "./page.server.ts";
import { commentsOnPlan, currentBirthPlan } from "./store.server.ts";
import { BIRTH_PLAN_INTENTS } from "./forms.ts";

const NOW = new Date("2026-11-26T10:00:00Z");
const minutesLater = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const PAGE = new URL("http://localhost/portal/birth-preferences");

function form(fields: [string, string][]): FormData {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return body;
}
const save = (fields: [string, string][], via = "form") =>
  form([["intent", BIRTH_PLAN_INTENTS.save], ["via", via], ...fields]);

describe.each(testDialects)("the birth preferences page on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  const couple = async () => {
    const amara = await aMember(db(), { name: "Amara Okafor" });
    const sam = await aMember(db(), { name: "Sam Rivers" });
    await db().insertInto("partner_links").values({ user_id: amara.id, partner_id: sam.id }).execute();
    return {
      her: { id: amara.id, isPartner: false, firstName: "Amara" },
      partner: { id: sam.id, isPartner: true, firstName: "Sam" },
    };
  };

  it("saves her choices and note, answers a plain form with a message and autosave with the version", async () => {
    const { her } = await couple();
    const first = await answerBirthPlanForm(
      db(),
      her,
      save([
        ["choice", "environment.dim-lights"],
        ["note.environment", "  Please knock first.  "],
      ]),
      NOW,
    );
    expect(first).toEqual({
      kind: "message",
      type: "success",
      message: birthPlanMessages.savedForm,
      status: 200,
    });
    const auto = await answerBirthPlanForm(
      db(),
      her,
      save([["choice", "environment.dim-lights"]], "autosave"),
      minutesLater(1),
    );
    expect(auto).toMatchObject({ kind: "saved", status: 200, number: 1 });
    const page = (await birthPlanPage(db(), her, PAGE))!;
    expect(page.role).toBe("member");
    expect(page.plan.content.sections.environment).toEqual({ choices: ["environment.dim-lights"], note: "" });
  });

  it("refuses a choice the plan doesn't have, and changes nothing", async () => {
    const { her } = await couple();
    const answer = await answerBirthPlanForm(db(), her, save([["choice", "environment.fireworks"]]), NOW);
    expect(answer).toMatchObject({ kind: "invalid", status: 400, errors: { choice: expect.any(String) } });
    expect((await birthPlanPage(db(), her, PAGE))!.plan.number).toBeNull();
  });

  it("lets her partner read her plan and comment, never change it, restore it or resolve", async () => {
    const { her, partner } = await couple();
    await answerBirthPlanForm(db(), her, save([["choice", "environment.dim-lights"]]), NOW);

    const read = (await birthPlanPage(db(), partner, PAGE))!;
    expect(read).toMatchObject({ role: "partner", herFirstName: "Amara", versions: [] });
    expect(read.plan.content.sections.environment?.choices).toEqual(["environment.dim-lights"]);

    expect(
      await answerBirthPlanForm(db(), partner, save([["choice", "environment.own-music"]]), NOW),
    ).toMatchObject({
      kind: "invalid",
      status: 403,
    });
    const restore = form([
      ["intent", BIRTH_PLAN_INTENTS.restore],
      ["version", "1"],
    ]);
    expect(await answerBirthPlanForm(db(), partner, restore, NOW)).toMatchObject({ status: 403 });

    const comment = form([
      ["intent", BIRTH_PLAN_INTENTS.comment],
      ["sectionId", "environment"],
      ["body", "Shall we bring the fairy lights?"],
    ]);
    expect(await answerBirthPlanForm(db(), partner, comment, NOW)).toMatchObject({
      kind: "message",
      type: "success",
    });
    const [added] = await commentsOnPlan(db(), her.id);
    const resolve = form([
      ["intent", BIRTH_PLAN_INTENTS.resolve],
      ["commentId", added!.id],
    ]);
    expect(await answerBirthPlanForm(db(), partner, resolve, NOW)).toMatchObject({ status: 403 });
    // She sees it, and resolves it.
    const hers = (await birthPlanPage(db(), her, PAGE))!;
    expect(hers.comments).toEqual([
      expect.objectContaining({
        body: "Shall we bring the fairy lights?",
        authorFirstName: "Sam",
        mine: false,
      }),
    ]);
    expect(await answerBirthPlanForm(db(), her, resolve, NOW)).toMatchObject({
      message: birthPlanMessages.resolved,
    });
    // She can't comment on her own plan as if she were her partner.
    expect(await answerBirthPlanForm(db(), her, comment, NOW)).toMatchObject({ status: 403 });
  });

  it("keeps each sitting as a version she can look at and restore, only her own", async () => {
    const { her } = await couple();
    const stranger = { id: (await aMember(db())).id, isPartner: false, firstName: "Noor" };
    await answerBirthPlanForm(db(), her, save([["choice", "environment.dim-lights"]]), NOW);
    await answerBirthPlanForm(db(), her, save([["choice", "environment.own-music"]]), minutesLater(30));
    const page = (await birthPlanPage(db(), her, new URL(`${PAGE}?version=1`)))!;
    expect(page.versions.map((v) => v.number)).toEqual([2, 1]);
    expect(page.viewing?.content.sections.environment?.choices).toEqual(["environment.dim-lights"]);

    const restore = form([
      ["intent", BIRTH_PLAN_INTENTS.restore],
      ["version", "1"],
    ]);
    expect(await answerBirthPlanForm(db(), stranger, restore, NOW)).toMatchObject({ status: 404 });
    expect((await birthPlanPage(db(), stranger, new URL(`${PAGE}?version=1`)))!.viewing).toBeNull();
    expect(await answerBirthPlanForm(db(), her, restore, minutesLater(31))).toMatchObject({
      message: birthPlanMessages.restored(1),
    });
    const restored = (await birthPlanPage(db(), her, PAGE))!;
    expect(restored.plan).toMatchObject({ number: 3 });
    expect(restored.plan.content.sections.environment?.choices).toEqual(["environment.dim-lights"]);
  });

  it("gives the PDF her first name and due month, never the day", async () => {
    const { her, partner } = await couple();
    await setProgrammeDates(
      db(),
      her.id,
      { due_date: "2027-03-14", program_start_date: "2027-02-28", current_week: 1 },
      NOW.toISOString(),
    );
    for (const reader of [her, partner]) {
      const plan = (await printablePlan(db(), reader, NOW))!;
      expect(plan).toMatchObject({ firstName: "Amara", dueMonth: "March 2027" });
      expect(JSON.stringify(plan)).not.toContain("14");
    }
    expect(dueMonthOf("2026-12-01")).toBe("December 2026");
  });

  it("answers 429 once she has saved too often, fired at once, and saves nothing more", async () => {
    const { her } = await couple();
    // Her ten minutes' saves all but spent: five left.
    await db()
      .insertInto("rate_limits")
      .values({
        key: limitKey("birth-plan-save", her.id),
        count: SAVE_LIMIT.limit - 5,
        window_start: NOW.getTime(),
      })
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        answerBirthPlanForm(db(), her, save([["note.environment", `Draft ${i}`]], "autosave"), NOW),
      ),
    );
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
    expect(answers.filter((a) => a.kind === "saved")).toHaveLength(5);
    // What she has is one of the drafts let through, never one refused.
    const letThrough = answers.flatMap((answer, i) => (answer.kind === "saved" ? [`Draft ${i}`] : []));
    expect(letThrough).toContain((await currentBirthPlan(db(), her.id))?.content.sections.environment?.note);
  });
});
