import { describe, expect, it } from "vitest";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import type { BirthPlanContent } from "./plan.ts";
import {
  addPartnerComment,
  birthPlanVersion,
  birthPlanVersions,
  commentsOnPlan,
  currentBirthPlan,
  deletePartnerComment,
  reopenComment,
  resolveComment,
  restoreBirthPlanVersion,
  saveBirthPlan,
  VERSIONS_KEPT,
} from "./store.server.ts";

const NOW = new Date("2026-11-25T10:00:00Z");
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

const CHOICE = "environment.dim-lights";
const CHOICE_2 = "environment.birth-pool";

/** A plan with a note in one section (and its choices), different for each note. */
const plan = (note: string, choices: string[] = [CHOICE]): BirthPlanContent => ({
  sections: { environment: { choices, note } },
});

describe.each(testDialects)("the birth plan's storage on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  /** A member and her birth partner, linked. */
  const withPartner = async () => {
    const amara = await aMember(db(), { name: "Amara Okafor" });
    const ben = await aMember(db(), { name: "Ben  Okafor" });
    await db().insertInto("partner_links").values({ user_id: amara.id, partner_id: ben.id }).execute();
    return { amara, ben };
  };

  describe("sittings", () => {
    it("adds her first version, and changes nothing when the same content is saved again", async () => {
      const amara = await aMember(db());
      expect(await currentBirthPlan(db(), amara.id)).toBeNull();
      expect(await saveBirthPlan(db(), amara.id, plan("calm"), NOW)).toEqual({
        number: 1,
        savedAt: NOW,
        created: true,
      });
      // Same content, even much later: still version 1, as saved.
      expect(await saveBirthPlan(db(), amara.id, plan("calm"), minutes(60))).toEqual({
        number: 1,
        savedAt: NOW,
        created: false,
      });
      expect(await currentBirthPlan(db(), amara.id)).toEqual({
        content: plan("calm"),
        number: 1,
        savedAt: NOW,
      });
    });

    it("updates her latest version within a sitting, and starts a new one after ten minutes", async () => {
      const amara = await aMember(db());
      await saveBirthPlan(db(), amara.id, plan("one"), NOW);
      expect(await saveBirthPlan(db(), amara.id, plan("two"), minutes(9))).toEqual({
        number: 1,
        savedAt: minutes(9),
        created: false,
      });
      // The sitting is counted from when the version was made, not from its last save.
      expect(await saveBirthPlan(db(), amara.id, plan("three"), minutes(10))).toEqual({
        number: 2,
        savedAt: minutes(10),
        created: true,
      });
      expect(await birthPlanVersion(db(), amara.id, 1)).toEqual(plan("two"));
      expect(await birthPlanVersion(db(), amara.id, 2)).toEqual(plan("three"));
      expect((await birthPlanVersions(db(), amara.id)).map((v) => [v.number, v.savedAt])).toEqual([
        [2, minutes(10)],
        [1, minutes(9)],
      ]);
    });

    it("restores as a new version, and the next save after a restore starts another", async () => {
      const amara = await aMember(db());
      await saveBirthPlan(db(), amara.id, plan("first", [CHOICE, CHOICE_2]), NOW);
      await saveBirthPlan(db(), amara.id, plan(""), minutes(20));
      expect(await restoreBirthPlanVersion(db(), amara.id, 1, minutes(21))).toEqual({
        number: 3,
        savedAt: minutes(21),
      });
      expect(await currentBirthPlan(db(), amara.id)).toMatchObject({
        content: plan("first", [CHOICE, CHOICE_2]),
        number: 3,
      });
      expect(await saveBirthPlan(db(), amara.id, plan("after"), minutes(22))).toEqual({
        number: 4,
        savedAt: minutes(22),
        created: true,
      });
      expect(await birthPlanVersions(db(), amara.id)).toEqual([
        { number: 4, savedAt: minutes(22), restoredFrom: null, summary: { choices: 1, notes: 1 } },
        { number: 3, savedAt: minutes(21), restoredFrom: 1, summary: { choices: 2, notes: 1 } },
        { number: 2, savedAt: minutes(20), restoredFrom: null, summary: { choices: 1, notes: 0 } },
        { number: 1, savedAt: NOW, restoredFrom: null, summary: { choices: 2, notes: 1 } },
      ]);
      expect(await restoreBirthPlanVersion(db(), amara.id, 99, minutes(23))).toBeNull();
    });

    it("reads a stored version that no longer passes as an empty plan", async () => {
      const amara = await aMember(db());
      await saveBirthPlan(db(), amara.id, plan("calm"), NOW);
      await db()
        .updateTable("birth_plan_versions")
        .set({ content: "{not json" })
        .where("user_id", "=", amara.id)
        .execute();
      expect(await currentBirthPlan(db(), amara.id)).toEqual({
        content: { sections: {} },
        number: 1,
        savedAt: NOW,
      });
      expect((await birthPlanVersions(db(), amara.id))[0]?.summary).toEqual({ choices: 0, notes: 0 });
    });
  });

  describe("only hers", () => {
    it("finds no version by another member's number, nor her partner's plan through their own id", async () => {
      const { amara, ben } = await withPartner();
      await saveBirthPlan(db(), amara.id, plan("private"), NOW);
      const carol = await aMember(db());
      expect(await birthPlanVersion(db(), carol.id, 1)).toBeNull();
      expect(await restoreBirthPlanVersion(db(), carol.id, 1, minutes(30))).toBeNull();
      expect(await birthPlanVersions(db(), carol.id)).toEqual([]);
      // Her partner's session id finds nothing of hers.
      expect(await currentBirthPlan(db(), ben.id)).toBeNull();
      expect(await birthPlanVersions(db(), ben.id)).toEqual([]);
      expect(await birthPlanVersion(db(), ben.id, 1)).toBeNull();
      expect(await birthPlanVersions(db(), amara.id)).toHaveLength(1);
    });
  });

  describe("comments", () => {
    const comment = (
      partnerId: string,
      body = "Can we ask about the birth pool?",
      sectionId = "environment",
    ) => addPartnerComment(db(), { partnerId, sectionId, body, now: NOW });

    it("takes her partner's comment on her plan, trimmed, with their first name", async () => {
      const { amara, ben } = await withPartner();
      const added = await comment(ben.id, "  Dim lights please  ");
      expect(added).toEqual({ ok: true, id: expect.any(String) });
      expect(await commentsOnPlan(db(), amara.id)).toEqual([
        {
          id: added.ok ? added.id : "",
          sectionId: "environment",
          body: "Dim lights please",
          authorId: ben.id,
          authorFirstName: "Ben",
          createdAt: NOW,
          resolvedAt: null,
          resolved: false,
        },
      ]);
      expect(await commentsOnPlan(db(), ben.id)).toEqual([]);
    });

    it("refuses someone who is no one's partner, an unknown section, and an empty or too long body", async () => {
      const { amara, ben } = await withPartner();
      const carol = await aMember(db());
      expect(await comment(carol.id)).toEqual({ ok: false, reason: "not-a-partner" });
      // Nor can she comment on her own plan: she is not her own partner.
      expect(await comment(amara.id)).toEqual({ ok: false, reason: "not-a-partner" });
      expect(await comment(ben.id, "Hello", "lighting")).toEqual({ ok: false, reason: "invalid" });
      expect(await comment(ben.id, "   ")).toEqual({ ok: false, reason: "invalid" });
      expect(await comment(ben.id, "x".repeat(1001))).toEqual({ ok: false, reason: "invalid" });
      expect(await comment(ben.id, ` ${"x".repeat(1000)} `)).toMatchObject({ ok: true });
      expect(await commentsOnPlan(db(), amara.id)).toHaveLength(1);
    });

    it("refuses the 31st open comment, and takes one again once she resolves one", async () => {
      const { amara, ben } = await withPartner();
      const ids: string[] = [];
      for (let i = 0; i < 30; i += 1) {
        const added = await comment(ben.id, `Thought ${i}`);
        if (!added.ok) throw new Error(added.reason);
        ids.push(added.id);
      }
      expect(await comment(ben.id, "One more")).toEqual({ ok: false, reason: "too-many" });
      expect(await resolveComment(db(), { memberId: amara.id, commentId: ids[0]!, now: minutes(1) })).toBe(
        true,
      );
      expect(await comment(ben.id, "One more")).toMatchObject({ ok: true });
    });

    it("lets only her resolve and reopen a comment on her plan", async () => {
      const { amara, ben } = await withPartner();
      const added = await comment(ben.id);
      if (!added.ok) throw new Error(added.reason);
      const carol = await aMember(db());
      const commentId = added.id;
      expect(await resolveComment(db(), { memberId: carol.id, commentId, now: minutes(1) })).toBe(false);
      expect(await resolveComment(db(), { memberId: ben.id, commentId, now: minutes(1) })).toBe(false);
      expect((await commentsOnPlan(db(), amara.id))[0]?.resolved).toBe(false);

      expect(await resolveComment(db(), { memberId: amara.id, commentId, now: minutes(1) })).toBe(true);
      expect(await commentsOnPlan(db(), amara.id)).toMatchObject([
        { resolved: true, resolvedAt: minutes(1) },
      ]);
      expect(await reopenComment(db(), { memberId: carol.id, commentId })).toBe(false);
      expect(await reopenComment(db(), { memberId: ben.id, commentId })).toBe(false);
      expect(await reopenComment(db(), { memberId: amara.id, commentId })).toBe(true);
      expect(await commentsOnPlan(db(), amara.id)).toMatchObject([{ resolved: false, resolvedAt: null }]);
    });

    it("lets her partner delete only their own comment, while it is open", async () => {
      const { amara, ben } = await withPartner();
      const first = await comment(ben.id, "First");
      const second = await comment(ben.id, "Second");
      if (!first.ok || !second.ok) throw new Error("not added");
      // Another couple: their partner can't delete Ben's comment, nor can Amara through this function.
      const dana = await aMember(db());
      const eli = await aMember(db());
      await db().insertInto("partner_links").values({ user_id: dana.id, partner_id: eli.id }).execute();
      expect(await deletePartnerComment(db(), { partnerId: eli.id, commentId: first.id })).toBe(false);
      expect(await deletePartnerComment(db(), { partnerId: amara.id, commentId: first.id })).toBe(false);

      await resolveComment(db(), { memberId: amara.id, commentId: second.id, now: minutes(1) });
      expect(await deletePartnerComment(db(), { partnerId: ben.id, commentId: second.id })).toBe(false);
      expect(await deletePartnerComment(db(), { partnerId: ben.id, commentId: first.id })).toBe(true);
      expect((await commentsOnPlan(db(), amara.id)).map((c) => c.body)).toEqual(["Second"]);
    });
  });

  describe("at once", () => {
    it("numbers 20 saves sent together 1 to 20, without an error or a gap", async () => {
      const amara = await aMember(db());
      // Each far enough from the others to be a version of its own, whatever order they arrive in.
      const sent = Array.from({ length: 20 }, (_, i) => plan(`save ${i}`));
      const results = await Promise.all(
        sent.map((content, i) => saveBirthPlan(db(), amara.id, content, minutes(i * 11))),
      );
      expect(results.every((result) => result.created)).toBe(true);
      const versions = await birthPlanVersions(db(), amara.id);
      expect(versions.map((v) => v.number).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      expect(sent).toContainEqual((await currentBirthPlan(db(), amara.id))?.content);
    });

    it("keeps 20 saves of one sitting sent together as one version holding one of them", async () => {
      const amara = await aMember(db());
      const sent = Array.from({ length: 20 }, (_, i) => plan(`draft ${i}`));
      await Promise.all(sent.map((content) => saveBirthPlan(db(), amara.id, content, NOW)));
      const versions = await birthPlanVersions(db(), amara.id);
      expect(versions.map((v) => v.number)).toEqual([1]);
      expect(sent).toContainEqual((await currentBirthPlan(db(), amara.id))?.content);
    });
  });

  it(`keeps her newest ${VERSIONS_KEPT} versions`, async () => {
    const amara = await aMember(db());
    for (let i = 0; i < VERSIONS_KEPT + 2; i += 1) {
      await saveBirthPlan(db(), amara.id, plan(`v${i}`), minutes(i * 11));
    }
    const versions = await birthPlanVersions(db(), amara.id);
    expect(versions).toHaveLength(VERSIONS_KEPT);
    expect(versions[0]?.number).toBe(VERSIONS_KEPT + 2);
    expect(versions.at(-1)?.number).toBe(3);
    expect(await birthPlanVersion(db(), amara.id, 2)).toBeNull();
    expect(await restoreBirthPlanVersion(db(), amara.id, 2, minutes(2000))).toBeNull();
    // A restore counts too: the oldest kept goes.
    await restoreBirthPlanVersion(db(), amara.id, 3, minutes(2000));
    expect(await birthPlanVersion(db(), amara.id, 3)).toBeNull();
    expect(await currentBirthPlan(db(), amara.id)).toMatchObject({ content: plan("v2"), number: 103 });
  });
});
