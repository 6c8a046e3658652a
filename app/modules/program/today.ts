import { canPlayTrack, type Viewer } from "#app/modules/catalogue/access.ts";
import { findTrack, tracksIn, type Track } from "#app/modules/catalogue/tracks.ts";
import type { CalendarDate } from "#app/modules/calendar/dates.ts";
import { sessionBeforeProgramme } from "./pace.ts";
import {
  defaultDueDate,
  programmeStart,
  todayInProgramme,
  type ProgrammeDay,
  type TodayInProgramme,
} from "./program.ts";

/**
 * What a member practises today. The programme's day names a track; when the
 * member can't play it (a Complete Course track for a free member)
 * they practise with a Foundation track meanwhile, and the day still counts.
 * Before the programme starts, and after it ends, there is still a track for
 * today, so no member is ever shown a dead end.
 */
export interface TodaysPractice {
  where: TodayInProgramme;
  /** The programme's day today (the first day before it starts, the last after it ends). */
  day: ProgrammeDay;
  /** The track that day names. */
  scheduled: Track;
  /** The track to play today: the scheduled one, or a free one standing in for it. */
  track: Track;
  /** The free track stands in for a Complete Course track. */
  standIn: boolean;
}

export function todaysPractice(start: CalendarDate, today: CalendarDate, viewer: Viewer): TodaysPractice {
  const where = todayInProgramme(start, today);
  const day = where.status === "active" ? where.day : where.status === "upcoming" ? where.first : where.last;
  const scheduled = findTrack(day.trackId) ?? tracksIn("foundation")[0]!;
  if (where.status === "upcoming") {
    // Not started: what she can play now. With the Complete Course, what she bought (the early plan's
    // session, or from 34 weeks Prepare for Birth); otherwise the free tracks, whatever the first day holds.
    const bought = canPlayTrack(viewer, scheduled) ? sessionBeforeProgramme(viewer, today, start) : null;
    const track = bought ?? freeTrackFor(where.startsInDays);
    return { where, day, scheduled, track, standIn: track.id !== scheduled.id };
  }
  if (canPlayTrack(viewer, scheduled)) return { where, day, scheduled, track: scheduled, standIn: false };
  return { where, day, scheduled, track: standInFor(day), standIn: true };
}

/** The free track a member without the Complete Course practises with on this day of the programme. */
export function standInFor(day: Pick<ProgrammeDay, "week" | "day">): Track {
  return freeTrackFor((day.week - 1) * 7 + day.day);
}

/** The Foundation tracks take turns, day by day. */
function freeTrackFor(dayNumber: number): Track {
  const free = tracksIn("foundation");
  return free[(dayNumber + free.length - 1) % free.length]!;
}

/** The programme's start for a profile: the saved one, or the one its due date (or the default) implies. */
export function startOf(
  profile: { program_start_date: string | null; due_date: string | null } | undefined,
  today: CalendarDate,
): CalendarDate {
  return profile?.program_start_date ?? programmeStart(profile?.due_date ?? defaultDueDate(today), today);
}

/** A track as the dashboard's Today card offers it. */
export interface TodayTrack {
  id: string;
  title: string;
  audioFile: string;
  courseTier: Track["courseTier"];
  /** "22 mins", read from the recording. */
  length: string | null;
  /** "4:12" when the member stopped part-way through. */
  resumeAt: string | null;
}

export type TodayCardData =
  | {
      status: "active" | "finished";
      track: TodayTrack;
      /** The Complete Course session a free track stands in for today. */
      standsInFor: string | null;
      practisedToday: boolean;
    }
  | {
      status: "upcoming";
      startsOn: string;
      startsInDays: number;
      /** She has the Complete Course: `tracks` is today's session from it; otherwise the free sessions. */
      bought: boolean;
      tracks: TodayTrack[];
    };
