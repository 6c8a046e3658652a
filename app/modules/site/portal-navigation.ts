/**
 * The portal's navigation: its two fixed groups, in their fixed order (docs/glossary.md), and the
 * programme, birth preferences and labour mode after the first group's four.
 */
export interface PortalLink {
  label: string;
  to: string;
  icon:
    | "dashboard"
    | "library"
    | "programme"
    | "labour"
    | "plan"
    | "profile"
    | "resources"
    | "podcast"
    | "science"
    | "contact";
}

/** A birth partner's own dashboard (the partner seat): where /portal takes them. */
export const PARTNER_DASHBOARD = "/portal/partner";

export const PORTAL_GROUPS: { heading: string; links: PortalLink[] }[] = [
  {
    heading: "Your Dashboard",
    links: [
      { label: "Dashboard", to: "/portal", icon: "dashboard" },
      { label: "Library", to: "/portal/library", icon: "library" },
      { label: "Profile", to: "/portal/profile", icon: "profile" },
      { label: "Resources", to: "/portal/resources", icon: "resources" },
      { label: "Programme", to: "/portal/program", icon: "programme" },
      { label: "Birth preferences", to: "/portal/birth-preferences", icon: "plan" },
      { label: "Labour mode", to: "/portal/labour", icon: "labour" },
    ],
  },
  {
    heading: "Resources",
    links: [
      { label: "Podcast", to: "/portal/podcast", icon: "podcast" },
      { label: "Hypno-Science", to: "/portal/hypno-science", icon: "science" },
      { label: "Contact", to: "/portal/contact", icon: "contact" },
    ],
  },
];

/** On phones the bottom bar holds the first group's four, then Sign Out (the player offers today's practice). */
export const BOTTOM_BAR_LINKS = PORTAL_GROUPS[0]!.links.slice(0, 4);

/**
 * Whether the page at `pathname` is the menu link `to`'s, or, unless `end`, a page beneath it:
 * React Router's `NavLink` decides the same way, letter case aside.
 */
export function isCurrentPage(pathname: string, to: string, end: boolean): boolean {
  const here = pathname.toLowerCase();
  const link = to.toLowerCase();
  return here === link || (!end && here.startsWith(link) && here.charAt(link.length) === "/");
}
