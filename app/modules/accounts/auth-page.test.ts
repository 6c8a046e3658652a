import { describe, expect, it } from "vitest";
import { afterConfirmation, describeAuthError } from "./auth-page.ts";

describe("afterConfirmation", () => {
  it("brings a new account back to /auth on its tier, to be welcomed", () => {
    expect(afterConfirmation("free")).toBe("/auth?tier=free&welcome=1");
    expect(afterConfirmation("premium")).toBe("/auth?tier=premium&welcome=1");
  });

  it("keeps the page that sent her to sign up, such as the gift's, to be taken on to", () => {
    expect(afterConfirmation("free", undefined, "/portal/gifts/new")).toBe(
      "/auth?tier=free&welcome=1&next=%2Fportal%2Fgifts%2Fnew",
    );
    expect(afterConfirmation("free", undefined, "/portal")).toBe("/auth?tier=free&welcome=1");
    expect(afterConfirmation("free", "invite-token", "/portal/gifts/new")).toBe("/partner/join/invite-token");
  });
});

describe("describeAuthError", () => {
  it("puts a known code in words", () => {
    expect(describeAuthError("access_denied", null)).toBe(
      "Authentication failed: You cancelled the sign-in.",
    );
    expect(describeAuthError("INVALID_TOKEN", null)).toBe(
      "Authentication failed: This sign-in link has expired or was already used. Please ask for a new one.",
    );
  });

  it("prefers the description that came with the error", () => {
    expect(describeAuthError("access_denied", "The user said no")).toBe(
      "Authentication failed: The user said no",
    );
  });

  it("shows an unknown code as it came, and ignores an empty description", () => {
    expect(describeAuthError("state_mismatch", "")).toBe("Authentication failed: state_mismatch");
    expect(describeAuthError("toString", null)).toBe("Authentication failed: toString");
    expect(describeAuthError("__proto__", null)).toBe("Authentication failed: __proto__");
  });
});
