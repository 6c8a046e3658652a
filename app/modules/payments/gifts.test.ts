import { describe, expect, it } from "vitest";
import {
  checkGift,
  deliveryInstant,
  giftMessages,
  giftState,
  looksLikeRedeemCode,
  mayChangeDelivery,
  mayRefundGift,
  MESSAGE_MAX,
  type GiftFacts,
} from "./gifts.ts";

const today = "2026-12-01";
const typed = {
  recipientEmail: " Maya@Example.com ",
  message: "  For you and the bump.  ",
  deliverOn: today,
};

describe("checkGift", () => {
  it("reads an address normalised, a message trimmed and a day from today on", () => {
    expect(checkGift(typed, today, "giver@example.com")).toEqual({
      ok: true,
      gift: { recipientEmail: "maya@example.com", message: "For you and the bump.", deliverOn: today },
    });
    expect(checkGift({ ...typed, deliverOn: "2027-01-15" }, today).ok).toBe(true);
  });

  it("gives each field that can't be used its own message", () => {
    expect(checkGift({ recipientEmail: "maya", message: " ", deliverOn: "2026-11-30" }, today)).toEqual({
      ok: false,
      errors: {
        recipientEmail: giftMessages.recipientEmail,
        message: giftMessages.messageMissing,
        deliverOn: giftMessages.deliverOn,
      },
    });
    expect(checkGift({ ...typed, message: "x".repeat(MESSAGE_MAX + 1) }, today)).toEqual({
      ok: false,
      errors: { message: giftMessages.messageTooLong },
    });
    for (const hostile of ["Sam\u202Egnp.exe", "Sam\u0000\u0007"]) {
      expect(checkGift({ ...typed, message: hostile }, today)).toEqual({
        ok: false,
        errors: { message: giftMessages.messageNotPlain },
      });
    }
    expect(checkGift({ ...typed, message: "Line one\nLine two" }, today).ok).toBe(true);
    expect(checkGift({ ...typed, deliverOn: "2028-01-01" }, today)).toEqual({
      ok: false,
      errors: { deliverOn: giftMessages.tooFar },
    });
    expect(checkGift({ ...typed, deliverOn: "1 December" }, today).ok).toBe(false);
    expect(checkGift({}, today).ok).toBe(false);
  });

  it("refuses the giver's own address", () => {
    expect(checkGift(typed, today, "MAYA@example.com")).toEqual({
      ok: false,
      errors: { recipientEmail: giftMessages.ownAddress },
    });
  });
});

describe("deliveryInstant", () => {
  const now = new Date("2026-12-01T15:30:00Z");
  it("is now for today, and nine in the morning of a later day in her time zone", () => {
    expect(deliveryInstant("2026-12-01", "Europe/Dublin", now)).toEqual(now);
    expect(deliveryInstant("2026-12-05", "Europe/Dublin", now).toISOString()).toBe(
      "2026-12-05T09:00:00.000Z",
    );
    expect(deliveryInstant("2026-12-05", "Europe/Berlin", now).toISOString()).toBe(
      "2026-12-05T08:00:00.000Z",
    );
    // Already the 2nd in Auckland: the 2nd is her today.
    expect(deliveryInstant("2026-12-02", "Pacific/Auckland", now)).toEqual(now);
  });
});

describe("a gift's state and what its giver may do", () => {
  const paidAt = new Date("2026-12-01T10:00:00Z");
  const paid: GiftFacts = {
    purchaseStatus: "succeeded",
    paidAt,
    deliveredAt: null,
    redeemedAt: null,
    alreadyHadAt: null,
  };
  const soon = new Date("2026-12-10T10:00:00Z");
  const late = new Date("2026-12-31T10:00:01Z");

  it("may be changed only until it is delivered", () => {
    expect(giftState(paid)).toBe("scheduled");
    expect(mayChangeDelivery(paid)).toBe(true);
    const delivered = { ...paid, deliveredAt: soon };
    expect(giftState(delivered)).toBe("delivered");
    expect(mayChangeDelivery(delivered)).toBe(false);
    expect(mayChangeDelivery({ ...paid, purchaseStatus: "refunded" })).toBe(false);
  });

  it("may be refunded by its giver while never redeemed, within 30 days of paying", () => {
    expect(mayRefundGift(paid, soon)).toBe(true);
    expect(mayRefundGift({ ...paid, deliveredAt: soon }, soon)).toBe(true);
    expect(mayRefundGift(paid, late)).toBe(false);
    expect(mayRefundGift({ ...paid, deliveredAt: soon, redeemedAt: soon }, soon)).toBe(false);
    expect(giftState({ ...paid, deliveredAt: soon, redeemedAt: soon })).toBe("redeemed");
    expect(mayRefundGift({ ...paid, purchaseStatus: "refunded" }, soon)).toBe(false);
    expect(giftState({ ...paid, purchaseStatus: "refunded" })).toBe("refunded");
  });

  it("may be refunded whenever its recipient had the course already", () => {
    const alreadyHad = { ...paid, deliveredAt: soon, alreadyHadAt: soon };
    expect(giftState(alreadyHad)).toBe("already-had");
    expect(mayRefundGift(alreadyHad, late)).toBe(true);
  });
});

describe("looksLikeRedeemCode", () => {
  it("takes 43 base64url characters only", () => {
    expect(looksLikeRedeemCode("a".repeat(43))).toBe(true);
    expect(looksLikeRedeemCode("a".repeat(42))).toBe(false);
    expect(looksLikeRedeemCode(`${"a".repeat(42)}/`)).toBe(false);
  });
});
