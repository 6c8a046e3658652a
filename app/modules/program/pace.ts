import { canPlayTrack, type Viewer } from "#app/modules/catalogue/access.ts";
import { findTrack, playable, TRACKS, type Track } from "#app/modules/catalogue/tracks.ts";
import { LABOUR_TRACK_IDS } from "#app/modules/labour/playlist.ts";
import { addDays, daysBetween, type CalendarDate } from "#app/modules/calendar/dates.ts";
import { PROGRAMME_LENGTH_DAYS, programmeStart } from "./program.ts";

/**
 * The pace around the two-week programme, pure: from her due (or induction) date,
 * her programme's first day and her today, what the dashboard offers beside the
 * programme's fourteen days, which stay exactly as they are.
 *
 * - early: more than 14 days before her programme starts. A gentle early plan she may
 *   choose ("Start gently now") and follow from the library: three sessions a week, on
 *   Monday, Wednesday and Saturday, from the tracks she can play, taking turns in the
 *   catalogue's order.
 * - programme: up to 14 days before the start, or within the 14 days when they end on or
 *   before her due date; and always with no saved date (the Default Schedule). Nothing extra.
 * - late: within the 14 days when they run past her due date (she joined late):
 *   the labour essentials, a few labour tracks she can play.
 * - maintenance: after day 14, until the birth: one suggestion a day, taking turns through
 *   the tracks she plays most and the labour set.
 * - postnatal: her baby has arrived; pacing offers nothing.
 */

/** A track ready for the player. */
export type PaceTrack = ReturnType<typeof playable>;

export interface EarlySession {
  date: CalendarDate;
  track: PaceTrack;
}

export type Pace =
  | {
      phase: "early";
      /** She chose "Start gently now": the sessions are hers to follow; until then, an invitation. */
      chosen: boolean;
      /** This week's three sessions, Monday to Sunday, in date order. */
      sessions: EarlySession[];
      /** The session dated today, if any. */
      today: EarlySession | null;
      /** The first of the fourteen days. */
      programmeStartsOn: CalendarDate;
      /**
       * The course's guidance, Prepare for Birth most days from 34 weeks: the day 34 weeks
       * begins, and the track when she can play it (null: it is in the Complete Course).
       */
      rehearsal: { from: CalendarDate; begun: boolean; track: PaceTrack | null };
    }
  | { phase: "programme" }
  | { phase: "late"; essentials: PaceTrack[] }
  | { phase: "maintenance"; suggestion: PaceTrack | null }
  | { phase: "postnatal" };

export type PacePhase = Pace["phase"];

export interface PaceInput {
  /** Her due or induction date; the default due date when she has saved none. */
  dueDate: CalendarDate;
  isInduction: boolean;
  /** Whether she saved a date. */
  saved: boolean;
  /** Her calendar date. */
  today: CalendarDate;
  babyArrived: boolean;
  viewer: Viewer;
  /** Her programme's first day as saved; without it, `programmeStart(dueDate, today)`. */
  start?: CalendarDate;
  /** Track ids she has played most, most-played first. */
  favourites?: readonly string[];
  /** She chose "Start gently now" (and hasn't put the early plan away). */
  earlyPlanChosen?: boolean;
}

/** The days of the week an early plan's sessions fall on (0 is Monday). */
const EARLY_PLAN_WEEKDAYS = [0, 2, 5] as const;

/** Early-plan tracks: every course session but the one for after the birth, in catalogue order. */
const EARLY_PLAN_TRACK_IDS: readonly string[] = [...TRACKS]
  .sort((a, b) => a.order - b.order)
  .map((track) => track.id)
  .filter((id) => id !== "adjusting-to-parenthood");

/** The week of pregnancy from which the course asks for its birth rehearsal most days. */
const REHEARSAL_FROM_WEEK = 34;
const REHEARSAL_TRACK_ID = "prepare-for-birth";

/**
 * The first day of week 34 for a programme starting on `start` (two weeks
 * before the due date): week 34 begins 48 days before the due date, as
 * `pregnancyWeek` counts (40 minus whole weeks remaining).
 */
export function rehearsalFrom(start: CalendarDate): CalendarDate {
  const due = addDays(start, PROGRAMME_LENGTH_DAYS);
  return addDays(due, -((40 - REHEARSAL_FROM_WEEK) * 7 + 6));
}

/**
 * Today's session before her programme, from the Complete Course she bought
 * (never only a free track): the early plan's session when today has one from
 * it; from 34 weeks, Prepare for Birth on the other days (most days, as the
 * course asks); before then, the early plan's Complete Course tracks in turn,
 * one a day. Null when she has none of them.
 */
