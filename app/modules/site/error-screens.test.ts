import { describe, expect, it } from "vitest";
import { describeError } from "./error-screens.ts";

describe("describeError", () => {
  it.each([
    [404, "Page Not Found", false, true],
    [401, "Unauthorized", true, false],
    [403, "Access Denied", false, false],
    [429, "Error 429", false, false],
    [500, "Server Error", false, false],
    [418, "Error 418", false, false],
    [503, "Error 503", false, false],
    [null, "Oops! Something went wrong", false, false],
  ] as const)("status %s is titled %s", (status, title, signIn, helpfulLinks) => {
    const screen = describeError(status);
    expect(screen.title).toBe(title);
    expect(screen.offerSignIn).toBe(signIn);
    expect(screen.offerHelpfulLinks).toBe(helpfulLinks);
    expect(screen.message.length).toBeGreaterThan(10);
  });

  it("tells someone over a limit to wait, not that something went wrong", () => {
    expect(describeError(429).message).toBe("Too many attempts. Please wait a few minutes and try again.");
  });
});
