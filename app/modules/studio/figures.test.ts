import { describe, expect, it } from "vitest";
import {
  courseAccess,
  figureCards,
  hasTheCourse,
  hasBegunProgramme,
  isPayment,
  isRefundedPayment,
  isStudioMember,
  moneyBetween,
  moneyOf,
  paymentStands,
  paymentsText,
  shareOf,
  studioWeeks,
  weekWords,
  type PaymentFacts,
} from "./figures.ts";

describe("who the studio counts as a member", () => {
  it.each([
    ["a member", { role: "member", isBirthPartner: false }, true],
    ["the owner", { role: "owner", isBirthPartner: false }, false],
    ["an owner among other roles", { role: "member, owner", isBirthPartner: false }, false],
    ["a birth partner's seat", { role: "member", isBirthPartner: true }, false],
    ["an account with no role written", { role: null, isBirthPartner: false }, true],
  ])("%s: %s", (_, account, member) => {
    expect(isStudioMember(account)).toBe(member);
  });
});

describe("what a member has of the course", () => {
  it.each([
    [{ hasCourse: true, paymentStands: true }, "paid"],
    [{ hasCourse: true, paymentStands: false }, "given"],
    // Paid, and the owner took the course back without a refund: she does not have it.
    [{ hasCourse: false, paymentStands: true }, "free"],
    [{ hasCourse: false, paymentStands: false }, "free"],
  ] as const)("%j is %s", (member, access) => {
    expect(courseAccess(member)).toBe(access);
  });
});

const payment = (fields: Partial<PaymentFacts>): PaymentFacts => ({
  status: "succeeded",
  succeededAt: "2026-11-24T09:00:00.000Z",
  refundedAt: null,
  amountMinor: 2700,
  currency: "EUR",
  ...fields,
});

describe("payments", () => {
  it.each([
    ["went through", payment({}), { is: true, stands: true, refunded: false }],
    [
      "went through, then refunded",
      payment({ status: "refunded", refundedAt: "2026-11-25T09:00:00.000Z" }),
      { is: true, stands: false, refunded: true },
    ],
    [
      "a second payment, refunded",
      payment({ status: "refunded", succeededAt: null, refundedAt: "2026-11-24T10:00:00.000Z" }),
      { is: false, stands: false, refunded: false },
    ],
    [
      "a second payment, refund owed",
      payment({ status: "duplicate", succeededAt: null }),
      { is: false, stands: false, refunded: false },
    ],
    [
      "pending",
      payment({ status: "pending", succeededAt: null }),
      { is: false, stands: false, refunded: false },
    ],
    [
      "declined",
      payment({ status: "failed", succeededAt: null }),
      { is: false, stands: false, refunded: false },
    ],
  ])("%s", (_, purchase, expected) => {
    expect({
      is: isPayment(purchase),
      stands: paymentStands(purchase),
      refunded: isRefundedPayment(purchase),
    }).toEqual(expected);
  });

  it.each([
    [{ payments: 3, refunded: 1 }, "3 payments · 1 refunded"],
    [{ payments: 1, refunded: 0 }, "1 payment"],
    [{ payments: 0, refunded: 0 }, "0 payments"],
    [{ payments: 1204, refunded: 12 }, "1,204 payments · 12 refunded"],
  ])("says %j as %j", (counts, text) => {
    expect(paymentsText(counts)).toBe(text);
  });
});

describe("beginning the programme", () => {
  const days = (ticked: string[]) =>
    ["2026-11-24", "2026-11-25", "2026-11-26"].map((date) => ({ date, completed: ticked.includes(date) }));

  it.each([
    ["a day ticked today", days(["2026-11-25"]), "2026-11-25", true],
    ["a day ticked before", days(["2026-11-24"]), "2026-11-25", true],
    // Her first day has come, but she has done none of it: not begun.
    ["nothing ticked, the first day past", days([]), "2026-11-26", false],
    // Ticked on her today in Auckland; in London it is still the day before: it has not come there.
    ["a tick dated after her today", days(["2026-11-26"]), "2026-11-25", false],
    ["no programme", [], "2026-11-25", false],
  ])("%s", (_, schedule, today, begun) => {
    expect(hasBegunProgramme(schedule, today)).toBe(begun);
  });
});

