import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createClock } from "./clock.server.ts";

describe("the test clock", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-clock-"));
  const file = path.join(dir, "now");
  afterEach(() => fs.rmSync(file, { force: true }));

  it("tells the time the file holds, on a demo run only", () => {
    fs.writeFileSync(file, "2026-11-25T20:00:00Z");
    expect(createClock(file, true).now().toISOString()).toBe("2026-11-25T20:00:00.000Z");
    expect(createClock(file, false).now().toISOString()).not.toBe("2026-11-25T20:00:00.000Z");
  });

  it("keeps the time it told last while the test rewrites the file, never jumping to the real time", () => {
    const clock = createClock(file, true);
    fs.writeFileSync(file, "2026-11-25T20:00:00Z");
    expect(clock.now().toISOString()).toBe("2026-11-25T20:00:00.000Z");
    fs.writeFileSync(file, "");
    expect(clock.now().toISOString()).toBe("2026-11-25T20:00:00.000Z");
    fs.writeFileSync(file, "2026-11-26T01:00:00Z");
    expect(clock.now().toISOString()).toBe("2026-11-26T01:00:00.000Z");
  });
});
