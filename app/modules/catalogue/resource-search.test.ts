import { describe, expect, it } from "vitest";
import { resources } from "./content.server.ts";
import {
  cardTags,
  memberLinkFor,
  readResourceFilter,
  resourceCountText,
  resourceFilterSearch,
  searchResources,
  toggleCategory,
  type ResourceCategory,
  type ResourceFilter,
  type SearchableResource,
} from "./resource-search.ts";

const FIXTURE: (SearchableResource & { id: string })[] = [
  {
    id: "breathing-video",
    title: "Video: calm breathing in three minutes",
    description: "Slow, steady breathing with a long, soft breath out.",
    category: "video",
    tags: ["breathing", "practice", "video"],
  },
  {
    id: "massage-video",
    title: "Light-touch massage",
    description: "A gentle demonstration for your birth partner.",
    category: "video",
    tags: ["birth partner", "massage"],
  },
  {
    id: "sleep-faq",
    title: "Is it OK to fall asleep while listening?",
    description: "Yes. Many people drift off, and that's fine.",
    category: "faq",
    tags: ["audio", "sleep"],
  },
  {
    id: "oxytocin-article",
    title: "Oxytocin: the shy hormone of birth",
    description: "What oxytocin does in labour.",
    category: "article",
    tags: ["science", "hormones", "Oxytocin"],
  },
  {
    id: "bag-guide",
    title: "Hospital Bag Checklist",
    description: "Everything worth packing.",
    category: "guide",
    tags: ["checklist", "packing", "birth partner", "calm extras"],
  },
];

const ids = (filter: ResourceFilter) => searchResources(FIXTURE, filter).map((resource) => resource.id);
const ALL = FIXTURE.map((resource) => resource.id);

describe("searchResources", () => {
  it.each<[string, string, ResourceCategory | null, string[]]>([
    ["an empty search shows everything", "", null, ALL],
    ["a search of spaces shows everything", "   ", null, ALL],
    ["matches the title", "checklist", null, ["bag-guide"]],
    ["matches the description", "labour", null, ["oxytocin-article"]],
    ["matches a tag only", "hormones", null, ["oxytocin-article"]],
    ["matches a tag beyond the three a card shows", "calm extras", null, ["bag-guide"]],
    ["ignores case in the query", "BREATH", null, ["breathing-video"]],
    ["ignores case in the resource", "oxytocin", null, ["oxytocin-article"]],
    ["matches part of a word", "breath", null, ["breathing-video"]],
    ["needs every word, anywhere", "partner massage", null, ["massage-video"]],
    ["finds a phrase across fields", "birth partner", null, ["massage-video", "bag-guide"]],
    ["reads punctuation as space", "asleep?", null, ["sleep-faq"]],
    ["reads a curly apostrophe as straight", "that’s fine", null, ["sleep-faq"]],
    ["finds nothing for an unknown word", "epidural", null, []],
    ["one unknown word is enough to miss", "breathing epidural", null, []],
    ["a category alone keeps its resources", "", "video", ["breathing-video", "massage-video"]],
    ["a category with one resource shows just it", "", "guide", ["bag-guide"]],
    ["category and search together", "partner", "video", ["massage-video"]],
    ["a match outside the category is left out", "partner", "faq", []],
  ])("%s", (_, query, category, expected) => {
    expect(ids({ query, category })).toEqual(expected);
  });

  it("hands back the caller's own objects, with every field they had", () => {
    const [first] = searchResources(FIXTURE, { query: "breath", category: null });
    expect(first).toBe(FIXTURE[0]);
  });
});

describe("the ten authored resources", () => {
  it("'breath' finds the breathing video", () => {
    const found = searchResources(resources, { query: "breath", category: null });
    expect(found.map((resource) => resource.id)).toContain("video-calm-breathing");
  });

  it.each<[ResourceCategory, number]>([
    ["guide", 3],
    ["video", 2],
    ["faq", 3],
    ["article", 2],
  ])("the %s category holds %i", (category, count) => {
    expect(searchResources(resources, { query: "", category })).toHaveLength(count);
  });

  it("every tag search finds at least the resource it came from", () => {
    for (const resource of resources) {
      for (const tag of resource.tags) {
        expect(searchResources(resources, { query: tag, category: null })).toContain(resource);
      }
    }
  });
});

describe("readResourceFilter", () => {
  it.each<[string, ResourceFilter]>([
    ["", { query: "", category: null }],
    ["?q=breath", { query: "breath", category: null }],
    ["?q=Birth%20partner&category=video", { query: "Birth partner", category: "video" }],
    ["?category=faq", { query: "", category: "faq" }],
    ["?category=", { query: "", category: null }],
    ["?category=podcast", { query: "", category: null }],
    ["?category=FAQ", { query: "", category: null }],
    ["?q=&category=article", { query: "", category: "article" }],
  ])("%s", (search, expected) => {
    expect(readResourceFilter(new URLSearchParams(search))).toEqual(expected);
  });

  it("cuts an overlong query to 100 characters", () => {
    expect(readResourceFilter(new URLSearchParams({ q: "a".repeat(500) })).query).toHaveLength(100);
  });
});

describe("resourceFilterSearch", () => {
  it.each<[ResourceFilter, string]>([
    [{ query: "", category: null }, ""],
    [{ query: "  ", category: null }, ""],
    [{ query: "breath", category: null }, "?q=breath"],
    [{ query: "", category: "guide" }, "?category=guide"],
    [{ query: "birth partner", category: "video" }, "?q=birth+partner&category=video"],
  ])("%j gives %j", (filter, search) => {
    expect(resourceFilterSearch(filter)).toBe(search);
  });

  it("reads back what it writes", () => {
    const filter: ResourceFilter = { query: "it's calm & slow", category: "faq" };
    expect(readResourceFilter(new URLSearchParams(resourceFilterSearch(filter)))).toEqual(filter);
  });
});

describe("toggleCategory", () => {
  it.each<[ResourceCategory | null, ResourceCategory, ResourceCategory | null]>([
    [null, "guide", "guide"],
    ["guide", "video", "video"],
    ["video", "video", null],
    ["faq", "faq", null],
  ])("from %s, clicking %s gives %s", (current, clicked, next) => {
    expect(toggleCategory(current, clicked)).toBe(next);
  });
});

describe("resourceCountText", () => {
  it.each([
    [0, "0 resources"],
    [1, "1 resource"],
    [2, "2 resources"],
    [10, "10 resources"],
  ])("%i reads %s", (count, text) => {
    expect(resourceCountText(count)).toBe(text);
  });
});

describe("cardTags", () => {
  it.each([
    [["one"], ["one"]],
    [
      ["one", "two", "three"],
      ["one", "two", "three"],
    ],
    [
      ["one", "two", "three", "four", "five"],
      ["one", "two", "three"],
    ],
  ])("%j shows %j", (tags, shown) => {
    expect(cardTags(tags)).toEqual(shown);
  });
});

describe("memberLinkFor", () => {
  it.each<[string | undefined, string | null]>([
    [undefined, null],
    ["", null],
    ["/hypno-science/oxytocin", "/portal/hypno-science/oxytocin"],
    ["/hypno-science", "/portal/hypno-science"],
    ["/hypno-science-extra", "/hypno-science-extra"],
    ["/portal/program", "/portal/program"],
    ["/free-downloads", "/free-downloads"],
    ["/stories", "/stories"],
  ])("%s goes to %s", (link, expected) => {
    expect(memberLinkFor(link)).toBe(expected);
  });
});
