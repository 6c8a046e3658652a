import { countOf } from "#app/modules/words/plural.ts";

/**
 * The resource centre's search and category filter: pure, so the server can
 * filter a no-JavaScript GET request and the browser can filter as she types,
 * with the same rules.
 */

export const RESOURCE_CATEGORIES = ["guide", "video", "faq", "article"] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

/** What the search looks at. */
export interface SearchableResource {
  title: string;
  description: string;
  category: ResourceCategory;
  tags: readonly string[];
}

export interface ResourceFilter {
  /** What was typed, as typed (the box shows it back unchanged). */
  query: string;
  category: ResourceCategory | null;
}

/** A card shows at most three tags. */
const MAX_CARD_TAGS = 3;

/** Longer than any real search; keeps a pasted essay from being matched ten times per keystroke. */
const MAX_QUERY_LENGTH = 100;

function isResourceCategory(value: unknown): value is ResourceCategory {
  return typeof value === "string" && (RESOURCE_CATEGORIES as readonly string[]).includes(value);
}

/** Reads `?q=…&category=…`; an unknown category is ignored rather than showing nothing. */
export function readResourceFilter(params: URLSearchParams): ResourceFilter {
  const category = params.get("category");
  return {
    query: (params.get("q") ?? "").slice(0, MAX_QUERY_LENGTH),
    category: isResourceCategory(category) ? category : null,
  };
}

/** The address's query for a filter, leaving out what is empty: `?q=breath&category=video`, or "". */
export function resourceFilterSearch({ query, category }: ResourceFilter): string {
  const params = new URLSearchParams();
  if (query.trim() !== "") params.set("q", query);
  if (category) params.set("category", category);
  const search = params.toString();
  return search === "" ? "" : `?${search}`;
}

/** Clicking a category chooses it; clicking the chosen one again clears it. */
export function toggleCategory(current: ResourceCategory | null, clicked: ResourceCategory) {
  return current === clicked ? null : clicked;
}

/**
 * The resources that match, in their authored order. Case-insensitive over
 * title, description and tags; every word typed must appear somewhere, so
 * "partner massage" finds the massage video even though no field holds that
 * exact phrase.
 */
export function searchResources<T extends SearchableResource>(
  resources: readonly T[],
  { query, category }: ResourceFilter,
): T[] {
  const words = searchWords(query);
  return resources.filter((resource) => {
    if (category && resource.category !== category) return false;
    if (words.length === 0) return true;
    const haystack = normalise([resource.title, resource.description, ...resource.tags].join(" "));
    return words.every((word) => haystack.includes(word));
  });
}

/** The words of a search, as every search of the portal reads them: each must appear. */
export function searchWords(query: string): string[] {
  return normalise(query).split(" ").filter(Boolean);
}

/**
 * Lower case, punctuation read as a space ("asleep?" finds "asleep"), and a
 * phone's curly apostrophe read as a straight one ("it’s" finds "it's").
 */
export function normalise(text: string) {
  return text
    .toLocaleLowerCase("en-GB")
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[^\p{L}\p{N}'-]+/gu, " ")
    .trim();
}

/** What the live region says after filtering. */
export function resourceCountText(count: number) {
  return countOf(count, "resource");
}

/** A card's tags: the first three. */
export function cardTags(tags: readonly string[]) {
  return tags.slice(0, MAX_CARD_TAGS);
}

/**
 * Where a resource's link takes a member. Articles have a members' reader
 * inside the portal, so a member stays in her portal rather than landing on the
 * public site; every other link is already the right one.
 */
export function memberLinkFor(link: string | undefined): string | null {
  if (!link) return null;
  if (link === "/hypno-science" || link.startsWith("/hypno-science/")) return `/portal${link}`;
  return link;
}
