import { describe, expect, it } from "vitest";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { setStreaksHidden } from "#app/modules/program/programme-settings.server.ts";
import { setSubscriptionTier } from "#app/modules/payments/access.server.ts";
import type { Member } from "#app/modules/accounts/session.server.ts";
import { findTrack } from "#app/modules/catalogue/tracks.ts";
import { recordFinishedListen } from "#app/modules/listening/listening.server.ts";
import type { MediaFacts } from "#app/modules/media/facts.server.ts";
import { partnerPortal, togetherOnDashboard } from "./portal.server.ts";

const NOW = new Date("2026-11-26T18:00:00Z");
const TODAY = "2026-11-26";
const facts = { audioDuration: async () => 180, audioBytes: async () => 1_000_000 } as unknown as MediaFacts;

describe.each(testDialects)("the partner seat in the portal on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  const couple = async () => {
    const amara = await aMember(db(), { name: "Amara Okafor" });
    const sam = await aMember(db(), { name: "Sam Rivers" });
    await db().insertInto("partner_links").values({ user_id: amara.id, partner_id: sam.id }).execute();
    return { amara, sam };
  };
  const asPartner = (id: string, partnerPremium: boolean): Member =>
    ({ id, firstName: "Sam", timeZone: "UTC", hasPremium: false, isPartner: true, partnerPremium }) as Member;
  const listen = (userId: string, day: string) =>
    recordFinishedListen(db(), userId, findTrack("affirmations-2")!, { now: NOW, day });

  it("shows a partner her week, no more, and their sessions (and the one to share) locked until she has premium", async () => {
    const { amara, sam } = await couple();
    const portal = (await partnerPortal({ db: db(), mediaFacts: facts }, asPartner(sam.id, false), NOW))!;
    expect(portal.her.firstName).toBe("Amara");
    expect(JSON.stringify(portal)).not.toContain(amara.email);
    expect(JSON.stringify(portal)).not.toContain("Okafor");
    expect(portal.sessions.map((s) => [s.title, s.locked])).toEqual([
      ["Holding the Space", true],
      ["Your Calm Voice", true],
      ["Through the Waves", true],
      ["Breathing & Bonding", true],
    ]);
    await setSubscriptionTier(db(), amara.id, "premium", NOW.toISOString());
    const granted = (await partnerPortal({ db: db(), mediaFacts: facts }, asPartner(sam.id, true), NOW))!;
    expect(granted.sessions.every((s) => !s.locked)).toBe(true);
  });

  it("is nothing for an account that is no one's partner", async () => {
    const loner = await aMember(db());
    expect(await partnerPortal({ db: db(), mediaFacts: facts }, asPartner(loner.id, false), NOW)).toBeNull();
    expect(await togetherOnDashboard(db(), loner, TODAY, true)).toBeNull();
  });

  it("counts the days both listened, for her and for her partner, and their own streak", async () => {
    const { amara, sam } = await couple();
    for (const day of ["2026-11-23", "2026-11-24", "2026-11-25", TODAY]) await listen(amara.id, day);
    for (const day of ["2026-11-22", "2026-11-24", "2026-11-25"]) await listen(sam.id, day);
    // Twice in a day counts once.
    await listen(sam.id, "2026-11-25");

    expect(await togetherOnDashboard(db(), amara, TODAY, true)).toEqual({
      partnerFirstName: "Sam",
      today: false,
      streak: 2,
    });
    await listen(sam.id, TODAY);
    expect(await togetherOnDashboard(db(), amara, TODAY, true)).toMatchObject({ today: true, streak: 3 });
    const portal = (await partnerPortal({ db: db(), mediaFacts: facts }, asPartner(sam.id, false), NOW))!;
    expect(portal.together).toEqual({ today: true, streak: 3 });
    expect(portal.streak).toBe(3);
  });

  it("shows no count where she hides streaks, only that they practised together", async () => {
    const { amara, sam } = await couple();
    await listen(amara.id, TODAY);
    await listen(sam.id, TODAY);
    await setStreaksHidden(db(), amara.id, true);
    expect(await togetherOnDashboard(db(), amara, TODAY, false)).toMatchObject({ today: true, streak: null });
    const portal = (await partnerPortal({ db: db(), mediaFacts: facts }, asPartner(sam.id, false), NOW))!;
    expect(portal.her.streak).toBeNull();
    expect(portal.together).toEqual({ today: true, streak: null });
  });
});
