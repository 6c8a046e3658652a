import { describe, expect, it } from "vitest";
import {
  refundBackPath,
  refundDoneMessage,
  refundedText,
  refundFormProblem,
  refundPath,
  refundPurchaseIdOf,
  refundQuestion,
  refundRecipient,
  refundStateOf,
} from "./refunds.ts";

const now = new Date("2026-12-05T12:00:00Z");
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
const paid = { status: "succeeded" as const, refundedAt: null, refundReason: null, refundStartedAt: null };

describe("a purchase's refund as the studio shows it", () => {
  it.each([
    ["paid", paid, { kind: "refundable" }],
    [
      "paid, its refund with the provider a minute ago",
      { ...paid, refundStartedAt: minutesAgo(1) },
      { kind: "under-way" },
    ],
    // A server that stopped half-way: after two minutes another request may take it up.
    [
      "paid, its refund left three minutes ago",
      { ...paid, refundStartedAt: minutesAgo(3) },
      { kind: "refundable" },
    ],
    [
      "refunded by the owner",
      {
        ...paid,
        status: "refunded" as const,
        refundedAt: "2026-12-03T09:30:00.000Z",
        refundReason: "mistake",
      },
      { kind: "refunded", at: "2026-12-03T09:30:00.000Z", reason: "Paid by mistake" },
    ],
    [
      "refunded in the provider's dashboard",
      { ...paid, status: "refunded" as const, refundedAt: "2026-12-03T09:30:00.000Z" },
      { kind: "refunded", at: "2026-12-03T09:30:00.000Z", reason: null },
    ],
    ["a second payment", { ...paid, status: "duplicate" as const }, { kind: "none" }],
    ["pending", { ...paid, status: "pending" as const }, { kind: "none" }],
  ])("%s", (_, purchase, state) => {
    expect(refundStateOf(purchase, now)).toEqual(state);
  });

  it("says a refund in one line: when, then why when the owner said", () => {
    const day = (at: string) => `day of ${at}`;
    expect(
      refundedText({ kind: "refunded", at: "2026-12-03T09:30:00.000Z", reason: "Paid by mistake" }, day),
    ).toBe("Refunded day of 2026-12-03T09:30:00.000Z · Paid by mistake");
    expect(refundedText({ kind: "refunded", at: null, reason: null }, day)).toBe("Refunded");
  });
});

describe("the refund's confirmation", () => {
  it("is one page for every place, which goes back where it was opened, and a studio path only", () => {
    const path = refundPath("9ea962b7-31c4", "/studio/members/m-1");
    expect(path).toBe("/studio/purchases/9ea962b7-31c4/refund?back=%2Fstudio%2Fmembers%2Fm-1");
    expect(refundPurchaseIdOf(path)).toBe("9ea962b7-31c4");
    expect(refundPurchaseIdOf("/studio/purchases/9ea962b7-31c4/refund")).toBe("9ea962b7-31c4");
    expect(refundPurchaseIdOf("/studio/purchases")).toBeNull();
    expect(refundPurchaseIdOf("/studio/purchases/x/refunded")).toBeNull();
    expect(refundBackPath("/studio/inbox/t-1")).toBe("/studio/inbox/t-1");
    expect(refundBackPath(null)).toBe("/studio/purchases");
    expect(refundBackPath("https://evil.example/studio")).toBe("/studio");
    expect(refundBackPath("//evil.example")).toBe("/studio");
  });

  it("names her and the amount, by her name, else her address", () => {
    expect(refundQuestion("€27", refundRecipient({ name: "Aoife Murphy", email: "aoife@example.com" }))).toBe(
      "Refund €27 to Aoife Murphy?",
    );
    expect(refundRecipient({ name: "  ", email: "aoife@example.com" })).toBe("aoife@example.com");
    expect(refundRecipient(null)).toBe("a deleted account");
    expect(refundRecipient({ name: "A".repeat(80), email: null })).toHaveLength(60);
  });

  it("needs her words for another reason, unless the account is gone with nowhere to keep them", () => {
    expect(refundFormProblem({ reason: "other", note: "" }, true)).toMatch(/^You chose "Another reason"/);
    expect(refundFormProblem({ reason: "other", note: "ok" }, true)).not.toBeNull();
    expect(refundFormProblem({ reason: "other", note: "Asked by phone" }, true)).toBeNull();
    expect(refundFormProblem({ reason: "mistake", note: "" }, true)).toBeNull();
    expect(refundFormProblem({ reason: "other", note: "" }, false)).toBeNull();
  });

  it("says what happened on the page she goes back to", () => {
    const refund = { amount: "€27", who: "Aoife Murphy" };
    expect(refundDoneMessage({ ...refund, courseEnded: true, emailed: true })).toBe(
      "Refunded €27 to Aoife Murphy. Her premium has ended, and she has an email to say so.",
    );
    expect(refundDoneMessage({ ...refund, courseEnded: false, emailed: true })).toBe(
      "Refunded €27 to Aoife Murphy. She has an email to say so.",
    );
    expect(
      refundDoneMessage({ ...refund, who: "a deleted account", courseEnded: false, emailed: false }),
    ).toBe("Refunded €27 to a deleted account.");
  });
});
