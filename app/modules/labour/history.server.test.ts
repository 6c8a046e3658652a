import { describe, expect, it } from "vitest";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { ACCOUNT_HISTORY_LIMIT, type Contraction } from "./contractions.ts";
import { hitSaveLimit, loadHistory, loadLabourScreen, SAVE_LIMIT, saveHistory } from "./history.server.ts";

const NOW = Date.UTC(2026, 10, 14, 21, 0, 0);
const MIN = 60_000;

/** Contractions `apartMin` minutes apart, each a minute long, the last one ending before NOW. */
const timed = (count: number, apartMin = 5): Contraction[] =>
  Array.from({ length: count }, (_, i) => {
    const startedAt = NOW - (count - i) * apartMin * MIN;
    return { startedAt, endedAt: startedAt + MIN };
  });

describe.each(testDialects)("the contraction history saved to her account, on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  const member = async () => (await aMember(db())).id;

  it("saves her list and loads it back in order, and only hers", async () => {
    const ana = await member();
    const sam = await member();
    const list = timed(3);
    const going = { startedAt: NOW - 30_000, endedAt: null };
    // Sent out of order: stored and read back in order of starting.
    expect(await saveHistory(db(), ana, [going, ...list.reverse()], NOW)).toEqual({ ok: true, count: 4 });
    expect(await saveHistory(db(), sam, timed(1), NOW)).toEqual({ ok: true, count: 1 });

    expect(await loadHistory(db(), ana)).toEqual([...timed(3), going]);
    expect(await loadHistory(db(), sam)).toEqual(timed(1));
    expect(await loadHistory(db(), await member())).toEqual([]);
    const screen = await loadLabourScreen(db(), { id: ana, hasPremium: false }, "ana-member-key");
    expect(screen.history).toEqual([...timed(3), going]);
    expect(screen.memberKey).toBe("ana-member-key");
  });

  it("replaces what the account held: a removed contraction goes, an ended one ends, a cleared history empties", async () => {
    const ana = await member();
    const [first, second] = timed(2);
    const going = { startedAt: NOW - 30_000, endedAt: null };
    await saveHistory(db(), ana, [first!, second!, going], NOW);

    const ended = { ...going, endedAt: NOW };
    await saveHistory(db(), ana, [first!, ended], NOW + 1000);
    expect(await loadHistory(db(), ana)).toEqual([first, ended]);

    await saveHistory(db(), ana, [], NOW + 2000);
    expect(await loadHistory(db(), ana)).toEqual([]);
  });

  it("writes nothing when the list is the one it holds", async () => {
    const ana = await member();
    await saveHistory(db(), ana, timed(2), NOW);
    const version = () =>
      db()
        .selectFrom("member_versions")
        .select("version")
        .where("user_id", "=", ana)
        .executeTakeFirstOrThrow();
    const before = await version();
    await saveHistory(db(), ana, timed(2), NOW + 5000);
    expect(await version()).toEqual(before);
  });

  it.each<[string, unknown, RegExp]>([
    ["no list at all", undefined, /^Send \{ contractions: \[\.\.\.\] \}/],
    ["a list of the wrong things", ["10:04"], /^Contraction 1: it must be \{ startedAt, endedAt \}\.$/],
    ["a fraction of a millisecond", [{ startedAt: NOW - MIN + 0.5, endedAt: null }], /whole number/],
    ["a time as text", [{ startedAt: String(NOW - MIN), endedAt: null }], /whole number/],
    ["no end given", [{ startedAt: NOW - MIN }], /^Contraction 1: its end/],
    [
      "an end before its start",
      [...timed(2), { startedAt: NOW - MIN, endedAt: NOW - 2 * MIN }],
      /^Contraction 3: it ends before it began\.$/,
    ],
    [
      "a start more than 5 minutes ahead",
      [{ startedAt: NOW + 6 * MIN, endedAt: null }],
      /^Contraction 1: its start is more than 5 minutes in the future\.$/,
    ],
    [
      "an end more than 5 minutes ahead",
      [{ startedAt: NOW - MIN, endedAt: NOW + 6 * MIN }],
      /^Contraction 1: its end is more than 5 minutes in the future\.$/,
    ],
    [
      "a start before 2020",
      [{ startedAt: Date.UTC(2019, 11, 31), endedAt: Date.UTC(2019, 11, 31) + MIN }],
      /^Contraction 1: its start is before 2020\.$/,
    ],
    [
      "the same start twice",
      [...timed(2), timed(2)[1]],
      /^Contraction 3: another contraction began at that moment\.$/,
    ],
    [
      "one going that isn't the latest",
      [{ startedAt: NOW - 10 * MIN, endedAt: null }, ...timed(1)],
      /^Contraction 1: only the latest contraction may be going\.$/,
    ],
    [
      `more than ${ACCOUNT_HISTORY_LIMIT}`,
      timed(ACCOUNT_HISTORY_LIMIT + 1, 1),
      new RegExp(`^At most ${ACCOUNT_HISTORY_LIMIT} contractions can be saved\\.$`),
    ],
  ])("refuses %s with a message, and changes nothing", async (_label, list, message) => {
    const ana = await member();
    await saveHistory(db(), ana, timed(2), NOW);
    const result = await saveHistory(db(), ana, list, NOW);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(message);
    expect(await loadHistory(db(), ana)).toEqual(timed(2));
  });

  it(`takes ${ACCOUNT_HISTORY_LIMIT}, a phone's clock a little ahead, and ignores anything else sent with each`, async () => {
    const ana = await member();
    const full = timed(ACCOUNT_HISTORY_LIMIT, 1);
    expect((await saveHistory(db(), ana, full, NOW)).ok).toBe(true);
    expect(await loadHistory(db(), ana)).toHaveLength(ACCOUNT_HISTORY_LIMIT);

    const ahead = { startedAt: NOW + 4 * MIN, endedAt: null, user_id: "someone-else" };
    expect(await saveHistory(db(), ana, [ahead], NOW)).toEqual({ ok: true, count: 1 });
    expect(await loadHistory(db(), ana)).toEqual([{ startedAt: NOW + 4 * MIN, endedAt: null }]);
  });

  it("leaves exactly one whole list after 20 saves of hers at once, with no start twice", async () => {
    const ana = await member();
    await saveHistory(db(), ana, timed(10), NOW);
    // Each save a different list: overlapping, longer and shorter, some ending the last one.
    const lists = Array.from({ length: 20 }, (_, i) => {
      const list = timed(5 + i);
      return i % 2 === 0 ? list : [...list.slice(0, -1), { ...list.at(-1)!, endedAt: null }];
    });
    const results = await Promise.all(lists.map((list) => saveHistory(db(), ana, list, NOW)));
    expect(results.every((result) => result.ok)).toBe(true);

    const stored = await loadHistory(db(), ana);
    expect(new Set(stored.map((c) => c.startedAt)).size).toBe(stored.length);
    expect(lists).toContainEqual(stored);
  });

  it(`allows ${SAVE_LIMIT.limit} saves in ${SAVE_LIMIT.windowSeconds / 60} minutes, then asks her to wait`, async () => {
    const ana = await member();
    const sam = await member();
    const hits = await Promise.all(
      Array.from({ length: SAVE_LIMIT.limit + 5 }, () => hitSaveLimit(db(), ana, NOW)),
    );
    expect(hits.filter((hit) => hit.allowed)).toHaveLength(SAVE_LIMIT.limit);
    expect(hits.find((hit) => !hit.allowed)?.retryAfterSeconds).toBe(SAVE_LIMIT.windowSeconds);
    // Hers alone: another member saves as before, and she does once the window has passed.
    expect((await hitSaveLimit(db(), sam, NOW)).allowed).toBe(true);
    expect((await hitSaveLimit(db(), ana, NOW + SAVE_LIMIT.windowSeconds * 1000)).allowed).toBe(true);
  });

  it("goes with her account", async () => {
    const ana = await member();
    await saveHistory(db(), ana, timed(3), NOW);
    await db().deleteFrom("user").where("id", "=", ana).execute();
    expect(await loadHistory(db(), ana)).toEqual([]);
  });
});
