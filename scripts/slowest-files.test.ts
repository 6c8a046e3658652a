import { describe, expect, it } from "vitest";
import { slowestFiles } from "./slowest-files.ts";

describe("the slowest test files of a run", () => {
  it("lists the files that took longest first, relative to the project, with their seconds", () => {
    const file = (name: string, seconds: number) => ({
      name: `/repo/tests/e2e/${name}`,
      startTime: 1000,
      endTime: 1000 + seconds * 1000,
      status: "passed",
    });
    const report = { testResults: [file("a.test.ts", 2), file("b.test.ts", 41.25), file("c.test.ts", 9)] };
    expect(slowestFiles(report, "/repo", 2)).toEqual([
      "   41.3 s  tests/e2e/b.test.ts",
      "    9.0 s  tests/e2e/c.test.ts",
    ]);
  });
});
