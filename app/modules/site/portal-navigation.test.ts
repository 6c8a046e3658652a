import { describe, expect, it } from "vitest";
import { isCurrentPage, PARTNER_DASHBOARD, PORTAL_GROUPS } from "./portal-navigation.ts";

describe("the portal menu's current page", () => {
  it.each([
    // The dashboard is current on its own page only; every other entry on its pages too.
    ["/portal", "/portal", true, true],
    ["/portal/library", "/portal", true, false],
    ["/portal/library", "/portal/library", false, true],
    ["/portal/library/", "/portal/library", false, true],
    ["/portal/library/breath-of-calm", "/portal/library", false, true],
    ["/portal/library-old", "/portal/library", false, false],
    ["/portal/Library", "/portal/library", false, true],
    ["/portal/profile", "/portal/library", false, false],
    [PARTNER_DASHBOARD, PARTNER_DASHBOARD, true, true],
  ])("on %s the link to %s (end: %s) is current: %s", (pathname, to, end, current) => {
    expect(isCurrentPage(pathname, to, end)).toBe(current);
  });

  it("names exactly one entry of the menu on each of the menu's pages", () => {
    const links = PORTAL_GROUPS.flatMap((group) => group.links);
    for (const page of links) {
      const current = links.filter((link) => isCurrentPage(page.to, link.to, link.to === "/portal"));
      expect(current.map((link) => link.label)).toEqual([page.label]);
    }
  });
});
