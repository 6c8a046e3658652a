import { useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import {
  readResourceFilter,
  resourceFilterSearch,
  type ResourceFilter,
} from "#app/modules/catalogue/resource-search.ts";

// Marks the address changes the search box makes itself, so they are not read back into it.
const FROM_SEARCH_BOX = { fromSearchBox: true } as const;
function isFromSearchBox(state: unknown) {
  return typeof state === "object" && state !== null && "fromSearchBox" in state;
}

/**
 * The resource centre's filter: held as she types, mirrored in the address, and the search box to focus.
 * Typing filters the resources in the browser; searching also asks the server for the sessions.
 */
export function useResourceFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const searchBox = useRef<HTMLInputElement>(null);

  // The box answers each keystroke from its own state; the address follows it. When the
  // address changes some other way (the sidebar's Resources link, say), the box follows the address.
  const [filter, setFilter] = useState<ResourceFilter>(() => readResourceFilter(searchParams));
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (location.key !== seenLocation) {
    setSeenLocation(location.key);
    if (!isFromSearchBox(location.state)) setFilter(readResourceFilter(searchParams));
  }

  function follow(next: ResourceFilter, askServer: boolean) {
    setFilter(next);
    // Replace, so Back leaves the page rather than stepping through keystrokes.
    setSearchParams(new URLSearchParams(resourceFilterSearch(next)), {
      replace: true,
      preventScrollReset: true,
      defaultShouldRevalidate: askServer,
      state: FROM_SEARCH_BOX,
    });
  }

  /** As she types or picks a kind: the resources are already here, so no loader needs to run. */
  const apply = (next: ResourceFilter) => follow(next, false);

  /**
   * Enter or the Search button: the server searches again too, since the
   * sessions' words are only there. Offline the page stays as it is.
   */
  const search = (next: ResourceFilter) => follow(next, navigator.onLine);

  function clear() {
    apply({ query: "", category: null });
    // The button that was pressed disappears with the empty state: keep her place in the page.
    searchBox.current?.focus();
  }

  return { filter, apply, search, clear, searchBox };
}
