import type { Colour } from "./guides.ts";
import { RESOURCE_CATEGORIES, type ResourceCategory, type ResourceFilter } from "./resource-search.ts";

/** How the resource centre names each kind: on a card ("Guide"), on its filter chip ("Guides"), and its colour. */
export const RESOURCE_CATEGORY_LABELS: Record<
  ResourceCategory,
  { label: string; chip: string; colour: Colour }
> = {
  guide: { label: "Guide", chip: "Guides", colour: "lavender" },
  video: { label: "Video", chip: "Videos", colour: "apricot" },
  faq: { label: "FAQ", chip: "FAQs", colour: "sage" },
  article: { label: "Article", chip: "Articles", colour: "sky" },
};

const LINK_LABELS: Record<string, string> = {
  "/portal/program": "Open your programme",
  "/portal/library": "Go to your library",
  "/free-downloads": "Get the free download",
  "/stories": "Read birth stories",
};

/** What a card's link says, by where it goes: a promise the page keeps. */
export function resourceLinkLabel(href: string): string {
  if (href.startsWith("/portal/hypno-science/")) return "Read the article";
  return LINK_LABELS[href] ?? "Open";
}

/** The kinds offered as filters: those with a resource there to open (not only "Coming soon"), in the usual order. */
export function offeredCategories(
  resources: readonly { category: ResourceCategory; href: string | null }[],
): ResourceCategory[] {
  return RESOURCE_CATEGORIES.filter((category) =>
    resources.some((resource) => resource.category === category && resource.href),
  );
}

/** How the centre's introduction names each kind. */
const KIND_WORDS: Record<ResourceCategory, string> = {
  guide: "guides",
  video: "short videos",
  faq: "answers",
  article: "articles",
};

/** The kinds offered, in words for the page's introduction ("Guides, answers and articles"): only what is there. */
export function offeredKindsInWords(categories: readonly ResourceCategory[]): string {
  const words = categories.map((category) => KIND_WORDS[category]);
  const last = words.pop();
  if (!last) return "Resources";
  const list = words.length > 0 ? `${words.join(", ")} and ${last}` : last;
  return list.charAt(0).toUpperCase() + list.slice(1);
}

/** The empty state's heading: what was searched for, and in which kind. */
export function noResultsHeading({ query, category }: ResourceFilter): string {
  const where = category ? ` in ${RESOURCE_CATEGORY_LABELS[category].chip}` : "";
  const trimmed = query.trim();
  return trimmed ? `Nothing matches “${trimmed}”${where}` : `Nothing here yet${where}`;
}
