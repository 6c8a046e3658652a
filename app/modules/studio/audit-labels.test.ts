import { describe, expect, it } from "vitest";
import { auditDetailText } from "./audit-labels.ts";

describe("an audit entry's detail in the owner's words", () => {
  it("names a refunded payment as her receipt does, how it was paid and what it came to", () => {
    expect(
      auditDetailText(
        {
          purchase: "9ea962b7-31c4-4b8e-9d7e-0c5d2a7f1e33",
          amountMinor: 2700,
          currency: "EUR",
          provider: "stripe",
        },
        "Asked by email",
      ),
    ).toBe("payment reference 9EA962B7 · by card · €27 · reason: Asked by email");
    expect(auditDetailText({ provider: "paypal", amountMinor: 2750, currency: "EUR" }, null)).toBe(
      "by PayPal · €27.50",
    );
  });

  it("gives a refund's reason as she chose it, then what she added in her own words", () => {
    const refund = { purchase: "9ea962b7-31c4", amountMinor: 2700, currency: "EUR", provider: "stripe" };
    expect(auditDetailText({ ...refund, because: "mistake" }, null)).toBe(
      "payment reference 9EA962B7 · by card · €27 · reason: Paid by mistake",
    );
    expect(auditDetailText({ ...refund, because: "other" }, "Her bank charged her twice")).toBe(
      "payment reference 9EA962B7 · by card · €27 · reason: Another reason: Her bank charged her twice",
    );
    // Her note gone with her account, the reason she chose stays.
    expect(auditDetailText({ ...refund, because: "guarantee" }, null)).toContain(
      "reason: Asked within the 30-day guarantee",
    );
  });

  it("says how she got in, what she exported and whose role changed, in words", () => {
    expect(auditDetailText({ method: "backup-code" }, null)).toBe("with a backup code");
    expect(auditDetailText({ count: 1, filters: ["query", "tier", "programme"] }, null)).toBe(
      "1 member · searched by name or email, course, programme begun or not",
    );
    expect(auditDetailText({ count: 12, filters: [] }, null)).toBe("12 members · all members");
    expect(auditDetailText({ from: "member", to: "owner" }, null)).toBe("from member · to owner");
  });

  it("names the studio's time zone by its place, with the zone's own name", () => {
    expect(auditDetailText({ timeZone: "Europe/Dublin" }, null)).toBe("to Dublin time (Europe/Dublin)");
    expect(auditDetailText({ timeZone: "UTC" }, null)).toBe("to UTC");
  });

  it("shows a part it has no words for as it is, so nothing is hidden from her", () => {
    expect(auditDetailText({ somethingNew: "value", list: [] }, null)).toBe(
      "somethingNew: value · list: none",
    );
  });
});