describe("weeks", () => {
  const monday = (now: string, zone = "UTC") => studioWeeks(new Date(now), zone, 1)[0]!.week;

  it.each([
    ["a Monday at midnight", "2026-11-23T00:00:00.000Z", "2026-11-23"],
    ["a Wednesday", "2026-11-25T10:00:00Z", "2026-11-23"],
    ["a Sunday's last minute", "2026-11-29T23:59:59.999Z", "2026-11-23"],
    ["the Monday after", "2026-11-30T00:00:00Z", "2026-11-30"],
    ["a week across the new year", "2027-01-01T12:00:00Z", "2026-12-28"],
    ["a Sunday evening in New York, Monday in UTC", "2026-11-22T20:30:00-05:00", "2026-11-23"],
  ])("in UTC, %s is in the week of %s", (_, at, week) => {
    expect(monday(at)).toBe(week);
  });

  it("counts weeks on the owner's clock when she has one", () => {
    // Sunday 20:30 in New York is Monday in UTC: still the week before there.
    expect(monday("2026-11-22T20:30:00-05:00", "America/New_York")).toBe("2026-11-16");
    // Monday 08:00 in Auckland is Sunday evening in UTC.
    expect(monday("2026-11-22T19:00:00Z", "Pacific/Auckland")).toBe("2026-11-23");
    // An unknown zone is UTC's.
    expect(monday("2026-11-22T20:30:00-05:00", "Mars/Olympus")).toBe("2026-11-23");
  });

  it("gives the last weeks oldest first, each from its Monday's midnight to the next", () => {
    const weeks = studioWeeks(new Date("2026-11-25T10:00:00Z"), "UTC", 12);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({
      week: "2026-09-07",
      from: "2026-09-07T00:00:00.000Z",
      to: "2026-09-14T00:00:00.000Z",
    });
    expect(weeks[11]!.week).toBe("2026-11-23");
    expect(weeks.every((week, index) => index === 0 || weeks[index - 1]!.to === week.from)).toBe(true);
  });

  it("starts a week at the owner's midnight, across a change of clocks", () => {
    const [last, current] = studioWeeks(new Date("2026-03-31T12:00:00Z"), "Europe/London", 2);
    // The week of 23 March is on Greenwich time; the clocks went forward on Sunday 29 March.
    expect(last).toEqual({
      week: "2026-03-23",
      from: "2026-03-23T00:00:00.000Z",
      to: "2026-03-29T23:00:00.000Z",
    });
    expect(current!.from).toBe("2026-03-29T23:00:00.000Z");
  });

  it("says which clock the weeks are on", () => {
    expect(weekWords("UTC")).toBe("Weeks run Monday to Sunday, in UTC.");
    expect(weekWords("Europe/Dublin")).toBe("Weeks run Monday to Sunday, on Dublin time.");
    expect(weekWords("America/New_York")).toBe("Weeks run Monday to Sunday, on New York time.");
    expect(weekWords("nowhere")).toBe("Weeks run Monday to Sunday, in UTC.");
  });
});

