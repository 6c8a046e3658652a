import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../../tests/support/test-databases.ts";
import {
  addressKey,
  clientNetwork,
  hitLimit,
  peekLimit,
  pruneLimits,
  tooManyAttemptsMessage,
} from "./rate-limit.server.ts";

describe.each(testDialects)("hitLimit on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("allows the limit, refuses the next hit, and allows again once the window has passed", async () => {
    const rule = { limit: 3, windowSeconds: 60 };
    const t0 = 1_800_000_000_000;
    for (const offset of [0, 1000, 2000]) {
      expect((await hitLimit(database.db, "sign-in:a@example.com", rule, t0 + offset)).allowed).toBe(true);
    }
    const refused = await hitLimit(database.db, "sign-in:a@example.com", rule, t0 + 3000);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 57 });
    expect((await hitLimit(database.db, "sign-in:a@example.com", rule, t0 + 60_000)).allowed).toBe(true);
  });

  it("keeps separate counts for separate keys", async () => {
    const rule = { limit: 1, windowSeconds: 60 };
    expect((await hitLimit(database.db, "k:one", rule)).allowed).toBe(true);
    expect((await hitLimit(database.db, "k:two", rule)).allowed).toBe(true);
    expect((await hitLimit(database.db, "k:one", rule)).allowed).toBe(false);
  });

  it("counts concurrent hits exactly", async () => {
    const rule = { limit: 10, windowSeconds: 60 };
    const results = await Promise.all(
      Array.from({ length: 25 }, () => hitLimit(database.db, "k:burst", rule)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("peeks: refuses once the window's hits are used, counting nothing itself", async () => {
    const rule = { limit: 2, windowSeconds: 60 };
    const t0 = 1_800_000_000_000;
    expect(await peekLimit(database.db, "k:peek", rule, t0)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    await hitLimit(database.db, "k:peek", rule, t0);
    expect((await peekLimit(database.db, "k:peek", rule, t0 + 1000)).allowed).toBe(true);
    expect((await peekLimit(database.db, "k:peek", rule, t0 + 1000)).allowed).toBe(true);
    await hitLimit(database.db, "k:peek", rule, t0 + 2000);
    expect(await peekLimit(database.db, "k:peek", rule, t0 + 3000)).toEqual({
      allowed: false,
      retryAfterSeconds: 57,
    });
    expect((await peekLimit(database.db, "k:peek", rule, t0 + 60_000)).allowed).toBe(true);
  });

  it("prunes old windows", async () => {
    await hitLimit(database.db, "k:old", { limit: 5, windowSeconds: 1 }, 1000);
    await pruneLimits(database.db, 60, 1_000_000);
    const left = await database.db.selectFrom("rate_limits").selectAll().where("key", "=", "k:old").execute();
    expect(left).toEqual([]);
  });
});

describe("tooManyAttemptsMessage", () => {
  it.each([
    [30, "Too many attempts. Please wait a minute and try again."],
    [60, "Too many attempts. Please wait a minute and try again."],
    [61, "Too many attempts. Please wait 2 minutes and try again."],
    [900, "Too many attempts. Please wait 15 minutes and try again."],
  ])("%s s reads %s", (seconds, message) => {
    expect(tooManyAttemptsMessage(seconds)).toBe(message);
  });
});

describe("limitKey", () => {
  it("keeps what is counted but never the address itself", async () => {
    const { limitKey } = await import("./rate-limit.server.ts");
    const key = limitKey("contact:ip", "203.0.113.7");
    expect(key.startsWith("contact:ip:")).toBe(true);
    expect(key).not.toContain("203.0.113.7");
    expect(limitKey("auth:email", " Sam@Example.com ")).toBe(limitKey("auth:email", "sam@example.com"));
  });
});

describe("clientNetwork", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["0:0:0:0:0:FFFF:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::7", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff::1", "2001:db8:1:2::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["64:ff9b::203.0.113.7", "64:ff9b:0:0::/64"],
    ["unknown", "unknown"],
  ])("counts %s as %s", (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });

  it("keys one IPv6 subscriber's /64 as one client, and an IPv4-mapped address as the IPv4 one", () => {
    expect(addressKey("sign-up:ip", "2001:db8:5:6::1")).toBe(
      addressKey("sign-up:ip", "2001:db8:5:6:ffff:1:2:3"),
    );
    expect(addressKey("sign-up:ip", "2001:db8:5:6::1")).not.toBe(addressKey("sign-up:ip", "2001:db8:5:7::1"));
    expect(addressKey("sign-up:ip", "::ffff:198.51.100.4")).toBe(addressKey("sign-up:ip", "198.51.100.4"));
  });
});
