import { resources, type Resource } from "./content.server.ts";
import { memberLinkFor, type SearchableResource } from "./resource-search.ts";

/**
 * A resource as the portal's resource centre shows it: every tag (the search
 * looks at them all; a card shows three), and the member's link, or null while
 * it is still being made.
 */
export interface ResourceCard extends SearchableResource {
  id: string;
  tags: string[];
  href: string | null;
}

export function toResourceCard({ id, title, description, category, tags, link }: Resource): ResourceCard {
  return { id, title, description, category, tags, href: memberLinkFor(link) };
}

/** All ten, in their authored order. The page filters while rendering, so it can answer each keystroke. */
export function listResourceCards(): ResourceCard[] {
  return resources.map(toResourceCard);
}
