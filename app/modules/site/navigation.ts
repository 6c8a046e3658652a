/**
 * The public site's navigation, in one place for the header, the mobile
 * drawer and the footer. Labels and targets are fixed wording (docs/glossary.md).
 */
export interface NavLink {
  label: string;
  to: string;
  /** A short line under the label in the Birth Preparation menu. */
  description?: string;
  badge?: string;
}

const BIRTH_PREPARATION_LINKS: NavLink[] = [
  {
    label: "Foundation Course",
    to: "/auth?tier=free",
    description: "Free: two calming audios and three guides to begin.",
  },
  {
    label: "Preparation Course",
    to: "/auth?tier=premium",
    description: "The complete two-week programme, for you and your birth partner.",
  },
  {
    label: "Partner Course",
    to: "/auth?tier=premium",
    description: "Sessions for birth partners.",
    badge: "Coming Soon",
  },
];

/** The Birth Preparation menu: the Partner Course is "Coming Soon" until the owner launches it (PARTNER_COURSE). */
export function birthPreparationLinks(partnerCourseLaunched: boolean): NavLink[] {
  if (!partnerCourseLaunched) return BIRTH_PREPARATION_LINKS;
  return BIRTH_PREPARATION_LINKS.map(({ badge: _comingSoon, ...link }) => link);
}

export const primaryLinks: NavLink[] = [
  { label: "Hypno-Science", to: "/hypno-science" },
  { label: "Podcast", to: "/podcast" },
  { label: "About", to: "/about" },
  { label: "Contact", to: "/contact" },
];

export const signedOutLinks = {
  logIn: { label: "Log In", to: "/auth" },
  join: { label: "Join Community", to: "/auth?tier=free" },
} as const;

export const footerGroups: { heading: string; links: NavLink[] }[] = [
  {
    heading: "Course",
    links: [
      { label: "The course", to: "/course" },
      { label: "Free downloads", to: "/free-downloads" },
      { label: "Birth stories", to: "/stories" },
    ],
  },
  {
    heading: "Learn",
    links: [
      { label: "Hypno-Science", to: "/hypno-science" },
      { label: "Podcast", to: "/podcast" },
      { label: "About us", to: "/about" },
    ],
  },
  {
    heading: "Help",
    links: [
      { label: "Contact Us", to: "/contact" },
      { label: "Privacy Policy", to: "/privacy" },
      { label: "Terms of Service", to: "/terms" },
    ],
  },
];
