/**
 * Pagination: places the laid-out items on pages, breaking only where an item allows it and
 * moving kept-together items to the next page.
 */

import type { Item } from "./layout.ts";
import { CONTENT_BOTTOM, CONTENT_TOP } from "./theme.ts";

type Placed = { item: Item; top: number };

export function paginate(items: Item[]): Placed[][] {
  const pages: Placed[][] = [];
  let page: Placed[] = [];
  let y = CONTENT_TOP;
  const newPage = () => {
    pages.push(page);
    page = [];
    y = CONTENT_TOP;
  };
  let i = 0;
  while (i < items.length) {
    const item = items[i] as Item;
    if (item.newPage && page.length > 0) newPage();
    const pad = item.panel?.pad ?? 0;
    const space = page.length === 0 ? pad : item.spaceBefore;
    if (page.length > 0 && y + space + item.height + pad > CONTENT_BOTTOM) {
      // Break at the latest point on this page where a break is allowed (not at its very top).
      let at = page.length - 1;
      while (at > 0 && !page[at]?.item.breakable) at -= 1;
      if (!item.breakable && at > 0) {
        const moved = page.length - at;
        page = page.slice(0, at);
        newPage();
        i -= moved;
        continue;
      }
      newPage();
      continue;
    }
    y += space;
    page.push({ item, top: y });
    y += item.height;
    i += 1;
  }
  if (page.length > 0) pages.push(page);
  return pages;
}
