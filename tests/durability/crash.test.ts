import { describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../support/test-databases.ts";
import { runCrashScenario } from "./support/crash-scenario.ts";

/**
 * The server killed (SIGKILL: no shutdown, as a crash or the OOM killer would)
 * at random moments under load, and started again on the same data. See
 * support/crash-scenario.ts for what is written and checked each round.
 */
describe("a server killed at random moments", () => {
  it("on SQLite keeps the file intact, every acknowledged write, and purchases with their grants (50 rounds)", async () => {
    const report = await runCrashScenario({ rounds: 50 });
    expect(report.rounds).toBe(50);
    // The load really ran: writes of each kind were acknowledged along the way.
    expect(report.progressWrites).toBeGreaterThan(50);
    expect(report.activityToggles).toBeGreaterThan(50);
    expect(report.purchases).toBeGreaterThan(5);
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.runIf(postgresUrl)(
  "a server on PostgreSQL killed at random moments (needs TEST_DATABASE_URL)",
  () => {
    it("keeps every acknowledged write, and purchases with their grants", async () => {
      const database = await createPostgresDatabase(postgresUrl!, "crash");
      try {
        const report = await runCrashScenario({ rounds: 5, databaseUrl: database.url });
        expect(report.rounds).toBe(5);
        expect(report.progressWrites).toBeGreaterThan(5);
        expect(report.purchases).toBeGreaterThan(0);
      } finally {
        await database.drop();
      }
    });
  },
);