export function sessionBeforeProgramme(
  viewer: Viewer,
  today: CalendarDate,
  start: CalendarDate,
): Track | null {
  const bought = playableTracks(viewer, EARLY_PLAN_TRACK_IDS).filter(
    (track) => track.courseTier !== "foundation",
  );
  const planned = earlySessions(viewer, today).find((session) => session.date === today);
  const plannedTrack = bought.find((track) => track.id === planned?.track.id);
  if (plannedTrack) return plannedTrack;
  const rehearsal = bought.find((track) => track.id === REHEARSAL_TRACK_ID);
  if (rehearsal && today >= rehearsalFrom(start)) return rehearsal;
  return bought.length === 0 ? null : bought[mod(dayNumber(today), bought.length)]!;
}

/** The labour essentials, in the order shown: breathing, contractions, the birth rehearsal. */
const LABOUR_ESSENTIAL_IDS = [
  "practice-contractions",
  "breathing-bonding",
  "prepare-for-birth",
  "affirmations-purpose",
] as const;

/** What a free member plays in their place: the Foundation tracks. */
const FREE_STAND_IN_IDS = ["affirmations-purpose", "affirmations-2"] as const;

const LABOUR_ESSENTIALS_MAX = 4;

/** A Monday, so whole weeks count from it. */
const EPOCH_MONDAY: CalendarDate = "1970-01-05";

const dayNumber = (date: CalendarDate) => daysBetween(EPOCH_MONDAY, date);
const mod = (n: number, m: number) => ((n % m) + m) % m;

function playableTracks(viewer: Viewer, ids: readonly string[]): Track[] {
  const seen = new Set<string>();
  const tracks: Track[] = [];
  for (const id of ids) {
    const track = findTrack(id);
    if (!track || seen.has(id) || !canPlayTrack(viewer, track)) continue;
    seen.add(id);
    tracks.push(track);
  }
  return tracks;
}

/** Her phase, from the dates alone. */
export function pacePhase(input: Omit<PaceInput, "viewer" | "favourites" | "earlyPlanChosen">): PacePhase {
  if (input.babyArrived) return "postnatal";
  if (!input.saved) return "programme";
  const start = input.start ?? programmeStart(input.dueDate, input.today);
  const untilStart = daysBetween(input.today, start);
  if (untilStart > PROGRAMME_LENGTH_DAYS) return "early";
  if (untilStart > 0) return "programme";
  const end = addDays(start, PROGRAMME_LENGTH_DAYS - 1);
  if (daysBetween(end, input.today) > 0) return "maintenance";
  return daysBetween(input.dueDate, end) > 0 ? "late" : "programme";
}

/** This week's early sessions: Monday, Wednesday and Saturday, the tracks taking turns. */
export function earlySessions(viewer: Viewer, today: CalendarDate): EarlySession[] {
  const tracks = playableTracks(viewer, EARLY_PLAN_TRACK_IDS);
  if (tracks.length === 0) return [];
  const week = Math.floor(dayNumber(today) / 7);
  const monday = addDays(EPOCH_MONDAY, week * 7);
  return EARLY_PLAN_WEEKDAYS.map((weekday, slot) => ({
    date: addDays(monday, weekday),
    track: playable(tracks[mod(week * EARLY_PLAN_WEEKDAYS.length + slot, tracks.length)]!),
  }));
}

/** Up to four labour tracks she can play; a free member's filled with the Foundation tracks. */
function labourEssentials(viewer: Viewer): PaceTrack[] {
  return playableTracks(viewer, [...LABOUR_ESSENTIAL_IDS, ...FREE_STAND_IN_IDS])
    .slice(0, LABOUR_ESSENTIALS_MAX)
    .map(playable);
}

/** Today's suggestion: her three most-played tracks, then the labour set, one a day in turn. */
function maintenanceSuggestion(
  viewer: Viewer,
  today: CalendarDate,
  favourites: readonly string[] = [],
): PaceTrack | null {
  const pool = playableTracks(viewer, [...favourites.slice(0, 3), ...LABOUR_TRACK_IDS]);
  return pool.length === 0 ? null : playable(pool[mod(dayNumber(today), pool.length)]!);
}

export function paceFor(input: PaceInput): Pace {
  const phase = pacePhase(input);
  switch (phase) {
    case "early": {
      const sessions = earlySessions(input.viewer, input.today);
      const start = input.start ?? programmeStart(input.dueDate, input.today);
      const rehearsal = findTrack(REHEARSAL_TRACK_ID);
      return {
        phase,
        chosen: input.earlyPlanChosen ?? false,
        sessions,
        today: sessions.find((session) => session.date === input.today) ?? null,
        programmeStartsOn: start,
        rehearsal: {
          from: rehearsalFrom(start),
          begun: input.today >= rehearsalFrom(start),
          track: rehearsal && canPlayTrack(input.viewer, rehearsal) ? playable(rehearsal) : null,
        },
      };
    }
    case "late":
      return { phase, essentials: labourEssentials(input.viewer) };
    case "maintenance":
      return { phase, suggestion: maintenanceSuggestion(input.viewer, input.today, input.favourites) };
    default:
      return { phase };
  }
}
