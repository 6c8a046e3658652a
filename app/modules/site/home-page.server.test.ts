import { describe, expect, it } from "vitest";
import { firstRevision } from "#app/modules/catalogue/content.server.ts";

const { testimonials } = firstRevision;
import { formatDuration } from "#app/modules/catalogue/format.ts";
import { PREVIEW_AUDIO_FILE } from "#app/modules/catalogue/tracks.ts";
import { BUNDLED_CAPTIONS } from "#app/modules/transcripts/transcripts.server.ts";
import { homePage } from "./home-page.server.ts";

describe("homePage", () => {
  it("shows the price, the preview's measured length and transcript, and the first six voices", async () => {
    const asked: string[] = [];
    const facts = {
      audioDuration: async (file: string) => {
        asked.push(file);
        return 95;
      },
    };
    const page = await homePage({ amountMinor: 2700, currency: "EUR" }, facts, testimonials);
    expect(asked).toEqual([PREVIEW_AUDIO_FILE]);
    expect(page).toEqual({
      price: "€27",
      previewDuration: formatDuration(95),
      previewTranscript: BUNDLED_CAPTIONS.transcriptOf("preview")!.paragraphs.map(
        (paragraph) => paragraph.text,
      ),
      testimonials: testimonials.slice(0, 6),
    });
    expect(page.testimonials).toHaveLength(6);
  });

  it("gives the preview's words from its captions, in paragraphs", async () => {
    const { previewTranscript } = await homePage(
      { amountMinor: 2700, currency: "EUR" },
      { audioDuration: async () => 95 },
      testimonials,
    );
    expect(previewTranscript.length).toBeGreaterThan(1);
    expect(previewTranscript[0]).toMatch(/^Hello, and welcome to Tidewell\. In this course/);
    expect(previewTranscript.at(-1)).toMatch(/Thank you for listening\.$/);
    expect(previewTranscript.join(" ")).not.toContain("[pause");
  });

  it("leaves the length out when the preview can't be read", async () => {
    const page = await homePage(
      { amountMinor: 2700, currency: "EUR" },
      { audioDuration: async () => null },
      testimonials,
    );
    expect(page.previewDuration).toBeNull();
  });
});
