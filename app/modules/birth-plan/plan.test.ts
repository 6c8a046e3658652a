import { describe, expect, it } from "vitest";
import {
  chosenIn,
  emptyBirthPlan,
  isEmptyPlan,
  NOTE_MAX_LENGTH,
  parseBirthPlanForm,
  parseBirthPlanJson,
  planSummary,
  sameContent,
  UNKNOWN_CHOICE_MESSAGE,
  type BirthPlanContent,
} from "./plan.ts";
import { BIRTH_PLAN_SECTIONS } from "./sections.ts";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const ok = (result: ReturnType<typeof parseBirthPlanForm>) => {
  if (!result.ok) throw new Error(`Expected ok, got ${JSON.stringify(result.errors)}`);
  return result.content;
};

describe("parseBirthPlanForm", () => {
  it("reads choices and notes into their sections, in section order", () => {
    const content = ok(
      parseBirthPlanForm(
        form([
          ["choice", "environment.birth-pool"],
          ["choice", "environment.dim-lights"],
          ["choice", "plan-c.music"],
          ["note.environment", "  Please knock first.  "],
          ["note.feeding", "Formula ready in the bag."],
        ]),
      ),
    );
    expect(content).toEqual({
      sections: {
        environment: {
          choices: ["environment.dim-lights", "environment.birth-pool"],
          note: "Please knock first.",
        },
        feeding: { choices: [], note: "Formula ready in the bag." },
        "plan-c": { choices: ["plan-c.music"], note: "" },
      },
    });
  });

  it("reads URLSearchParams the same way, keeps a repeated choice once and leaves out empty sections", () => {
    const content = ok(
      parseBirthPlanForm(
        new URLSearchParams(
          "choice=monitoring.wireless&choice=monitoring.wireless&note.monitoring=&note.environment=%20%20",
        ),
      ),
    );
    expect(content).toEqual({ sections: { monitoring: { choices: ["monitoring.wireless"], note: "" } } });
  });

  it("refuses a choice the plan doesn't have", () => {
    const result = parseBirthPlanForm(
      form([
        ["choice", "environment.dim-lights"],
        ["choice", "environment.disco"],
      ]),
    );
    expect(result).toEqual({ ok: false, errors: { choice: UNKNOWN_CHOICE_MESSAGE } });
    expect(UNKNOWN_CHOICE_MESSAGE).toBe("That choice isn't one of the plan's.");
  });

  it("refuses a note over the limit, naming it, and accepts one at the limit", () => {
    const atLimit = "a".repeat(NOTE_MAX_LENGTH);
    expect(ok(parseBirthPlanForm(form([["note.feeding", `  ${atLimit}  `]]))).sections.feeding?.note).toBe(
      atLimit,
    );
    const result = parseBirthPlanForm(form([["note.feeding", `${atLimit}b`]]));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(["note.feeding"]);
    expect(result.errors["note.feeding"]).toContain("1,000");
  });

  it("counts a line break once, as the text box does", () => {
    const note = `${"a".repeat(NOTE_MAX_LENGTH - 10)}\r\n${"b".repeat(9)}`;
    expect(ok(parseBirthPlanForm(form([["note.environment", note]]))).sections.environment?.note).toBe(
      note.replace("\r\n", "\n"),
    );
  });

  it("reads nothing else", () => {
    const content = ok(
      parseBirthPlanForm(
        form([
          ["note.plan-d", "Not a section"],
          ["notes.environment", "Not a field"],
          ["sections", "{}"],
          ["intent", "save"],
        ]),
      ),
    );
    expect(content).toEqual(emptyBirthPlan());
  });

  it("refuses a file sent as a choice", () => {
    const data = new FormData();
    data.append("choice", new Blob(["environment.dim-lights"]), "choice.txt");
    expect(parseBirthPlanForm(data)).toEqual({ ok: false, errors: { choice: UNKNOWN_CHOICE_MESSAGE } });
  });
});

