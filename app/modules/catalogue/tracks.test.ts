import { describe, expect, it } from "vitest";
import { listedTracks } from "./tracks.ts";

describe("the tracks the library lists", () => {
  it("lists the course's nine in order, and the partner sessions only once that course is launched", () => {
    const before = listedTracks(false);
    expect(before.map((track) => `${track.courseTier} ${track.order}`)).toEqual([
      "foundation 1",
      "foundation 2",
      ...[3, 4, 5, 6, 7, 8, 9].map((order) => `preparation ${order}`),
    ]);

    const after = listedTracks(true);
    expect(after.slice(0, 9)).toEqual(before);
    expect(after.slice(9).map((track) => track.id)).toEqual([
      "partner-holding-the-space",
      "partner-your-calm-voice",
      "partner-through-the-waves",
    ]);
  });
});
