import { describe, expect, it } from "vitest";
import { safeRedirectPath, signInPrompt, socialErrorMessage, socialMessages } from "./providers.ts";

describe("social sign-in messages", () => {
  it("reads a disabled provider as not available", () => {
    expect(socialErrorMessage("google", "Provider not found")).toBe(
      "Google login is not available at the moment. Please try another sign-in method.",
    );
    expect(socialErrorMessage("facebook", "validation_failed: bad client")).toBe(
      "Facebook login is not available at the moment. Please try another sign-in method.",
    );
    expect(socialErrorMessage("apple", "provider is not enabled")).toBe(
      "Apple login is not available at the moment. Please try another sign-in method.",
    );
  });

  it("shows any other error's own message, or a fallback", () => {
    expect(socialErrorMessage("google", "State mismatch")).toBe("State mismatch");
    expect(socialErrorMessage("google", undefined)).toBe("Failed to sign in with Google");
  });

  it("has the catch-path and redirect texts word for word", () => {
    expect(socialMessages.unavailable("apple")).toBe(
      "Apple login is currently unavailable. Please use another sign-in method.",
    );
    expect(socialMessages.redirecting("facebook")).toBe("Redirecting to Facebook...");
  });
});

describe("signInPrompt", () => {
  it.each([
    ["/portal", "Please sign in to access your dashboard"],
    ["/portal/library", "Please sign in to access your library"],
    ["/portal/program", "Please sign in to access your program"],
    ["/portal/profile", "Please sign in to access your profile"],
    ["/portal/resources", "Please sign in to access resources"],
    ["/portal/podcast", "Please sign in to access your dashboard"],
  ])("%s → %s", (path, prompt) => {
    expect(signInPrompt(path)).toBe(prompt);
  });
});

describe("safeRedirectPath", () => {
  it.each([
    ["/portal/library", "/portal/library"],
    ["/auth?tier=premium", "/auth?tier=premium"],
    ["//evil.example", "/portal"],
    ["https:evil.example", "/portal"],
    ["https://app.evil.example", "/portal"],
    ["/\\evil.example", "/portal"],
    ["javascript:alert(1)", "/portal"],
    ["/ok\nSet-Cookie: x", "/portal"],
    [undefined, "/portal"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});
