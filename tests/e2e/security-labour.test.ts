import { beforeAll, describe, expect, it } from "vitest";
import { SAVE_LIMIT } from "#app/modules/labour/history.server.ts";
import { sharedServer, withServerDatabase } from "./support/accounts.ts";
import { massAssignment, signUpMember, visitor, type Member } from "./support/security.ts";

const URL_PATH = "/api/labour/contractions";
const MIN = 60_000;

/** Two contractions timed this last half hour, on whole seconds so that none is shared with another member's. */
function timed(offsetMs: number) {
  const start = Math.floor(Date.now() / 1000) * 1000 - 30 * MIN + offsetMs;
  return [
    { startedAt: start, endedAt: start + 65_000 },
    { startedAt: start + 5 * MIN, endedAt: start + 5 * MIN + 58_000 },
  ];
}

/**
 * The contraction history saved to a member's account, over HTTP: only the
 * session's member reads or writes her rows, whatever ids a request names,
 * and saves are limited per member, even when fired all at once.
 */
describe("the contraction history in her account", () => {
  const server = sharedServer();
  let owner: Member;
  let other: Member;

  beforeAll(async () => {
    owner = await signUpMember(server, { label: "labour-owner" });
    other = await signUpMember(server, { label: "labour-other" });
  });

  const save = (member: Member, contractions: unknown, extra: Record<string, string> = {}) =>
    member.client.request(URL_PATH, { method: "POST", json: { ...extra, contractions } });

  /** What her account holds, as numbers on both databases. */
  const stored = (id: string) =>
    withServerDatabase(
      async (db) =>
        (
          await db
            .selectFrom("labour_contractions")
            .select(["started_at", "ended_at"])
            .where("user_id", "=", id)
            .orderBy("started_at")
            .execute()
        ).map((row) => ({
          startedAt: Number(row.started_at),
          endedAt: row.ended_at === null ? null : Number(row.ended_at),
        })),
      server,
    );

  it("lets no other member, and no visitor, read or overwrite it, whatever ids they send", async () => {
    const hers = timed(0);
    const response = await save(owner, hers);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, saved: 2 });
    expect(await stored(owner.id)).toEqual(hers);

    // Her labour page carries it; another member's doesn't, in the page or in its data.
    const marks = hers.map((c) => String(c.startedAt));
    for (const path of ["/portal/labour", "/portal/labour.data"]) {
      const own = await (await owner.client.request(path)).text();
      for (const mark of marks) expect(own, path).toContain(mark);
      const theirs = await other.client.request(path);
      expect(theirs.status, path).toBeLessThan(500);
      const body = await theirs.text();
      for (const mark of marks) expect(body, path).not.toContain(mark);
    }
    // Nothing reads it through the endpoint itself.
    const read = await other.client.request(URL_PATH);
    expect(read.status).toBeGreaterThanOrEqual(400);
    const readBody = await read.text();
    for (const mark of marks) expect(readBody).not.toContain(mark);
    const exported = await (await other.client.request("/portal/profile/export")).text();
    for (const mark of marks) expect(exported).not.toContain(mark);

    // Another member naming her, clearing or saving: only her own list changes.
    const ids = { ...massAssignment(owner.id), memberId: owner.id, member_id: owner.id };
    expect((await save(other, [], ids)).status).toBe(200);
    const theirs = timed(1000);
    expect((await save(other, theirs, ids)).status).toBe(200);
    expect(await stored(other.id)).toEqual(theirs);
    expect(await stored(owner.id)).toEqual(hers);

    // Signed out: refused, and nothing changes.
    const anonymous = visitor(server.baseUrl);
    const refused = await anonymous.request(URL_PATH, {
      method: "POST",
      json: { contractions: [], ...massAssignment(owner.id) },
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: "Please sign in." });
    expect(await stored(owner.id)).toEqual(hers);
  });

  it("refuses a list that breaks its rules with a message, and keeps what she had", async () => {
    const hers = timed(2000);
    await save(owner, hers);
    const future = Date.now() + 10 * MIN;
    const response = await save(owner, [...hers, { startedAt: future, endedAt: null }]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Contraction 3: its start is more than 5 minutes in the future.",
    });
    expect(await stored(owner.id)).toEqual(hers);
  });

  it(`answers 429 with a wait after ${SAVE_LIMIT.limit} saves in ${SAVE_LIMIT.windowSeconds / 60} minutes, fired at once`, async () => {
    const busy = await signUpMember(server, { label: "labour-burst" });
    const list = timed(3000);
    const responses = await Promise.all(Array.from({ length: SAVE_LIMIT.limit + 8 }, () => save(busy, list)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(SAVE_LIMIT.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8);

    const tooMany = responses.find((response) => response.status === 429)!;
    const wait = Number(tooMany.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(SAVE_LIMIT.windowSeconds);
    expect(((await tooMany.json()) as { error: string }).error).toMatch(
      /^Too many attempts\. Please wait \d+ minutes and try again\.$/,
    );
    // One whole list, none of it twice; and the limit is hers alone.
    expect(await stored(busy.id)).toEqual(list);
    expect((await save(other, timed(4000))).status).toBe(200);
  });
});
