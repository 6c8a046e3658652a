import { describe, expect, it } from "vitest";
import { ANONYMOUS, canPlayTrack, guideAccess, guideRedirect } from "./access.ts";
import { GUIDES } from "./guides.ts";
import { findTrack, TRACKS, tracksIn } from "./tracks.ts";

const free = { signedIn: true, hasPremium: false };
const premium = { signedIn: true, hasPremium: true };
const partner = { signedIn: true, hasPremium: false, partnerPremium: true, isPartner: true };

describe("the catalogue", () => {
  it("has the spec's nine tracks in order: two foundation, seven preparation; the partner sessions after", () => {
    expect(TRACKS.map((t) => t.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(tracksIn("foundation").map((t) => t.title)).toEqual(["Affirmations One", "Affirmations Two"]);
    expect(tracksIn("preparation").map((t) => t.title)).toEqual([
      "Pregnancy Relaxation and Wellbeing",
      "Prepare for Birth",
      "Fear Release",
      "Breathing & Bonding",
      "Practice Contractions",
      "Positive Caesarean Birth",
      "Adjusting to Parenthood",
    ]);
    expect(tracksIn("partner").map((t) => [t.order, t.title])).toEqual([
      [10, "Holding the Space"],
      [11, "Your Calm Voice"],
      [12, "Through the Waves"],
    ]);
    expect(TRACKS.some((t) => t.courseTier === "partner")).toBe(false);
    expect(findTrack("affirmations-purpose")?.audioFile).toBe("affirmations-purpose.mp3");
  });

  it("has six guides, three of them free", () => {
    expect(GUIDES).toHaveLength(6);
    expect(GUIDES.filter((g) => g.isFree).map((g) => g.id)).toEqual([
      "introduction-to-hypnobirthing",
      "hospital-bag-checklist",
      "birth-affirmations-and-scripts",
    ]);
  });
});

describe("canPlayTrack", () => {
  const foundation = findTrack("affirmations-2")!;
  const preparation = findTrack("fear-release")!;
  const partnerSession = findTrack("partner-holding-the-space")!;
  const toShare = findTrack("breathing-bonding")!;
  const partnerOfPremium = { signedIn: true, hasPremium: false, partnerPremium: true };
  const partnerOfFree = { signedIn: true, hasPremium: false, partnerPremium: false };
  const owner = { signedIn: true, hasPremium: false, isOwner: true };
  it.each([
    ["a visitor", ANONYMOUS, foundation, false],
    ["a visitor", ANONYMOUS, preparation, false],
    ["a visitor", ANONYMOUS, partnerSession, false],
    ["a free member", free, foundation, true],
    ["a free member", free, preparation, false],
    ["a free member", free, partnerSession, false],
    ["a premium member", premium, foundation, true],
    ["a premium member", premium, preparation, true],
    ["a premium member", premium, partnerSession, true],
    // Her premium reaches her partner for what it shares with them: no second purchase, and no more.
    ["a premium member's partner", partnerOfPremium, partnerSession, true],
    ["a premium member's partner", partnerOfPremium, toShare, true],
    ["a premium member's partner", partnerOfPremium, foundation, true],
    ["a premium member's partner", partnerOfPremium, preparation, false],
    ["a free member's partner", partnerOfFree, partnerSession, false],
    ["a free member's partner", partnerOfFree, toShare, false],
    ["a free member", free, toShare, false],
    // The owner checks any recording (and its captions) against what she wrote, without buying her own course.
    ["the owner", owner, preparation, true],
    ["the owner", owner, partnerSession, true],
  ])("%s may play %s: %s", (_who, viewer, track, allowed) => {
    expect(canPlayTrack(viewer, track)).toBe(allowed);
  });
});

describe("guideAccess", () => {
  const freeGuide = GUIDES.find((g) => g.isFree)!;
  const premiumGuide = GUIDES.find((g) => !g.isFree)!;
  it.each([
    [ANONYMOUS, freeGuide, "sign-up"],
    [ANONYMOUS, premiumGuide, "sign-up"],
    [free, freeGuide, "download"],
    [free, premiumGuide, "upgrade"],
    [premium, premiumGuide, "download"],
    [partner, freeGuide, "download"],
    [partner, premiumGuide, "hers"],
  ] as const)("%o and %s → %s", (viewer, guide, access) => {
    expect(guideAccess(viewer, guide)).toBe(access);
  });

  it("sends visitors to sign up and free members to upgrade", () => {
    expect(guideRedirect("sign-up")).toBe("/auth?tier=free");
    expect(guideRedirect("upgrade")).toBe("/auth?tier=premium");
    expect(guideRedirect("hers")).toBe("/portal");
  });
});
