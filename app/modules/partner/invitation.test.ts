import { describe, expect, it } from "vitest";
import {
  acceptRefusal,
  INVITATION_DAYS,
  invitationExpiry,
  invitationMessages,
  invitationStatus,
  type AcceptAttempt,
  type Invitation,
} from "./invitation.ts";

const SENT = new Date("2026-11-25T10:00:00Z");
const invitation = (fields: Partial<Invitation> = {}): Invitation => ({
  memberId: "amara",
  createdAt: SENT,
  expiresAt: invitationExpiry(SENT),
  acceptedAt: null,
  cancelledAt: null,
  ...fields,
});
const hoursAfter = (hours: number) => new Date(SENT.getTime() + hours * 3_600_000);

describe("invitationStatus", () => {
  it("waits seven days, to the minute, then expires", () => {
    expect(INVITATION_DAYS).toBe(7);
    expect(invitationExpiry(SENT).toISOString()).toBe("2026-12-02T10:00:00.000Z");
    expect(invitationStatus(invitation(), hoursAfter(0))).toBe("pending");
    expect(invitationStatus(invitation(), hoursAfter(7 * 24 - 0.01))).toBe("pending");
    expect(invitationStatus(invitation(), hoursAfter(7 * 24))).toBe("expired");
  });

  it("is used once accepted and cancelled once cancelled, whatever the time", () => {
    expect(invitationStatus(invitation({ acceptedAt: hoursAfter(1) }), hoursAfter(2))).toBe("accepted");
    expect(invitationStatus(invitation({ acceptedAt: hoursAfter(1) }), hoursAfter(24 * 30))).toBe("accepted");
    expect(invitationStatus(invitation({ cancelledAt: hoursAfter(1) }), hoursAfter(2))).toBe("cancelled");
  });
});

describe("acceptRefusal", () => {
  const attempt = (fields: Partial<AcceptAttempt> = {}): AcceptAttempt => ({
    invitation: invitation(),
    acceptorId: "ben",
    now: hoursAfter(1),
    memberHasPartner: false,
    memberIsPartner: false,
    acceptorIsPartner: false,
    acceptorHasPartner: false,
    ...fields,
  });

  it.each<[string, Partial<AcceptAttempt>, ReturnType<typeof acceptRefusal>]>([
    ["a pending invitation, to someone free to accept", {}, null],
    ["no invitation with that link", { invitation: null }, "unknown"],
    ["after seven days", { now: hoursAfter(7 * 24) }, "expired"],
    ["a second time (single use)", { invitation: invitation({ acceptedAt: hoursAfter(0.5) }) }, "used"],
    [
      "once the member cancelled it",
      { invitation: invitation({ cancelledAt: hoursAfter(0.5) }) },
      "cancelled",
    ],
    ["by the member herself", { acceptorId: "amara" }, "own-invitation"],
    ["when she already has a partner", { memberHasPartner: true }, "member-has-partner"],
    ["when she has since become someone's partner", { memberIsPartner: true }, "member-is-a-partner"],
    ["by someone already another's partner", { acceptorIsPartner: true }, "already-a-partner"],
    ["by a member with a partner of her own", { acceptorHasPartner: true }, "has-a-partner"],
    // A used link says so even once it would have expired, and a cancelled one says it was cancelled.
    [
      "used, then expired",
      { invitation: invitation({ acceptedAt: hoursAfter(1) }), now: hoursAfter(24 * 9) },
      "used",
    ],
    [
      "cancelled, then expired",
      { invitation: invitation({ cancelledAt: hoursAfter(1) }), now: hoursAfter(24 * 9) },
      "cancelled",
    ],
  ])("%s", (_name, fields, expected) => {
    expect(acceptRefusal(attempt(fields))).toBe(expected);
  });

  it("has a kind word for every refusal", () => {
    for (const message of Object.values(invitationMessages)) expect(message).toMatch(/^[A-Z].+\.$/);
  });
});
