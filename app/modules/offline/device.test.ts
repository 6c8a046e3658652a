import { describe, expect, it } from "vitest";
import { deviceAfter, deviceKey, othersEntries } from "./device.ts";

const RUTH = "Ru0000000000000000000a";
const ADA = "Ad0000000000000000000a";

describe("when the server clears the device", () => {
  it("leaves the device of the member it answers for as it is", () => {
    expect(deviceAfter({ holder: RUTH, member: RUTH, event: null })).toEqual({ clear: false });
    // Signing in again as herself (after her session expired, say) keeps what she hadn't saved yet.
    expect(deviceAfter({ holder: RUTH, member: RUTH, event: "started" })).toEqual({ clear: false });
  });

  it("clears it for another member's session, and holds hers from then on", () => {
    expect(deviceAfter({ holder: RUTH, member: ADA, event: "started" })).toEqual({
      clear: true,
      holder: ADA,
    });
    expect(deviceAfter({ holder: RUTH, member: ADA, event: null })).toEqual({ clear: true, holder: ADA });
    // A session started on a device that says nothing of whose things it holds.
    expect(deviceAfter({ holder: null, member: ADA, event: "started" })).toEqual({
      clear: true,
      holder: ADA,
    });
  });

  it("clears it when her session ends, however it ended", () => {
    // Signing out, deleting the account.
    expect(deviceAfter({ holder: RUTH, member: null, event: "ended" })).toEqual({
      clear: true,
      holder: null,
    });
    expect(deviceAfter({ holder: null, member: null, event: "ended" })).toEqual({ clear: true });
    // Signed out on another device, deleted in the studio, expired (her cookie names no session, or the
    // browser dropped it): the device still says whose it was, and is cleared once.
    expect(deviceAfter({ holder: RUTH, member: null, event: null })).toEqual({ clear: true, holder: null });
    expect(deviceAfter({ holder: null, member: null, event: null })).toEqual({ clear: false });
  });

  it("only marks a signed-in member's device that holds no one's things yet", () => {
    expect(deviceAfter({ holder: null, member: RUTH, event: null })).toEqual({ clear: false, holder: RUTH });
  });
});

describe("what the page keeps for a member", () => {
  it("names each entry by her member key", () => {
    expect(deviceKey(RUTH, "labour", "v1")).toBe(`tidewell:${RUTH}:labour:v1`);
    expect(deviceKey(RUTH, "position", "fear-release")).toBe(`tidewell:${RUTH}:position:fear-release`);
    expect(deviceKey(RUTH, "captions")).toBe(`tidewell:${RUTH}:captions`);
  });

  it("finds every entry of ours that is not hers, older names and anyone else's", () => {
    const names = [
      deviceKey(RUTH, "labour", "v1"),
      deviceKey(RUTH, "birth-plan-draft"),
      deviceKey(ADA, "position", "fear-release"),
      deviceKey(ADA, "captions"),
      // Names from before entries carried a member key (the labour one named her account's id).
      "tidewell:labour:v1:5tcR29PZY8IJie4bLiOOnm4o0bRhzM6E",
      "tidewell:position:affirmations-purpose",
      "tidewell:captions",
      "tidewell-birth-plan-draft:5tcR29PZY8IJie4bLiOOnm4o0bRhzM6E",
      // Not ours.
      "theme",
      "tidewellness",
    ];
    expect(othersEntries(names, RUTH)).toEqual(names.slice(2, 8));
    expect(othersEntries(names, null)).toEqual(names.slice(0, 8));
  });
});
