import { describe, expect, it } from "vitest";
import { countOf, nounFor } from "./plural.ts";

describe("countOf", () => {
  it("puts the noun in the singular for one and the plural for every other count", () => {
    expect(countOf(1, "day")).toBe("1 day");
    expect(countOf(0, "day")).toBe("0 days");
    expect(countOf(2, "day")).toBe("2 days");
    expect(countOf(21, "week")).toBe("21 weeks");
    expect(countOf(1.5, "min")).toBe("1.5 mins");
  });

  it("takes an irregular plural", () => {
    expect(countOf(1, "glass", "glasses")).toBe("1 glass");
    expect(countOf(3, "glass", "glasses")).toBe("3 glasses");
  });
});

describe("nounFor", () => {
  it("gives the noun alone, for a count written with its thousands", () => {
    expect(`${(1).toLocaleString("en-GB")} ${nounFor(1, "member")}`).toBe("1 member");
    expect(`${(1204).toLocaleString("en-GB")} ${nounFor(1204, "member")}`).toBe("1,204 members");
    expect(nounFor(0, "glass", "glasses")).toBe("glasses");
  });
});
