import { describe, expect, it } from "vitest";
import { contentStanding } from "./content-standing.ts";

const track = (
  over: { state?: "published" | "coming-soon"; seconds?: number | null; cues?: number | null } = {},
) => ({
  state: "published" as const,
  seconds: 600,
  cues: 26,
  ...over,
});

describe("where the content stands, in words", () => {
  it("says all is well when everything is published, in place and transcribed", () => {
    expect(contentStanding({ tracks: [track(), track(), track()], guides: [{ pages: 4 }] })).toEqual([
      "All 3 sessions are published.",
      "Every recording and guide is in place.",
      "Every session has its transcript, from its captions.",
    ]);
  });

  it("counts what is coming, what is missing and what has no transcript yet", () => {
    expect(
      contentStanding({
        tracks: [
          track(),
          track({ cues: null }),
          track({ state: "coming-soon", seconds: null, cues: null }),
          track({ state: "coming-soon", cues: null }),
        ],
        guides: [{ pages: 4 }, { pages: null }, { pages: null }],
      }),
    ).toEqual([
      "2 sessions are published, and 2 more are coming soon.",
      "1 recording and 2 guides are missing, marked in red below.",
      "1 of 4 sessions has a transcript; the others say “No transcript yet” below.",
    ]);
  });

  it("writes one of each in the singular", () => {
    expect(
      contentStanding({
        tracks: [track({ cues: null }), track({ state: "coming-soon" })],
        guides: [{ pages: null }],
      }),
    ).toEqual([
      "1 session is published, and 1 more is coming soon.",
      "1 guide is missing, marked in red below.",
      "1 of 2 sessions has a transcript; the others say “No transcript yet” below.",
    ]);
    expect(contentStanding({ tracks: [track({ cues: null }), track({ cues: null })], guides: [] })[2]).toBe(
      "No session has a transcript yet.",
    );
  });
});
