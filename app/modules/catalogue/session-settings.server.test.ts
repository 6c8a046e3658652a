import { afterEach, describe, expect, it } from "vitest";
import { contentVersionReader, readContentVersion } from "#app/platform/content-version.server.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { COURSE_AS_WRITTEN } from "./session-settings.ts";
import { changeSession, sessionSettingsSnapshot } from "./session-settings.server.ts";
import { applySessionSettings, listedTracks, tracksIn } from "./tracks.ts";

const noAudit = async () => undefined;
const ids = (tracks: readonly { id: string }[]) => tracks.map((track) => track.id);

afterEach(() => applySessionSettings(COURSE_AS_WRITTEN));

describe.each(testDialects)("the owner's session settings on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("starts as the course is written, and follows a change made on another instance once the version moves", async () => {
    let clock = 0;
    const here = sessionSettingsSnapshot(
      database.db,
      contentVersionReader(database.db, () => clock),
    );
    expect(await here.current()).toEqual(COURSE_AS_WRITTEN);
    const nine = ids(listedTracks(false));
    expect(nine).toHaveLength(9);

    // Another instance marks one coming soon and moves another.
    const before = await readContentVersion(database.db);
    const withheld = await changeSession(
      database.db,
      { session: "fear-release", state: "coming-soon" },
      new Date(),
      noAudit,
    );
    expect(withheld.ok).toBe(true);
    const moved = await changeSession(
      database.db,
      { session: "positive-caesarean", move: "up" },
      new Date(),
      noAudit,
    );
    expect(moved).toMatchObject({ ok: true, value: { place: 5, group: "Hypno Preparation Course" } });
    expect(await readContentVersion(database.db)).toBe(before + 2);

    // Within the version's TTL this instance still shows what it read.
    await here.current();
    expect(ids(listedTracks(false))).toEqual(nine);
    clock += 1_000;
    await here.current();
    expect(ids(tracksIn("preparation"))).toEqual([
      "pregnancy-relaxation",
      "prepare-for-birth",
      "breathing-bonding",
      "positive-caesarean",
      "practice-contractions",
      "adjusting-to-parenthood",
    ]);

    // Published again, it is back in its place.
    await changeSession(database.db, { session: "fear-release", state: "published" }, new Date(), noAudit);
    clock += 1_000;
    await here.current();
    expect(ids(tracksIn("preparation")).indexOf("fear-release")).toBe(2);
  });

  it("changes nothing, nor the version, for an unknown session or the first moved up", async () => {
    const before = await readContentVersion(database.db);
    const rows = () => database.db.selectFrom("session_settings").selectAll().orderBy("session_id").execute();
    const saved = await rows();
    let recorded = 0;
    const record = async () => {
      recorded += 1;
    };
    expect(
      await changeSession(database.db, { session: "no-such", state: "coming-soon" }, new Date(), record),
    ).toEqual({ ok: false, message: "That session isn't one of the course's." });
    expect(
      await changeSession(database.db, { session: "affirmations-purpose", move: "up" }, new Date(), record),
    ).toEqual({ ok: false, message: "Affirmations One is already first in its course." });
    expect(await rows()).toEqual(saved);
    expect(await readContentVersion(database.db)).toBe(before);
    expect(recorded).toBe(0);
  });
});
