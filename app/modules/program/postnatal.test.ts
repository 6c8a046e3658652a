import { describe, expect, it } from "vitest";
import { arrivalNote, babyAge, isPostnatal, streaksShown } from "./postnatal.ts";

const baby = { bornOn: "2026-11-20", name: "Ada" };

describe("the postnatal state", () => {
  it("is on while her baby's arrival is set, and off once undone", () => {
    expect(isPostnatal({ baby })).toBe(true);
    expect(isPostnatal({ baby: { bornOn: "2026-11-20", name: null } })).toBe(true);
    expect(isPostnatal({ baby: null })).toBe(false);
  });

  it.each([
    // [hides streaks, baby arrived, streaks shown]
    [false, false, true],
    [true, false, false],
    [false, true, false],
    [true, true, false],
  ])("hide streaks %s, baby arrived %s: streaks shown %s", (hideStreaks, arrived, shown) => {
    expect(streaksShown({ hideStreaks, baby: arrived ? baby : null })).toBe(shown);
  });
});

describe("the baby's age", () => {
  it.each([
    ["2026-11-25", null],
    // A day before her birth day (her time zone moved) reads as the day itself.
    ["2026-11-24", null],
    ["2026-11-26", "1 day old"],
    ["2026-12-08", "13 days old"],
    ["2026-12-09", "2 weeks old"],
    ["2027-02-24", "13 weeks old"],
    ["2027-02-25", "3 months old"],
    ["2027-11-24", "11 months old"],
    ["2027-11-25", "1 year old"],
    ["2029-01-01", "2 years old"],
  ])("on %s: %s", (today, age) => {
    expect(babyAge("2026-11-25", today)).toBe(age);
  });

  it("counts months by the calendar, from the end of a month too", () => {
    expect(babyAge("2026-01-31", "2026-04-30")).toBe("12 weeks old");
    expect(babyAge("2026-01-31", "2026-05-01")).toBe("3 months old");
  });
});

describe("what her pages say of the arrival", () => {
  it("names the baby when she gave a name, and says the age and the day", () => {
    expect(arrivalNote(baby, "2026-11-25")).toEqual({
      heading: "Congratulations on the arrival of Ada",
      age: "Ada is 5 days old",
      ageShort: "5 days old",
      bornOn: "Friday 20 November",
    });
  });

  it("speaks of your baby without a name, and of today on the day", () => {
    expect(arrivalNote({ bornOn: "2026-11-25", name: null }, "2026-11-25")).toEqual({
      heading: "Congratulations on your baby's arrival",
      age: "Your baby arrived today",
      ageShort: "Born today",
      bornOn: "Wednesday 25 November",
    });
  });
});
