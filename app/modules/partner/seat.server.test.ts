import { describe, expect, it } from "vitest";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { exportMemberData } from "#app/modules/profile/data-export.server.ts";
import {
  acceptByLink,
  acceptInvitation,
  invitationPreview,
  JOIN_MISS_LIMIT,
  cancelInvitation,
  invitePartner,
  leaveAsPartner,
  memberIdOf,
  partnerIdOf,
  removePartner,
  waitingInvitation,
} from "./seat.server.ts";

const NOW = new Date("2026-11-25T10:00:00Z");
const later = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);

describe.each(testDialects)("the partner seat on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  const invited = async () => {
    const amara = await aMember(db(), { name: "Amara Okafor" });
    const ben = await aMember(db(), { name: "Ben Okafor" });
    const sent = await invitePartner(db(), amara, ben.email.toUpperCase(), NOW);
    if (!sent.ok) throw new Error(sent.reason);
    return { amara, ben, token: sent.token };
  };

  it("links her partner's own account once they accept, and keeps only the token's hash", async () => {
    const { amara, ben, token } = await invited();
    expect(await waitingInvitation(db(), amara.id, NOW)).toEqual({
      email: ben.email.toLowerCase(),
      expiresAt: later(7 * 24),
    });
    const stored = await db().selectFrom("partner_invitations").select("token_hash").execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    expect(token.length).toBeGreaterThanOrEqual(22);

    expect(await acceptInvitation(db(), token, ben.id, later(1))).toEqual({ ok: true, memberId: amara.id });
    expect(await partnerIdOf(db(), amara.id)).toBe(ben.id);
    expect(await memberIdOf(db(), ben.id)).toBe(amara.id);
    expect(await waitingInvitation(db(), amara.id, later(1))).toBeNull();
    // Single use.
    const carol = await aMember(db());
    expect(await acceptInvitation(db(), token, carol.id, later(2))).toEqual({ ok: false, reason: "used" });
  });

  it("refuses an expired, cancelled, replaced or unknown link, and her own", async () => {
    const { amara, ben, token } = await invited();
    expect(await acceptInvitation(db(), token, ben.id, later(7 * 24))).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await acceptInvitation(db(), token, amara.id, later(1))).toEqual({
      ok: false,
      reason: "own-invitation",
    });
    expect(await acceptInvitation(db(), "not-a-token", ben.id, later(1))).toEqual({
      ok: false,
      reason: "unknown",
    });

    const second = await invitePartner(db(), amara, ben.email, later(2));
    expect(second.ok).toBe(true);
    expect(await acceptInvitation(db(), token, ben.id, later(3))).toEqual({ ok: false, reason: "cancelled" });
    await cancelInvitation(db(), amara.id, later(4));
    if (!second.ok) throw new Error("not sent");
    expect(await acceptInvitation(db(), second.token, ben.id, later(5))).toEqual({
      ok: false,
      reason: "cancelled",
    });
    expect(await partnerIdOf(db(), amara.id)).toBeNull();
  });

  it("won't invite her own address, or a second partner while she has one", async () => {
    const { amara, ben, token } = await invited();
    expect(await invitePartner(db(), amara, ` ${amara.email.toUpperCase()} `, NOW)).toEqual({
      ok: false,
      reason: "own-address",
    });
    await acceptInvitation(db(), token, ben.id, later(1));
    expect(await invitePartner(db(), amara, "someone@example.com", later(2))).toEqual({
      ok: false,
      reason: "has-partner",
    });
  });

  it("links one account when ten accept the same link at once", async () => {
    const { amara, token } = await invited();
    const acceptors = await Promise.all(Array.from({ length: 10 }, () => aMember(db())));
    const outcomes = await Promise.all(acceptors.map((a) => acceptInvitation(db(), token, a.id, later(1))));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok).map((o) => !o.ok && o.reason)).toEqual(
      Array(9).fill("used"),
    );
    const links = await db()
      .selectFrom("partner_links")
      .selectAll()
      .where("user_id", "=", amara.id)
      .execute();
    expect(links).toHaveLength(1);
  });

  it("never makes a partner of two members, nor a partner of a member with her own", async () => {
    const { amara, ben, token } = await invited();
    await acceptInvitation(db(), token, ben.id, later(1));
    const dina = await aMember(db());
    const toBen = await invitePartner(db(), dina, ben.email, later(2));
    if (!toBen.ok) throw new Error(toBen.reason);
    expect(await acceptInvitation(db(), toBen.token, ben.id, later(3))).toEqual({
      ok: false,
      reason: "already-a-partner",
    });
    const toAmara = await invitePartner(db(), dina, amara.email, later(2));
    if (!toAmara.ok) throw new Error(toAmara.reason);
    expect(await acceptInvitation(db(), toAmara.token, amara.id, later(3))).toEqual({
      ok: false,
      reason: "has-a-partner",
    });
  });

  it("gives a partner no partner of their own: no invitation from them, and none they sent before works", async () => {
    const { amara, ben, token } = await invited();
    const carl = await aMember(db());
    // Ben invited Carl before he joined Amara.
    const toCarl = await invitePartner(db(), ben, carl.email, later(0.5));
    if (!toCarl.ok) throw new Error(toCarl.reason);
    expect(await acceptInvitation(db(), token, ben.id, later(1))).toEqual({ ok: true, memberId: amara.id });

    expect(await invitePartner(db(), ben, carl.email, later(2))).toEqual({
      ok: false,
      reason: "is-a-partner",
    });
    expect(await acceptInvitation(db(), toCarl.token, carl.id, later(2))).toEqual({
      ok: false,
      reason: "member-is-a-partner",
    });
    expect(await partnerIdOf(db(), ben.id)).toBeNull();
  });

  it("never chains seats when a partner joins a member as someone accepts that partner's invitation, at once", async () => {
    for (let round = 0; round < 10; round += 1) {
      const { ben, token } = await invited();
      const carl = await aMember(db());
      const toCarl = await invitePartner(db(), ben, carl.email, later(0.5));
      if (!toCarl.ok) throw new Error(toCarl.reason);
      const [benJoins, carlJoins] = await Promise.all([
        acceptInvitation(db(), token, ben.id, later(1)),
        acceptInvitation(db(), toCarl.token, carl.id, later(1)),
      ]);
      // One of the two, never both: Ben is either Amara's partner or Carl's member.
      expect([benJoins.ok, carlJoins.ok].filter(Boolean)).toHaveLength(1);
      const benIsPartner = (await memberIdOf(db(), ben.id)) !== null;
      const benHasPartner = (await partnerIdOf(db(), ben.id)) !== null;
      expect(benIsPartner && benHasPartner).toBe(false);
    }
  });

  it("lets her remove her partner and her partner leave, each account keeping its own", async () => {
    const first = await invited();
    await acceptInvitation(db(), first.token, first.ben.id, later(1));
    expect(await removePartner(db(), first.amara.id)).toBe(true);
    expect(await memberIdOf(db(), first.ben.id)).toBeNull();

    const second = await invited();
    await acceptInvitation(db(), second.token, second.ben.id, later(1));
    expect(await leaveAsPartner(db(), second.ben.id)).toBe(true);
    expect(await partnerIdOf(db(), second.amara.id)).toBeNull();
    expect(
      await db()
        .selectFrom("profiles")
        .select("id")
        .where("id", "in", [second.amara.id, second.ben.id])
        .execute(),
    ).toHaveLength(2);
  });

  it("shows who invited, until when, and holds back a client guessing links, all at once", async () => {
    const { amara, ben: invitee, token } = await invited();
    const at = { now: later(1), clientIp: "203.0.113.77" };
    expect(await invitationPreview(db(), token, at)).toEqual({
      status: "pending",
      memberFirstName: "Amara",
      expiresAt: later(7 * 24),
      email: invitee.email.toLowerCase(),
    });
    expect(await invitationPreview(db(), token, { ...at, now: later(7 * 24) })).toEqual({
      status: "expired",
    });

    const guesser = { now: later(1), clientIp: "198.51.100.99" };
    const guesses = await Promise.all(
      Array.from({ length: JOIN_MISS_LIMIT.limit + 5 }, (_, i) =>
        invitationPreview(db(), `guess-${i}`, guesser),
      ),
    );
    expect(guesses.filter((answer) => answer.status === "unknown")).toHaveLength(JOIN_MISS_LIMIT.limit);
    // Once over, even a right link waits, from that address; another address is not held back.
    expect((await invitationPreview(db(), token, guesser)).status).toBe("limited");
    const ben = await aMember(db());
    expect(await acceptByLink(db(), token, ben.id, guesser)).toEqual({ ok: false, reason: "limited" });
    expect(await acceptByLink(db(), token, ben.id, at)).toEqual({ ok: true, memberId: amara.id });
  });

  it("ends the link when either account is deleted, and gives each her side in her export", async () => {
    const { amara, ben, token } = await invited();
    await acceptInvitation(db(), token, ben.id, later(1));
    const mine = await exportMemberData(db(), amara.id);
    expect(mine?.birthPartner.link).toMatchObject({ youAre: "the member" });
    expect(mine?.birthPartner.invitations).toHaveLength(1);
    const theirs = await exportMemberData(db(), ben.id);
    expect(theirs?.birthPartner.link).toMatchObject({ youAre: "the birth partner" });
    expect(JSON.stringify(theirs)).not.toContain(amara.email);

    await db().deleteFrom("user").where("id", "=", ben.id).execute();
    expect(await partnerIdOf(db(), amara.id)).toBeNull();
    expect(await db().selectFrom("profiles").select("id").where("id", "=", amara.id).execute()).toHaveLength(
      1,
    );
  });
});
