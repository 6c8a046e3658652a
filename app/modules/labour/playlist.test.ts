import { describe, expect, it } from "vitest";
import { LABOUR_TRACK_IDS, labourScreenFor, nextInPlaylist, previousInPlaylist } from "./playlist.ts";

describe("the labour playlist", () => {
  it("gives a Complete Course member every labour track, in order", () => {
    const history = [{ startedAt: Date.UTC(2026, 10, 14, 20), endedAt: null }];
    const screen = labourScreenFor({ hasPremium: true }, "member-key-1", history);
    expect(screen.memberKey).toBe("member-key-1");
    expect(screen.history).toBe(history);
    expect(screen.playlist.map((t) => t.id)).toEqual([...LABOUR_TRACK_IDS]);
    expect(screen.lockedCount).toBe(0);
    expect(screen.playlist[0]).toEqual({
      id: "affirmations-purpose",
      title: "Affirmations One",
      audioFile: "affirmations-purpose.mp3",
      courseTier: "foundation",
    });
  });

  it("gives a free member the Foundation tracks only, and counts the rest", () => {
    const screen = labourScreenFor({ hasPremium: false }, "member-key-1", []);
    expect(screen.playlist.map((t) => t.id)).toEqual(["affirmations-purpose", "affirmations-2"]);
    expect(screen.lockedCount).toBe(LABOUR_TRACK_IDS.length - 2);
  });

  it("leaves out the tracks for before and after labour", () => {
    expect(LABOUR_TRACK_IDS).not.toContain("pregnancy-relaxation");
    expect(LABOUR_TRACK_IDS).not.toContain("adjusting-to-parenthood");
  });

  it("moves through the playlist, and stops at its ends", () => {
    const list = [{ id: "a" }, { id: "b" }, { id: "c" }];
    expect(nextInPlaylist(list, "a")).toEqual({ id: "b" });
    expect(nextInPlaylist(list, "c")).toBeNull();
    expect(nextInPlaylist(list, "elsewhere")).toBeNull();
    expect(previousInPlaylist(list, "b")).toEqual({ id: "a" });
    expect(previousInPlaylist(list, "a")).toBeNull();
    expect(previousInPlaylist(list, "elsewhere")).toBeNull();
  });
});
