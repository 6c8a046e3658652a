import { describe, expect, it } from "vitest";
import { parseSubmission } from "#app/modules/site/form-submission.ts";
import { arrivalFrom, birthDateError, birthDateRange } from "./baby.ts";
import { babyArrivedSchema } from "./forms.ts";

const TODAY = "2026-11-25";
const DUE = "2026-12-05";

describe("the day her baby was born", () => {
  it.each([
    // [day, due date, what is said]
    [TODAY, DUE, null],
    ["2026-11-24", DUE, null],
    ["2026-11-26", DUE, "That day hasn't come yet. Please choose today or a day before it."],
    ["2027-01-01", null, "That day hasn't come yet. Please choose today or a day before it."],
    // 20 weeks (140 days) before 5 December is 18 July.
    ["2026-07-18", DUE, null],
    [
      "2026-07-17",
      DUE,
      "That's more than 20 weeks before your due date. Please check the day, or change your due date first.",
    ],
    // After the due date, as many babies are.
    ["2026-11-25", "2026-11-10", null],
    // Without a due date, any day in the last year.
    ["2025-11-25", null, null],
    ["2025-11-24", null, "Please choose a day within the last year."],
    // A due date long past still leaves the year's bound.
    ["2025-11-24", "2026-01-10", "Please choose a day within the last year."],
    ["2026-02-30", DUE, "Please enter a real date, for example 2026-11-21"],
    ["25/11/2026", DUE, "Please enter a real date, for example 2026-11-21"],
  ])("%s with due date %s: %s", (day, due, expected) => {
    expect(birthDateError(day, TODAY, due)).toBe(expected);
  });

  it("offers the picker the same days the server takes", () => {
    expect(birthDateRange(TODAY, DUE)).toEqual({ min: "2026-07-18", max: TODAY });
    expect(birthDateRange(TODAY, null)).toEqual({ min: "2025-11-25", max: TODAY });
    expect(birthDateRange(TODAY, "2026-01-10")).toEqual({ min: "2025-11-25", max: TODAY });
    const { min, max } = birthDateRange(TODAY, DUE);
    expect([birthDateError(min, TODAY, DUE), birthDateError(max, TODAY, DUE)]).toEqual([null, null]);
  });

  it("reads her profile's two columns as an arrival, or none", () => {
    expect(arrivalFrom({ baby_born_on: "2026-11-20", baby_name: "Ada" })).toEqual({
      bornOn: "2026-11-20",
      name: "Ada",
    });
    expect(arrivalFrom({ baby_born_on: "2026-11-20", baby_name: "" })).toEqual({
      bornOn: "2026-11-20",
      name: null,
    });
    expect(arrivalFrom({ baby_born_on: null, baby_name: null })).toBeNull();
    expect(arrivalFrom(undefined)).toBeNull();
  });
});

describe("the My baby has arrived form", () => {
  const parse = (fields: Record<string, string>) => {
    const form = new FormData();
    form.set("intent", "baby-arrived");
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return parseSubmission(form, babyArrivedSchema);
  };
  const valueOf = (fields: Record<string, string>) => {
    const submission = parse(fields);
    if (submission.status !== "success") throw new Error("the form was refused");
    return submission.value;
  };
  const errorOf = (fields: Record<string, string>) => {
    const submission = parse(fields);
    if (submission.status === "success") throw new Error("the form was accepted");
    return submission.error;
  };

  it("takes a day and an optional name, trimmed", () => {
    expect(valueOf({ bornOn: "2026-11-20", babyName: "  Ada Rose " })).toEqual({
      intent: "baby-arrived",
      bornOn: "2026-11-20",
      babyName: "Ada Rose",
    });
    expect(valueOf({ bornOn: "2026-11-20", babyName: "" })).toEqual({
      intent: "baby-arrived",
      bornOn: "2026-11-20",
    });
  });

  it.each([
    [{}, { bornOn: ["Please enter the day your baby was born"] }],
    [{ bornOn: "" }, { bornOn: ["Please enter the day your baby was born"] }],
    [{ bornOn: "tomorrow" }, { bornOn: ["Please enter a real date, for example 2026-11-21"] }],
    [
      { bornOn: "2026-11-20", babyName: "x".repeat(101) },
      { babyName: ["Please keep the name under 100 characters"] },
    ],
    [
      { bornOn: "2026-11-20", babyName: "Ada\u202Egnp.exe" },
      { babyName: ["Please use only letters, spaces and punctuation"] },
    ],
    [
      { bornOn: "2026-11-20", babyName: "Ada\u0000" },
      { babyName: ["Please use only letters, spaces and punctuation"] },
    ],
  ])("refuses %j with a clear message", (fields, error) => {
    expect(errorOf(fields as Record<string, string>)).toEqual(error);
  });
});
