import { afterEach, describe, expect, it } from "vitest";
import { canPlayTrack } from "./access.ts";
import {
  checkState,
  COURSE_AS_WRITTEN,
  inHerOrder,
  moveSession,
  type SessionSettings,
} from "./session-settings.ts";
import {
  applySessionSettings,
  courseGroups,
  findTrack,
  listedTracks,
  sessionsIn,
  stateOf,
  tracksIn,
} from "./tracks.ts";

const ids = (tracks: readonly { id: string }[]) => tracks.map((track) => track.id);
const preparation = sessionsIn("preparation");
const settings = (
  entries: [string, { state?: "published" | "coming-soon"; position?: number }][],
): SessionSettings =>
  new Map(entries.map(([id, { state = null, position = null }]) => [id, { state, position }]));
const premium = { signedIn: true, hasPremium: true };

afterEach(() => applySessionSettings(COURSE_AS_WRITTEN));

describe("the owner's order of a group", () => {
  it("is the course's own until she moves one, then hers", () => {
    expect(ids(inHerOrder(preparation, COURSE_AS_WRITTEN))).toEqual(ids(preparation));
    const moved = moveSession(preparation, "fear-release", "up");
    expect(moved).toEqual({
      ok: true,
      value: [
        { id: "pregnancy-relaxation", position: 1 },
        { id: "fear-release", position: 2 },
        { id: "prepare-for-birth", position: 3 },
        ...ids(preparation.slice(3)).map((id, index) => ({ id, position: index + 4 })),
      ],
    });
    const hers = settings(moved.ok ? moved.value.map(({ id, position }) => [id, { position }]) : []);
    expect(ids(inHerOrder(preparation, hers)).slice(0, 3)).toEqual([
      "pregnancy-relaxation",
      "fear-release",
      "prepare-for-birth",
    ]);
  });

  it("refuses to move the first up, the last down, or a session not in the group", () => {
    expect(moveSession(preparation, "pregnancy-relaxation", "up")).toEqual({
      ok: false,
      message: "Pregnancy Relaxation and Wellbeing is already first in its course.",
    });
    expect(moveSession(preparation, "adjusting-to-parenthood", "down")).toEqual({
      ok: false,
      message: "Adjusting to Parenthood is already last in its course.",
    });
    expect(moveSession(preparation, "no-such-session", "up").ok).toBe(false);
  });
});

describe("a session's state", () => {
  it("keeps the Foundation Course with one published session at least", () => {
    const foundation = sessionsIn("foundation");
    const oneWithheld = settings([["affirmations-purpose", { state: "coming-soon" }]]);
    expect(checkState(foundation, COURSE_AS_WRITTEN, "affirmations-purpose", "coming-soon").ok).toBe(true);
    expect(checkState(foundation, oneWithheld, "affirmations-2", "coming-soon")).toEqual({
      ok: false,
      message: "The Foundation Course keeps at least one published session: free members practise with it.",
    });
    expect(checkState(preparation, oneWithheld, "fear-release", "coming-soon").ok).toBe(true);
  });
});

describe("the catalogue with her settings applied", () => {
  it("lists a coming-soon session nowhere and plays it for no member, but for her", () => {
    applySessionSettings(
      settings([
        ["fear-release", { state: "coming-soon" }],
        ["adjusting-to-parenthood", { position: 1 }],
        ["pregnancy-relaxation", { position: 7 }],
      ]),
    );
    const fearRelease = findTrack("fear-release")!;
    expect(ids(listedTracks(false))).not.toContain("fear-release");
    expect(ids(tracksIn("preparation"))).toEqual([
      "adjusting-to-parenthood",
      "prepare-for-birth",
      "breathing-bonding",
      "practice-contractions",
      "positive-caesarean",
      "pregnancy-relaxation",
    ]);
    expect(stateOf(fearRelease, false)).toBe("coming-soon");
    expect(canPlayTrack(premium, fearRelease)).toBe(false);
    expect(canPlayTrack({ ...premium, isOwner: true }, fearRelease)).toBe(true);
    // The studio still lists it, in her order.
    expect(ids(sessionsIn("preparation"))).toContain("fear-release");
  });

  it("publishes a partner session she chose before the partner course is launched", () => {
    applySessionSettings(settings([["partner-your-calm-voice", { state: "published" }]]));
    const partner = courseGroups(false).find((group) => group.tier === "partner")!;
    expect(partner.comingSoon).toBe(false);
    expect(ids(partner.tracks)).toEqual(["partner-your-calm-voice"]);
  });

  it("shows the course as written when she has set nothing", () => {
    expect(courseGroups(false).map((group) => [group.tier, group.comingSoon, group.tracks.length])).toEqual([
      ["foundation", false, 2],
      ["preparation", false, 7],
      ["partner", true, 0],
    ]);
  });
});
