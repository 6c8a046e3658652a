import {
  COURSE_AS_WRITTEN,
  inHerOrder,
  withheld,
  type SessionSettings,
  type SessionState,
} from "./session-settings.ts";

/**
 * The course's audio sessions: ids, titles, order and tier are fixed (content/README.md);
 * the owner may mark one coming soon and change its place in its group (session-settings.ts).
 * Durations are not here: they are read from the recordings themselves.
 */
export type CourseTier = "foundation" | "preparation" | "partner";

export interface Track {
  id: string;
  title: string;
  description: string;
  courseTier: CourseTier;
  /** 1–9 for the course's sessions, 10 on for the partner sessions: the order they are presented in. */
  order: number;
  /** The file in the audio bucket. */
  audioFile: string;
}

const track = (
  order: number,
  id: string,
  title: string,
  courseTier: CourseTier,
  description: string,
): Track => ({
  id,
  title,
  description,
  courseTier,
  order,
  audioFile: `${id}.mp3`,
});

export const TRACKS: readonly Track[] = [
  track(
    1,
    "affirmations-purpose",
    "Affirmations One",
    "foundation",
    "Gentle, positive words to settle your mind and build trust in your body. A calm place to begin.",
  ),
  track(
    2,
    "affirmations-2",
    "Affirmations Two",
    "foundation",
    "A second set of affirmations for the weeks ahead, for quiet moments and for bedtime.",
  ),
  track(
    3,
    "pregnancy-relaxation",
    "Pregnancy Relaxation and Wellbeing",
    "preparation",
    "A slow body scan that releases tension from head to toe and leaves you rested.",
  ),
  track(
    4,
    "prepare-for-birth",
    "Prepare for Birth",
    "preparation",
    "A calm rehearsal of labour and birth with breathing and visualisation. Most days from 34 weeks.",
  ),
  track(
    5,
    "fear-release",
    "Fear Release",
    "preparation",
    "Notice your worries, name them, and let them soften, one breath at a time.",
  ),
  track(
    6,
    "breathing-bonding",
    "Breathing & Bonding",
    "preparation",
    "Slow breathing that brings you closer to your baby, for you and your birth partner.",
  ),
  track(
    7,
    "practice-contractions",
    "Practice Contractions",
    "preparation",
    "Rehearse surge breathing: in for four, out for eight, riding each wave as it comes and goes.",
  ),
  track(
    8,
    "positive-caesarean",
    "Positive Caesarean Birth",
    "preparation",
    "Calm preparation for a planned or unplanned caesarean, so it can be a positive birth too.",
  ),
  track(
    9,
    "adjusting-to-parenthood",
    "Adjusting to Parenthood",
    "preparation",
    "Rest and reassurance for the first weeks with your baby, whenever you find a quiet moment.",
  ),
];

/**
 * The birth partner support sessions the Complete Course promises. Listed in
 * the library's "Hypno Partner Course" group once the owner launches it
 * (PARTNER_COURSE=on); a partner's own portal shows them either way.
 */
export const PARTNER_SESSIONS: readonly Track[] = [
  track(
    10,
    "partner-holding-the-space",
    "Holding the Space",
    "partner",
    "For birth partners: find your own calm first, then help keep the room quiet, dim and protected, so you can simply be there.",
  ),
  track(
    11,
    "partner-your-calm-voice",
    "Your Calm Voice",
    "partner",
    "For birth partners: how to read scripts and affirmations slowly and softly, practise together and agree cue words before the day.",
  ),
  track(
    12,
    "partner-through-the-waves",
    "Through the Waves",
    "partner",
    "For birth partners: breathe with her through each surge, offer gentle reminders, ask calm questions, and stay beside her if plans change.",
  ),
];

/** Every recording a member can be signed in to play: the course's nine and the partner sessions. */
export const ALL_SESSIONS: readonly Track[] = [...TRACKS, ...PARTNER_SESSIONS];

export interface CourseGroup {
  tier: CourseTier;
  title: string;
  comingSoon: boolean;
}

export const COURSE_GROUPS: readonly CourseGroup[] = [
  { tier: "foundation", title: "Hypno Foundation Course", comingSoon: false },
  { tier: "preparation", title: "Hypno Preparation Course", comingSoon: false },
  { tier: "partner", title: "Hypno Partner Course", comingSoon: true },
];

/** The landing page's preview, open to everyone. */
export const PREVIEW_AUDIO_FILE = "preview.mp3";

/**
 * The owner's settings as this instance last read them (session-settings.server.ts
 * brings them up to date before each request is answered); the course as written
 * until then, and in the browser.
 */
let settings: SessionSettings = COURSE_AS_WRITTEN;

export function applySessionSettings(next: SessionSettings): void {
  settings = next;
}

/** Every session of a group, in the owner's order, whatever its state: the studio's list. */
export function sessionsIn(tier: CourseTier): Track[] {
  return inHerOrder(
    ALL_SESSIONS.filter((t) => t.courseTier === tier),
    settings,
  );
}

/** A group's sessions members are offered (all but those she marked coming soon), in her order. */
export function tracksIn(tier: CourseTier): Track[] {
  return sessionsIn(tier).filter((track) => !withheld(settings, track.id));
}

/** The course's sessions members are offered, by id, in her order: what the player steps through. */
export function offeredCourseOrder(): string[] {
  const tiers = [...new Set(TRACKS.map((track) => track.courseTier))];
  return tiers.flatMap((tier) => tracksIn(tier)).map((track) => track.id);
}

/** She marked this session coming soon: only she may play it. */
export function isWithheld(track: Pick<Track, "id">): boolean {
  return withheld(settings, track.id);
}

/**
 * A session's state: hers if she set one; otherwise published, but for the partner
 * sessions, "Coming Soon" until the partner course is launched (PARTNER_COURSE=on).
 */
export function stateOf(track: Track, partnerCourseLaunched: boolean): SessionState {
  const own = settings.get(track.id)?.state;
  if (own) return own;
  return track.courseTier === "partner" && !partnerCourseLaunched ? "coming-soon" : "published";
}

/** A course group as the library and the course page list it: its published sessions, in her order. */
export interface ListedGroup extends CourseGroup {
  tracks: Track[];
}

/** The groups with the sessions they list: a group with none published is "Coming Soon". */
export function courseGroups(partnerCourseLaunched: boolean): ListedGroup[] {
  return COURSE_GROUPS.map((group) => {
    const tracks = sessionsIn(group.tier).filter(
      (track) => stateOf(track, partnerCourseLaunched) === "published",
    );
    return { ...group, comingSoon: tracks.length === 0, tracks };
  });
}

/** Every track the library lists, in its order. */
export function listedTracks(partnerCourseLaunched: boolean): Track[] {
  return courseGroups(partnerCourseLaunched).flatMap((group) => group.tracks);
}

export function findTrack(id: string): Track | undefined {
  return ALL_SESSIONS.find((t) => t.id === id);
}

/** What the player needs to play a track (the page-wide playAudioTrack event's detail). */
export function playable(track: Track): Pick<Track, "id" | "title" | "audioFile" | "courseTier"> {
  return { id: track.id, title: track.title, audioFile: track.audioFile, courseTier: track.courseTier };
}
