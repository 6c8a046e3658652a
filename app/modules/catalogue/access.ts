import type { Guide } from "./guides.ts";
import { ALL_SESSIONS, isWithheld, type Track } from "./tracks.ts";

/**
 * Who may have what. The server enforces every rule here; pages only show the result.
 * Free members get the Foundation tracks and the free guides; premium members
 * (premium tier, or course access granted) get everything. A premium member's
 * birth partner gets what her course shares with them (`SHARED_WITH_PARTNER`) through her: while she has premium.
 */
export interface Viewer {
  signedIn: boolean;
  hasPremium: boolean;
  /** The partner seat of a member who has premium: what her course shares with them is theirs too. */
  partnerPremium?: boolean;
  /** A birth partner's account (the partner seat), whatever her tier: never offered the course to buy. */
  isPartner?: boolean;
  /** The course's owner: she may play every session (to check a recording, or a caption against it). */
  isOwner?: boolean;
}

export const ANONYMOUS: Viewer = { signedIn: false, hasPremium: false };

/** The viewer a signed-in member (or no one) is. */
export function viewerOf(
  member: { hasPremium: boolean; partnerPremium?: boolean; isPartner?: boolean; isOwner?: boolean } | null,
): Viewer {
  if (!member) return ANONYMOUS;
  return {
    signedIn: true,
    hasPremium: member.hasPremium,
    partnerPremium: member.partnerPremium ?? false,
    isPartner: member.isPartner ?? false,
    isOwner: member.isOwner ?? false,
  };
}

/**
 * What her Complete Course gives her birth partner's own account: the partner sessions, and
 * Breathing & Bonding, the course's session made for the two of them to share. The rest is hers.
 */
const SHARED_WITH_PARTNER: readonly string[] = ["breathing-bonding"];

/** Whether her course shares this track with her birth partner (see `SHARED_WITH_PARTNER`). */
export function sharedWithPartner(track: Pick<Track, "id" | "courseTier">): boolean {
  return track.courseTier === "partner" || SHARED_WITH_PARTNER.includes(track.id);
}

/**
 * The content-access allow list: ids every member may have besides the Foundation
 * tracks and the free guides. Ids that name nothing in the catalogue
 * (welcome-to-your-journey, deep-relaxation-preview, module-1) are kept but grant nothing.
 */
const ALLOW_LIST = {
  pdfs: ["introduction-to-hypnobirthing", "hospital-bag-checklist", "birth-affirmations-and-scripts"],
  audio: ["welcome-to-your-journey", "deep-relaxation-preview"],
  modules: ["module-1"],
} as const;

export function canPlayTrack(viewer: Viewer, track: Track): boolean {
  if (!viewer.signedIn) return false;
  if (viewer.isOwner === true) return true;
  // Coming soon, as she set it: kept out of every list and player until she publishes it again.
  if (isWithheld(track)) return false;
  if (viewer.hasPremium) return true;
  if (viewer.partnerPremium === true && sharedWithPartner(track)) return true;
  if (track.courseTier === "partner") return false;
  return track.courseTier === "foundation" || (ALLOW_LIST.audio as readonly string[]).includes(track.id);
}

/** Every session the viewer may play: what she may keep downloaded on her device. */
export function playableTrackIds(viewer: Viewer): string[] {
  return ALL_SESSIONS.filter((track) => canPlayTrack(viewer, track)).map((track) => track.id);
}

/** What a guide's card offers: the download, a sign-up, or an upgrade. */
/** A guide's download, or what stands in its way: an account, the course, or (for her birth partner) her course. */
export type GuideAccess = "download" | "sign-up" | "upgrade" | "hers";

export function guideAccess(viewer: Viewer, guide: Guide): GuideAccess {
  if (!viewer.signedIn) return "sign-up";
  if (viewer.hasPremium || guide.isFree || (ALLOW_LIST.pdfs as readonly string[]).includes(guide.id))
    return "download";
  // Her guides are hers: a birth partner is never offered the course to buy.
  return viewer.isPartner ? "hers" : "upgrade";
}

/**
 * Where a refused guide download sends the visitor: to sign up, to the course for a premium guide,
 * or a birth partner back to their dashboard.
 */
export function guideRedirect(access: Exclude<GuideAccess, "download">): string {
  if (access === "sign-up") return "/auth?tier=free";
  return access === "hers" ? "/portal" : "/auth?tier=premium";
}
