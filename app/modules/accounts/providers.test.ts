import { describe, expect, it } from "vitest";
import {
  offSiteRedirect,
  safeRedirectPath,
  signInDestination,
  signInPrompt,
  socialErrorMessage,
  socialMessages,
} from "./providers.ts";

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

describe("signInDestination", () => {
  it.each([
    ["/studio", "/studio"],
    ["/studio/members?q=ana%40example.com", "/studio/members?q=ana%40example.com"],
    ["/portal/library", "/portal/library"],
    // The gift she came to redeem, and only a gift's link.
    ["/gift/abcDEF_123-xyz", "/gift/abcDEF_123-xyz"],
    ["/gift/abc/../../auth", "/portal"],
    ["/gift/", "/portal"],
    // Nowhere but the portal, the studio and a gift, and never off the site.
    ["/studio-evil", "/portal"],
    ["/auth?tier=signin", "/portal"],
    ["/api/auth/sign-out", "/portal"],
    ["//evil.example/studio", "/portal"],
    ["https://evil.example/portal", "/portal"],
    ["/\\evil.example", "/portal"],
    ["/studio\nSet-Cookie: x", "/portal"],
    [null, "/portal"],
  ])("%s → %s", (input, expected) => {
    expect(signInDestination(input)).toBe(expected);
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

describe("offSiteRedirect", () => {
  const origin = "https://tidewell.example";

  it("takes paths here and URLs on this origin, in every redirect parameter", () => {
    expect(
      offSiteRedirect(
        {
          callbackURL: "/portal",
          errorCallbackURL: "/auth?mode=magic",
          newUserCallbackURL: "https://tidewell.example/portal",
          redirectTo: "/auth/reset-password",
          token: "//anything: not a redirect",
        },
        origin,
      ),
    ).toBeNull();
    expect(offSiteRedirect(undefined, origin)).toBeNull();
  });

  it.each([
    "https://appleid.apple.com/x",
    "https://accounts.google.com",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https:evil.example",
    "http://tidewell.example",
    "https://tidewell.example@evil.example",
    "https://tidewell.example.evil.example",
    "javascript:alert(1)",
    "/%2F%2Fevil.example",
    "%2F%2Fevil.example",
    "/\t/evil.example",
    "/%",
    "",
  ])("refuses %s in any redirect parameter, whatever its capitals", (target) => {
    for (const name of [
      "callbackURL",
      "errorCallbackURL",
      "newUserCallbackURL",
      "redirectTo",
      "CALLBACKURL",
    ]) {
      expect(offSiteRedirect({ [name]: target }, origin)).toBe(name);
    }
  });

  it("refuses a parameter given twice or as anything but text", () => {
    expect(offSiteRedirect({ callbackURL: ["/portal", "//evil.example"] }, origin)).toBe("callbackURL");
    expect(offSiteRedirect({ redirectTo: 1 }, origin)).toBe("redirectTo");
  });
});