describe("money", () => {
  const purchases = [
    payment({ succeededAt: "2026-11-16T10:00:00.000Z" }), // last week
    payment({
      status: "refunded",
      succeededAt: "2026-11-17T10:00:00.000Z",
      refundedAt: "2026-11-24T10:00:00.000Z", // paid last week, refunded this week
    }),
    payment({ succeededAt: "2026-11-24T09:00:00.000Z" }), // this week
    payment({ succeededAt: "2026-11-25T09:00:00.000Z", amountMinor: 2750 }),
    payment({ status: "duplicate", succeededAt: null }), // a second payment: not money of the course
    payment({ succeededAt: "2026-11-24T09:00:00.000Z", currency: "GBP", amountMinor: 2300 }),
  ];
  const lastWeek = { from: "2026-11-16T00:00:00.000Z", to: "2026-11-23T00:00:00.000Z" };
  const thisWeek = { from: "2026-11-23T00:00:00.000Z", to: "2026-11-30T00:00:00.000Z" };

  it("counts paid in when a payment went through and refunded when it was refunded", () => {
    // Every currency paid in ever has its line, at nothing in a week without it.
    expect(moneyBetween(purchases, lastWeek)).toEqual([
      { currency: "EUR", paidIn: 5400, refunded: 0, kept: 5400 },
      { currency: "GBP", paidIn: 0, refunded: 0, kept: 0 },
    ]);
    expect(moneyBetween(purchases, thisWeek)).toEqual([
      { currency: "EUR", paidIn: 5450, refunded: 2700, kept: 2750 },
      { currency: "GBP", paidIn: 2300, refunded: 0, kept: 2300 },
    ]);
    expect(moneyBetween(purchases)).toEqual([
      { currency: "EUR", paidIn: 10850, refunded: 2700, kept: 8150 },
      { currency: "GBP", paidIn: 2300, refunded: 0, kept: 2300 },
    ]);
  });

  it("keeps less than nothing in a week of refunds alone", () => {
    const refundOnly = moneyBetween(purchases, {
      from: "2026-11-24T10:00:00.000Z",
      to: "2026-11-24T11:00:00.000Z",
    });
    expect(refundOnly[0]).toEqual({ currency: "EUR", paidIn: 0, refunded: 2700, kept: -2700 });
  });

  it("adds whole cents only", () => {
    expect(
      moneyOf([
        { currency: "EUR", paidIn: 2700, refunded: 0 },
        { currency: "EUR", paidIn: 2700, refunded: 2700 },
      ]),
    ).toEqual([{ currency: "EUR", paidIn: 5400, refunded: 2700, kept: 2700 }]);
    expect(() => moneyOf([{ currency: "EUR", paidIn: 27.5, refunded: 0 }])).toThrow(RangeError);
  });
});

describe("a share, said with what it is of", () => {
  it.each([
    [3, 7, "members", "43% of members"],
    [3, 7, "members who began the programme", "43% of members who began the programme"],
    [0, 0, "members", "no members yet"],
  ])("%d of %d %s", (part, whole, of, text) => {
    expect(shareOf(part, whole, of)).toBe(text);
  });
});

describe("the figures' cards", () => {
  const cards = figureCards({
    members: { all: 7, paid: 2, given: 1, free: 4, began: 3, joinedThisWeek: 2, joinedLastWeek: 5 },
    payments: { count: 3, refunded: 1 },
    thisWeek: { week: "2026-11-23" },
  });

  it("labels each figure once, and says of what each share is", () => {
    expect(Object.values(cards).map((card) => [card.label, card.value, card.note])).toEqual([
      ["Members", "7", "Not you or other studio owners, and not birth partners"],
      ["Paid for the course", "2", "29% of members; their payment stands"],
      ["Given the course", "1", "14% of members, with no payment"],
      ["Have the course", "3", "43% of members: 2 paid, 1 given"],
      // 43% again, but of members, and said so: a different figure with its own label.
      ["Began the programme", "3", "43% of members: a day of their 14 done"],
      ["Joined this week", "2", "Since Monday; 5 last week"],
      ["Payments", "3", "3 payments · 1 refunded"],
    ]);
    const labels = Object.values(cards).map((card) => card.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("links each count of members to the list that shows them", () => {
    expect(cards.paid.href).toBe("/studio/members?tier=paid");
    expect(cards.began.href).toBe("/studio/members?programme=begun");
    expect(cards.joinedThisWeek.href).toBe("/studio/members?joinedFrom=2026-11-23");
    expect(cards.payments.href).toBe("/studio/purchases");
  });

  it("says when there are no members yet, and when no payment was refunded", () => {
    const empty = figureCards({
      members: { all: 0, paid: 0, given: 0, free: 0, began: 0, joinedThisWeek: 0, joinedLastWeek: 0 },
      payments: { count: 0, refunded: 0 },
      thisWeek: { week: "2026-11-23" },
    });
    expect([empty.paid.note, empty.began.note, empty.payments.note]).toEqual([
      "No members yet",
      "No members yet",
      "None refunded",
    ]);
  });
});

describe("having the course", () => {
  it.each([
    [{ tier: "premium", courseAccess: false }, true],
    [{ tier: "free", courseAccess: true }, true],
    [{ tier: "free", courseAccess: false }, false],
    // No access row: the free tier.
    [{ tier: null, courseAccess: false }, false],
  ])("%j: %s", (access, has) => {
    expect(hasTheCourse(access)).toBe(has);
  });
});
