import { describe, expect, it } from "vitest";
import {
  noResultsHeading,
  offeredCategories,
  offeredKindsInWords,
  resourceLinkLabel,
} from "./resource-labels.ts";
import type { ResourceCategory, ResourceFilter } from "./resource-search.ts";

describe("resourceLinkLabel", () => {
  it.each([
    ["/portal/hypno-science/oxytocin", "Read the article"],
    ["/portal/program", "Open your programme"],
    ["/portal/library", "Go to your library"],
    ["/free-downloads", "Get the free download"],
    ["/stories", "Read birth stories"],
    ["/portal/hypno-science", "Open"],
    ["/somewhere-else", "Open"],
  ])("%s says %s", (href, label) => {
    expect(resourceLinkLabel(href)).toBe(label);
  });
});

describe("offeredCategories", () => {
  const resource = (category: ResourceCategory, href: string | null) => ({ category, href });

  it("offers a kind once one of its resources can be opened, in the usual order", () => {
    expect(
      offeredCategories([
        resource("article", "/portal/hypno-science/oxytocin"),
        resource("guide", "/free-downloads"),
        resource("faq", "/portal/program"),
      ]),
    ).toEqual(["guide", "faq", "article"]);
  });

  it("leaves out a kind whose resources are all still coming", () => {
    expect(
      offeredCategories([resource("video", null), resource("video", null), resource("guide", "/stories")]),
    ).toEqual(["guide"]);
  });

  it("offers one open resource among unopened ones", () => {
    expect(offeredCategories([resource("video", null), resource("video", "/portal/library")])).toEqual([
      "video",
    ]);
  });

  it("offers nothing for no resources", () => {
    expect(offeredCategories([])).toEqual([]);
  });
});

describe("noResultsHeading", () => {
  it.each<[ResourceFilter, string]>([
    [{ query: "zebra", category: null }, "Nothing matches “zebra”"],
    [{ query: "  zebra crossing ", category: null }, "Nothing matches “zebra crossing”"],
    [{ query: "zebra", category: "faq" }, "Nothing matches “zebra” in FAQs"],
    [{ query: "", category: "video" }, "Nothing here yet in Videos"],
    [{ query: "   ", category: null }, "Nothing here yet"],
  ])("%j reads %s", (filter, heading) => {
    expect(noResultsHeading(filter)).toBe(heading);
  });
});

describe("offeredKindsInWords", () => {
  it("names only the kinds offered, in their order", () => {
    expect(offeredKindsInWords(["guide", "faq", "article"])).toBe("Guides, answers and articles");
    expect(offeredKindsInWords(["guide", "video", "faq", "article"])).toBe(
      "Guides, short videos, answers and articles",
    );
  });

  it("reads well with one kind, or none", () => {
    expect(offeredKindsInWords(["faq"])).toBe("Answers");
    expect(offeredKindsInWords([])).toBe("Resources");
  });
});
