/**
 * Tidewell's social profiles: the one place their addresses live. The contact
 * page's links, sample posts and follow button all point here.
 */
export const SOCIAL_PROFILES = {
  instagram: {
    label: "Instagram",
    handle: "@tidewellbirth",
    url: "https://www.instagram.com/tidewellbirth",
  },
  facebook: {
    label: "Facebook",
    handle: "Tidewell Hypnobirthing",
    url: "https://www.facebook.com/tidewellbirth",
  },
} as const;

export type SocialNetwork = keyof typeof SOCIAL_PROFILES;
