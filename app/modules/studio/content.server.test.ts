import { describe, expect, it } from "vitest";
import { GUIDES } from "#app/modules/catalogue/guides.ts";
import { ALL_SESSIONS, PARTNER_SESSIONS } from "#app/modules/catalogue/tracks.ts";
import type { MediaFacts } from "#app/modules/media/facts.server.ts";
import { BUNDLED_CAPTIONS } from "#app/modules/transcripts/transcripts.server.ts";
import { studioContent } from "./content.server.ts";

const MISSING_RECORDING = ALL_SESSIONS[1]!.audioFile;

/** Every file present but one recording and one guide. */
const facts = {
  audioDuration: async (file: string) => (file === MISSING_RECORDING ? null : 600),
  audioBytes: async () => 1,
  pdfPageCount: async (file: string) => (file === GUIDES[0]!.filename ? null : 12),
} as MediaFacts;

describe("the studio's content list", () => {
  it("lists every session and guide with who may have it, and says which file is missing", async () => {
    const { tracks, guides } = await studioContent(facts, false, BUNDLED_CAPTIONS);
    expect(tracks.map((t) => t.id)).toEqual(ALL_SESSIONS.map((t) => t.id));
    expect(guides).toHaveLength(GUIDES.length);
    expect(tracks.filter((t) => t.seconds === null).map((t) => t.file)).toEqual([MISSING_RECORDING]);
    expect(guides[0]!.pages).toBeNull();
    expect(guides.slice(1).every((g) => g.pages === 12)).toBe(true);
    expect(new Set(tracks.map((t) => t.access))).toEqual(new Set(["free", "premium", "partner"]));
  });

  it("counts each session's captions, and says which has no transcript", async () => {
    const { tracks } = await studioContent(facts, false, BUNDLED_CAPTIONS);
    for (const track of tracks) {
      expect(track.cues, track.id).toBe(BUNDLED_CAPTIONS.transcriptOf(track.id)?.cues.length ?? null);
    }
    // Every recording of the demo course has its captions.
    expect(tracks.every((track) => track.cues !== null && track.cues > 0)).toBe(true);
  });

  it("shows the partner sessions as coming soon until the Partner Course is launched", async () => {
    const partnerIds = new Set(PARTNER_SESSIONS.map((t) => t.id));
    const before = await studioContent(facts, false, BUNDLED_CAPTIONS);
    const after = await studioContent(facts, true, BUNDLED_CAPTIONS);
    for (const track of before.tracks) {
      expect(track.state).toBe(partnerIds.has(track.id) ? "coming-soon" : "published");
    }
    expect(after.tracks.every((t) => t.state === "published")).toBe(true);
  });
});
