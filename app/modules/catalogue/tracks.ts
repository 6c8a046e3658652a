/**
 * The course's audio sessions: ids, titles, order and tier are fixed (content/README.md).
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

/** The groups as the library and the course page list them: the partner group is "Coming Soon" until launched. */
export function courseGroups(partnerCourseLaunched: boolean): CourseGroup[] {
  return COURSE_GROUPS.map((group) =>
    group.tier === "partner" ? { ...group, comingSoon: !partnerCourseLaunched } : group,
  );
}

/** The landing page's preview, open to everyone. */
export const PREVIEW_AUDIO_FILE = "preview.mp3";

export function tracksIn(tier: CourseTier): Track[] {
  return ALL_SESSIONS.filter((t) => t.courseTier === tier).sort((a, b) => a.order - b.order);
}

/** The tracks a course group lists: none while it is "Coming Soon". */
export function listedIn(group: CourseGroup): Track[] {
  return group.comingSoon ? [] : tracksIn(group.tier);
}

/** Every track the library lists, in its order. */
export function listedTracks(partnerCourseLaunched: boolean): Track[] {
  return courseGroups(partnerCourseLaunched).flatMap(listedIn);
}

export function findTrack(id: string): Track | undefined {
  return ALL_SESSIONS.find((t) => t.id === id);
}

/** What the player needs to play a track (the page-wide playAudioTrack event's detail). */
export function playable(track: Track): Pick<Track, "id" | "title" | "audioFile" | "courseTier"> {
  return { id: track.id, title: track.title, audioFile: track.audioFile, courseTier: track.courseTier };
}
