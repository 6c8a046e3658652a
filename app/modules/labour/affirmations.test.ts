import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AFFIRMATION_SETS, affirmationSet, DEFAULT_AFFIRMATION_SET } from "./affirmations.ts";

const content = path.resolve(import.meta.dirname, "../../../content");
const read = (file: string) => fs.readFileSync(path.join(content, file), "utf8");
const guide = read("guides/birth-affirmations-and-scripts.md");
const sessions = read("audio-scripts/affirmations-purpose.txt") + read("audio-scripts/affirmations-2.txt");

describe("labour mode's affirmations", () => {
  it("are the course's own words, each found in the guide or the Affirmations sessions", () => {
    for (const set of AFFIRMATION_SETS) {
      const source = set.id === "sessions" ? sessions : guide;
      for (const line of set.lines) expect(source, `${set.title}: ${line}`).toContain(line);
    }
  });

  it("keep the guide's headings, each set under its own", () => {
    for (const set of AFFIRMATION_SETS.filter((s) => s.id !== "sessions")) {
      const section = guide.split(/^## /m).find((s) => s.startsWith(`${set.title}\n`));
      expect(section, set.title).toBeDefined();
      const quoted = section!
        .split("\n")
        .filter((l) => /^> \S/.test(l))
        .map((l) => l.slice(2));
      expect(set.lines).toEqual(quoted);
    }
  });

  it("have unique ids and a default that exists", () => {
    const ids = AFFIRMATION_SETS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(affirmationSet(DEFAULT_AFFIRMATION_SET).title).toBe("One wave at a time");
    expect(affirmationSet("no-such-set")).toBe(AFFIRMATION_SETS[0]);
  });
});
