import { describe, expect, it } from "vitest";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { invitationMessages } from "./invitation.ts";
import { acceptInvitation, invitePartner, JOIN_MISS_LIMIT } from "./seat.server.ts";
import { invitationForSignUp, signUpInvitationRefusal } from "./sign-up.server.ts";

const NOW = new Date("2026-11-25T10:00:00Z");
const later = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);

describe.each(testDialects)("her invitation through her partner's sign-up on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;
  const at = { now: later(1), clientIp: "203.0.113.50" };

  const invited = async () => {
    const amara = await aMember(db(), { name: "Amara Okafor" });
    const sent = await invitePartner(db(), amara, "Sam.Rivers@Example.com", NOW);
    if (!sent.ok) throw new Error(sent.reason);
    return { amara, token: sent.token };
  };

  it("gives her first name and the invited address to fill in, and nothing for a token that isn't one", async () => {
    const { token } = await invited();
    expect(await invitationForSignUp(db(), token, at)).toEqual({
      ok: true,
      token,
      memberFirstName: "Amara",
      email: "sam.rivers@example.com",
    });
    expect(await invitationForSignUp(db(), "not-a-token", at)).toEqual({
      ok: false,
      message: invitationMessages.unknown,
    });
  });

  it("refuses a sign-up for another address, or once the invitation has expired or been used, with why", async () => {
    const { token } = await invited();
    expect(await signUpInvitationRefusal(db(), token, " SAM.rivers@example.com ", at)).toBeNull();
    expect(await signUpInvitationRefusal(db(), token, "someone.else@example.com", at)).toBe(
      "Amara's invitation was sent to another address. Create your account with the address it was sent to, or ask Amara to invite this one.",
    );
    expect(
      await signUpInvitationRefusal(db(), token, "sam.rivers@example.com", { ...at, now: later(7 * 24) }),
    ).toBe(invitationMessages.expired);
    const sam = await aMember(db(), { name: "Sam Rivers" });
    expect((await acceptInvitation(db(), token, sam.id, later(2))).ok).toBe(true);
    expect(await signUpInvitationRefusal(db(), token, "sam.rivers@example.com", at)).toBe(
      invitationMessages.used,
    );
  });

  it("counts wrong tokens as wrong invitation links, so guessing goes no faster through the sign-up page", async () => {
    const guesser = { now: later(1), clientIp: "198.51.100.7" };
    for (let i = 0; i < JOIN_MISS_LIMIT.limit; i++) {
      await invitationForSignUp(db(), `${"x".repeat(40)}${String(i).padStart(3, "0")}`, guesser);
    }
    const { token } = await invited();
    const answer = await invitationForSignUp(db(), token, guesser);
    expect(answer.ok).toBe(false);
  });
});
