import { afterEach, describe, expect, it } from "vitest";
import { applySessionSettings } from "#app/modules/catalogue/tracks.ts";
import { COURSE_AS_WRITTEN } from "#app/modules/catalogue/session-settings.ts";
import { readContentVersion } from "#app/platform/content-version.server.ts";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { auditDetailText, auditHeadline } from "./audit-labels.ts";
import { auditEntries } from "./audit.server.ts";
import { answerSessionForm } from "./sessions.server.ts";
import type { StudioOwner } from "./studio.server.ts";

afterEach(() => applySessionSettings(COURSE_AS_WRITTEN));

describe.each(testDialects)("a session's state and place from the studio, on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const now = new Date("2026-11-28T14:05:00Z");
  let changed = 0;
  const deps = () => ({ db: database.db, sessionSettings: { changed: () => void (changed += 1) } });
  async function anOwner(): Promise<StudioOwner> {
    const account = await aMember(database.db, { name: "Olive Owner" });
    return { ...account, sessionId: "a-session", checkedAt: now, ip: "203.0.113.7" };
  }

  it("says what it did, logs it in her words, and refuses the last Foundation session going, changing nothing", async () => {
    const owner = await anOwner();
    const moved = await answerSessionForm(
      deps(),
      owner,
      { intent: "session-move", session: "affirmations-2", move: "up" },
      now,
    );
    expect(moved).toEqual({
      ok: true,
      message: "Affirmations Two is now number 1 in the Hypno Foundation Course.",
    });
    const withheld = await answerSessionForm(
      deps(),
      owner,
      { intent: "session-state", session: "affirmations-2", state: "coming-soon" },
      new Date(now.getTime() + 1000),
    );
    expect(withheld).toEqual({
      ok: true,
      message: "Affirmations Two is coming soon: members no longer see it or play it.",
    });
    expect(changed).toBeGreaterThanOrEqual(2);

    const version = await readContentVersion(database.db);
    const refused = await answerSessionForm(
      deps(),
      owner,
      { intent: "session-state", session: "affirmations-purpose", state: "coming-soon" },
      now,
    );
    expect(refused).toEqual({
      ok: false,
      status: 400,
      message:
        "Nothing was changed: The Foundation Course keeps at least one published session: free members practise with it.",
    });
    expect(await readContentVersion(database.db)).toBe(version);

    const entries = (await auditEntries(database.db)).filter((entry) => entry.actorId === owner.id);
    expect(
      entries.map((entry) => [
        auditHeadline(entry.action, entry.detail),
        auditDetailText(entry.detail, null),
      ]),
    ).toEqual([
      ["Session marked coming soon: Affirmations Two", ""],
      ["Session moved: Affirmations Two", "now number 1 in its course"],
    ]);
    await answerSessionForm(
      deps(),
      owner,
      { intent: "session-state", session: "affirmations-2", state: "published" },
      now,
    );
  });
});
