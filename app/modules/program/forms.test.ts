import { describe, expect, it } from "vitest";
import { isHerPregnancyIntent, programmeIntentSchema } from "./forms.ts";

describe("programmeIntentSchema", () => {
  it("takes a programme row by the UUID the server gave it, and nothing else", () => {
    const toggle = (rowId: string) =>
      programmeIntentSchema.safeParse({ intent: "toggle-activity", rowId, completed: "true" }).success;
    expect(toggle("ae5ad989-0f21-4076-a7b7-fd9e3775b8cb")).toBe(true);
    // A NUL byte, which PostgreSQL refuses outright, or any other text, is a bad request.
    for (const rowId of ["", "no-such-row", "ae5ad989\u0000", "1 OR 1=1", "x".repeat(64)]) {
      expect(toggle(rowId), JSON.stringify(rowId)).toBe(false);
    }
  });
});

describe("isHerPregnancyIntent", () => {
  it("names her dates, her baby's arrival and her read-only link, and nothing a partner does for themselves", () => {
    for (const intent of [
      "save-date",
      "update-date",
      "baby-arrived",
      "undo-baby-arrived",
      "create-share-link",
    ]) {
      expect(isHerPregnancyIntent(intent)).toBe(true);
    }
    for (const intent of ["toggle-listened", "complete-practice", "profile-name", "leave-partner"]) {
      expect(isHerPregnancyIntent(intent)).toBe(false);
    }
  });
});
