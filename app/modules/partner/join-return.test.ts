import { describe, expect, it } from "vitest";
import {
  forgetInvitation,
  invitationToReturnTo,
  JOIN_RETURN_COOKIE_PATTERN,
  rememberInvitation,
} from "./join-return.ts";

const TOKEN = "a".repeat(40) + "_-Z";

describe("returning to an invitation after signing in", () => {
  it("remembers a well-formed token for the portal only, for an hour, out of scripts' reach", () => {
    expect(rememberInvitation(TOKEN, true)).toBe(
      `tidewell-partner-invitation=${TOKEN}; Max-Age=3600; Path=/portal; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(rememberInvitation(TOKEN, false)).not.toContain("Secure");
    expect(rememberInvitation("not-a-token; Path=/", true)).toBeNull();
    expect(forgetInvitation(false)).toBe(
      "tidewell-partner-invitation=; Max-Age=0; Path=/portal; HttpOnly; SameSite=Lax",
    );
  });

  it("reads it back from a Cookie header, and nothing else", () => {
    expect(invitationToReturnTo(`theme=calm; tidewell-partner-invitation=${TOKEN}`)).toBe(TOKEN);
    expect(invitationToReturnTo("tidewell-partner-invitation=../../etc")).toBeNull();
    expect(invitationToReturnTo("tidewell-partner-invitation=")).toBeNull();
    expect(invitationToReturnTo(null)).toBeNull();
    expect(JOIN_RETURN_COOKIE_PATTERN.test(`a=b; tidewell-partner-invitation=${TOKEN}`)).toBe(true);
    expect(JOIN_RETURN_COOKIE_PATTERN.test("my-tidewell-partner-invitation=x")).toBe(false);
  });
});
