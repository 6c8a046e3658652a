import { describe, expect, it } from "vitest";
import { emailKindLabel } from "./email-labels.ts";

describe("an email's kind in the owner's words", () => {
  it("names what signs a member in by its kind alone", () => {
    expect(emailKindLabel("sign-in-code")).toBe("Sign-in code");
    expect(emailKindLabel("magic-link")).toBe("Sign-in link");
    expect(emailKindLabel("password-reset")).toBe("Password reset link");
  });

  it("tells her own refund from the automatic refund of a second payment", () => {
    expect(emailKindLabel("refund")).toBe("Your refund of her payment");
    expect(emailKindLabel("duplicate-refund")).toBe("Refund of a second payment");
  });

  it("calls a kind it doesn't know an email, whatever its name", () => {
    expect(emailKindLabel("some-new-kind")).toBe("Email");
    expect(emailKindLabel("toString")).toBe("Email");
  });
});
