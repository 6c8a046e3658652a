import { describe, expect, it } from "vitest";
import { requireFreshStudioCheck, requireRecentStudioCheck } from "./recent-check.server.ts";

const now = new Date("2026-11-26T12:00:00Z");
const minutesAgo = (m: number) => ({ checkedAt: new Date(now.getTime() - m * 60_000) });

/** What requireRecentStudioCheck threw, or null when it let her through. */
function thrown(run: () => void): Response | null {
  try {
    run();
    return null;
  } catch (answer) {
    if (answer instanceof Response) return answer;
    throw answer;
  }
}

describe("requireRecentStudioCheck", () => {
  it.each([
    ["a check a minute ago", minutesAgo(1)],
    ["a check ten minutes ago", minutesAgo(10)],
  ])("lets her through after %s", (_, owner) => {
    expect(thrown(() => requireRecentStudioCheck(owner, now, "/studio/purchases"))).toBeNull();
  });

  it.each([
    ["no check in this session", { checkedAt: null }],
    ["a check eleven minutes ago", minutesAgo(11)],
    ["a check dated in the future", minutesAgo(-1)],
  ])("sends a page to the check, and back to where she was, after %s", (_, owner) => {
    const answer = thrown(() =>
      requireRecentStudioCheck(owner, now, "/studio/members?q=ana%40example.com&tier=free"),
    );
    expect(answer?.status).toBe(302);
    expect(answer?.headers.get("Location")).toBe(
      "/studio/check?again=1&next=%2Fstudio%2Fmembers%3Fq%3Dana%2540example.com%26tier%3Dfree",
    );
  });

  it("tells the passkey button's script where the check is, in JSON", async () => {
    const answer = thrown(() => requireRecentStudioCheck(minutesAgo(11), now, "/studio/security", "script"));
    expect(answer?.status).toBe(403);
    expect(await answer?.json()).toEqual({
      error: "Enter your authenticator's code again first.",
      check: "/studio/check?again=1&next=%2Fstudio%2Fsecurity",
    });
  });
});

describe("requireFreshStudioCheck", () => {
  it("lets her change her second factor only with it given just now", () => {
    expect(thrown(() => requireFreshStudioCheck(minutesAgo(1), now, "/studio/security"))).toBeNull();
    expect(thrown(() => requireFreshStudioCheck(minutesAgo(2), now, "/studio/security"))).toBeNull();
  });

  it.each([
    ["no check in this session", { checkedAt: null }],
    ["a check three minutes ago, recent enough for a refund", minutesAgo(3)],
    ["a check dated in the future", minutesAgo(-1)],
  ])("sends her to the check and back after %s", (_, owner) => {
    const answer = thrown(() => requireFreshStudioCheck(owner, now, "/studio/security"));
    expect(answer?.status).toBe(302);
    expect(answer?.headers.get("Location")).toBe("/studio/check?again=1&next=%2Fstudio%2Fsecurity");
  });
});
