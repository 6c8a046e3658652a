import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { aMember } from "../../../tests/factories/index.ts";
import { findTrack } from "#app/modules/catalogue/tracks.ts";
import { mostPlayed, recordFinishedListen, recordProgress } from "./listening.server.ts";

describe.each(testDialects)("listening progress on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  const freeMember = async () => ({
    id: (await aMember(database.db)).id,
    hasPremium: false,
    partnerPremium: false,
    timeZone: "UTC",
  });
  type Listener = Awaited<ReturnType<typeof freeMember>>;
  const report = (member: Listener, body: unknown, trackId = "affirmations-2") =>
    recordProgress(database, member, trackId, body);
  const libraryRow = async (userId: string) => {
    const row = await database.db
      .selectFrom("audio_progress")
      .select(["play_count", "completed", "position_seconds"])
      .where("user_id", "=", userId)
      .where("audio_id", "=", "affirmations-2")
      .executeTakeFirstOrThrow();
    return {
      plays: Number(row.play_count),
      completed: Boolean(row.completed),
      at: Number(row.position_seconds),
    };
  };

  it("counts a finished listen once, however often its report is sent, even all at once", async () => {
    const member = await freeMember();
    const first = crypto.randomUUID();
    for (let i = 0; i < 3; i++) {
      expect(await report(member, { finished: true, listenId: first })).toEqual({
        status: 200,
        body: { ok: true },
      });
    }
    expect(await libraryRow(member.id)).toEqual({ plays: 1, completed: true, at: 0 });

    const second = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => report(member, { finished: true, listenId: second })),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect((await libraryRow(member.id)).plays).toBe(2);
  });

  it("counts a first listen once when its sends race in transactions of their own", async () => {
    const member = await freeMember();
    const listenId = crypto.randomUUID();
    const track = findTrack("affirmations-2")!;
    await Promise.all(
      Array.from({ length: 10 }, () =>
        database.db.transaction().execute((trx) => recordFinishedListen(trx, member.id, track, { listenId })),
      ),
    );
    expect((await libraryRow(member.id)).plays).toBe(1);
  });

  it("leaves where she stopped alone when a listen already counted is sent again", async () => {
    const member = await freeMember();
    const listenId = crypto.randomUUID();
    await report(member, { finished: true, listenId });
    await report(member, { positionSeconds: 120 });
    await report(member, { finished: true, listenId });
    expect(await libraryRow(member.id)).toEqual({ plays: 1, completed: true, at: 120 });
  });

  it("counts each finished report without an id, as pages did before ids", async () => {
    const member = await freeMember();
    await report(member, { finished: true });
    await report(member, { finished: true });
    expect((await libraryRow(member.id)).plays).toBe(2);
  });

  it("counts another member's listen with the same id for her alone", async () => {
    const [amara, bea] = [await freeMember(), await freeMember()];
    const listenId = crypto.randomUUID();
    await report(amara, { finished: true, listenId });
    await report(bea, { finished: true, listenId });
    await report(bea, { finished: true, listenId });
    expect((await libraryRow(amara.id)).plays).toBe(1);
    expect((await libraryRow(bea.id)).plays).toBe(1);
  });

  it("refuses a listen id that isn't a UUID or comes without finished, and a track she may not play", async () => {
    const member = await freeMember();
    expect((await report(member, { finished: true, listenId: "1 OR 1=1" })).status).toBe(400);
    expect((await report(member, { positionSeconds: 3, listenId: crypto.randomUUID() })).status).toBe(400);
    expect(
      (await report(member, { finished: true, listenId: crypto.randomUUID() }, "fear-release")).status,
    ).toBe(403);
    const rows = await database.db
      .selectFrom("audio_progress")
      .select("id")
      .where("user_id", "=", member.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("names the tracks she has finished most, most first, hers only", async () => {
    const ana = await aMember(database.db);
    const bea = await aMember(database.db);
    const finish = async (userId: string, id: string, times: number, now = new Date()) => {
      for (let i = 0; i < times; i += 1) {
        await recordFinishedListen(database.db, userId, findTrack(id)!, { now });
      }
    };
    await finish(ana.id, "breathing-bonding", 1, new Date("2026-11-02T09:00:00Z"));
    await finish(ana.id, "fear-release", 3);
    await finish(ana.id, "affirmations-purpose", 2);
    await finish(ana.id, "affirmations-2", 1, new Date("2026-11-01T09:00:00Z"));
    await finish(bea.id, "prepare-for-birth", 9);
    // Of two tracks finished as often, the one finished last comes first.
    expect(await mostPlayed(database.db, ana.id)).toEqual([
      "fear-release",
      "affirmations-purpose",
      "breathing-bonding",
    ]);
    expect(await mostPlayed(database.db, ana.id, 5)).toEqual([
      "fear-release",
      "affirmations-purpose",
      "breathing-bonding",
      "affirmations-2",
    ]);
    expect(await mostPlayed(database.db, bea.id)).toEqual(["prepare-for-birth"]);
  });
});
