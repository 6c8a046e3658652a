import { describe, expect, it } from "vitest";
import { formatDuration, formatPages } from "#app/modules/catalogue/format.ts";
import { GUIDES } from "#app/modules/catalogue/guides.ts";
import { COURSE_GROUPS, tracksIn } from "#app/modules/catalogue/tracks.ts";
import { coursePage } from "./course-page.server.ts";

describe("coursePage", () => {
  const facts = {
    audioDuration: async (file: string) => (file === "fear-release.mp3" ? null : 600),
    pdfPageCount: async (file: string) => (file === "book-summary.pdf" ? null : 4),
  };

  it("lists every group's sessions in order, each with the length read from its recording", async () => {
    const { groups } = await coursePage({ amountMinor: 2700, currency: "EUR" }, facts, false);
    expect(groups.map((g) => [g.tier, g.title, g.comingSoon])).toEqual(
      COURSE_GROUPS.map((g) => [g.tier, g.title, g.comingSoon]),
    );
    for (const group of groups.filter((g) => !g.comingSoon)) {
      expect(group.tracks.map((t) => t.id)).toEqual(tracksIn(group.tier).map((t) => t.id));
    }
    const preparation = groups.find((g) => g.tier === "preparation")!.tracks;
    expect(preparation.find((t) => t.id === "prepare-for-birth")).toEqual({
      id: "prepare-for-birth",
      title: "Prepare for Birth",
      description: tracksIn("preparation").find((t) => t.id === "prepare-for-birth")!.description,
      duration: formatDuration(600),
    });
    expect(preparation.find((t) => t.id === "fear-release")!.duration).toBeNull();
    expect(groups.find((g) => g.tier === "partner")).toMatchObject({ comingSoon: true, tracks: [] });
  });

  it("lists the partner sessions, no longer coming soon, once the Partner Course is launched", async () => {
    const { groups } = await coursePage({ amountMinor: 2700, currency: "EUR" }, facts, true);
    const partner = groups.find((g) => g.tier === "partner")!;
    expect(partner.comingSoon).toBe(false);
    expect(partner.tracks.map((t) => t.title)).toEqual([
      "Holding the Space",
      "Your Calm Voice",
      "Through the Waves",
    ]);
  });

  it("lists every guide with its page count, and whether it is free", async () => {
    const { guides } = await coursePage({ amountMinor: 2700, currency: "EUR" }, facts, false);
    expect(guides).toEqual(
      GUIDES.map((g) => ({
        id: g.id,
        title: g.title,
        isFree: g.isFree,
        pages: g.id === "book-summary" ? null : formatPages(4),
      })),
    );
  });

  it("gives the price in words and as schema.org writes it", async () => {
    const { price, offer } = await coursePage({ amountMinor: 2750, currency: "EUR" }, facts, false);
    expect(price).toBe("€27.50");
    expect(offer).toEqual({ amount: "27.50", currency: "EUR" });
  });
});