describe("parseBirthPlanJson", () => {
  it("accepts stored content and tidies it", () => {
    const result = parseBirthPlanJson({
      sections: {
        "pain-relief": { choices: ["pain-relief.epidural", "pain-relief.tens"], note: " Ask me first. " },
        monitoring: { choices: [], note: "" },
      },
    });
    expect(result).toEqual({
      ok: true,
      content: {
        sections: {
          "pain-relief": { choices: ["pain-relief.tens", "pain-relief.epidural"], note: "Ask me first." },
        },
      },
    });
  });

  it("refuses unknown choices, choices under the wrong section and long notes", () => {
    expect(
      parseBirthPlanJson({ sections: { environment: { choices: ["environment.x"], note: "" } } }),
    ).toEqual({
      ok: false,
      errors: { choice: UNKNOWN_CHOICE_MESSAGE },
    });
    expect(
      parseBirthPlanJson({ sections: { environment: { choices: ["feeding.breast"], note: "" } } }),
    ).toMatchObject({ ok: false, errors: { choice: UNKNOWN_CHOICE_MESSAGE } });
    const long = parseBirthPlanJson({
      sections: { "plan-b": { choices: [], note: "x".repeat(NOTE_MAX_LENGTH + 1) } },
    });
    expect(long).toMatchObject({ ok: false, errors: { "note.plan-b": expect.stringContaining("1,000") } });
  });

  it("refuses what isn't a plan", () => {
    for (const value of [
      null,
      "plan",
      [],
      {},
      { sections: [] },
      { sections: { "plan-d": { choices: [], note: "" } } },
      { sections: { environment: { choices: "environment.dim-lights", note: "" } } },
      { sections: { environment: { choices: [1], note: "" } } },
    ]) {
      expect(parseBirthPlanJson(value)).toMatchObject({ ok: false, errors: { content: expect.any(String) } });
    }
  });

  it("round-trips: what the form gives, JSON gives back unchanged", () => {
    const everything: BirthPlanContent = ok(
      parseBirthPlanForm(
        form([
          ...BIRTH_PLAN_SECTIONS.flatMap((s) => s.choices.map((c): [string, string] => ["choice", c.id])),
          ...BIRTH_PLAN_SECTIONS.map((s): [string, string] => [`note.${s.id}`, `A note for ${s.title}.`]),
        ]),
      ),
    );
    const again = parseBirthPlanJson(JSON.parse(JSON.stringify(everything)));
    expect(again).toEqual({ ok: true, content: everything });
    expect(parseBirthPlanJson(emptyBirthPlan())).toEqual({ ok: true, content: emptyBirthPlan() });
  });
});

describe("reading a plan", () => {
  const content: BirthPlanContent = {
    sections: {
      environment: {
        choices: ["environment.birth-pool", "environment.dim-lights", "environment.gone"],
        note: "",
      },
      "plan-b": { choices: [], note: "Home if we can." },
      "plan-c": { choices: [], note: "   " },
    },
  };

  it("gives the chosen items in section order, skipping ids the plan no longer has", () => {
    expect(chosenIn(content, "environment").map((c) => c.id)).toEqual([
      "environment.dim-lights",
      "environment.birth-pool",
    ]);
    expect(chosenIn(content, "feeding")).toEqual([]);
  });

  it("knows an empty plan", () => {
    expect(isEmptyPlan(emptyBirthPlan())).toBe(true);
    expect(isEmptyPlan({ sections: { feeding: { choices: [], note: "  " } } })).toBe(true);
    expect(isEmptyPlan({ sections: { feeding: { choices: ["feeding.gone"], note: "" } } })).toBe(true);
    expect(isEmptyPlan(content)).toBe(false);
  });

  it("compares content whatever the order of choices", () => {
    const a: BirthPlanContent = {
      sections: {
        environment: { choices: ["environment.dim-lights", "environment.birth-pool"], note: "Hi" },
      },
    };
    const b: BirthPlanContent = {
      sections: {
        environment: { choices: ["environment.birth-pool", "environment.dim-lights"], note: " Hi " },
        feeding: { choices: [], note: "" },
      },
    };
    expect(sameContent(a, b)).toBe(true);
    expect(sameContent(a, emptyBirthPlan())).toBe(false);
    expect(
      sameContent(a, { sections: { environment: { choices: ["environment.dim-lights"], note: "Hi" } } }),
    ).toBe(false);
    expect(
      sameContent(a, {
        sections: {
          environment: { choices: ["environment.dim-lights", "environment.birth-pool"], note: "Hello" },
        },
      }),
    ).toBe(false);
  });

  it("summarises the sections she filled in, split by plan", () => {
    const summary = planSummary(content);
    expect(summary.planA.map((s) => [s.section.id, s.chosen.map((c) => c.id), s.note])).toEqual([
      ["environment", ["environment.dim-lights", "environment.birth-pool"], ""],
    ]);
    expect(summary.planB.map((s) => [s.section.id, s.chosen, s.note])).toEqual([
      ["plan-b", [], "Home if we can."],
    ]);
    expect(summary.planC).toEqual([]);
    expect(planSummary(emptyBirthPlan())).toEqual({ planA: [], planB: [], planC: [] });
  });
});
