import type { Db } from "#app/platform/db.server.ts";
import { formatDuration } from "#app/modules/catalogue/format.ts";
import { playable, tracksIn, type Track } from "#app/modules/catalogue/tracks.ts";
import { savedPosition } from "#app/modules/listening/listening.server.ts";
import type { MediaFacts } from "#app/modules/media/facts.server.ts";
import { formatClock, resumeFrom } from "#app/modules/listening/player.ts";
import { formatLongDate } from "#app/modules/calendar/dates.ts";
import type { practiceToday, Programme } from "./program.server.ts";
import type { TodayCardData, TodayTrack } from "./today.ts";

/** The dashboard's Today card for the member: today's session with its length and where they stopped. */
export async function todayCard(
  deps: { db: Db; mediaFacts: MediaFacts },
  memberId: string,
  programme: Programme,
  practice: ReturnType<typeof practiceToday>,
): Promise<TodayCardData> {
  const offer = async (track: Track): Promise<TodayTrack> => {
    const [seconds, position] = await Promise.all([
      deps.mediaFacts.audioDuration(track.audioFile),
      savedPosition(deps.db, memberId, track.id),
    ]);
    // The player resumes from the same place (unless this device saved a later one).
    const resume = resumeFrom(null, position, seconds ?? undefined);
    return {
      ...playable(track),
      length: formatDuration(seconds),
      resumeAt: resume > 0 ? formatClock(resume) : null,
    };
  };
  if (practice.where.status === "upcoming") {
    // With the Complete Course, today's session from it; otherwise the free sessions.
    const bought = practice.track.courseTier !== "foundation";
    return {
      status: "upcoming",
      startsOn: formatLongDate(programme.start),
      startsInDays: practice.where.startsInDays,
      bought,
      tracks: await Promise.all((bought ? [practice.track] : tracksIn("foundation")).map(offer)),
    };
  }
  return {
    status: practice.where.status,
    track: await offer(practice.track),
    standsInFor: practice.standIn ? practice.scheduled.title : null,
    practisedToday: practice.practisedToday,
  };
}
