import { describe, expect, it } from "vitest";
import { offlineMemberKey } from "./member-key.server.ts";

describe("a member's offline key", () => {
  it("is stable for her, different for everyone else and for another secret, and is not her id", () => {
    const secret = "s".repeat(48);
    const key = offlineMemberKey(secret, "user-1");
    expect(offlineMemberKey(secret, "user-1")).toBe(key);
    expect(offlineMemberKey(secret, "user-2")).not.toBe(key);
    expect(offlineMemberKey("t".repeat(48), "user-1")).not.toBe(key);
    expect(key).toMatch(/^[\w-]{22}$/);
    expect(key).not.toContain("user-1");
  });
});
