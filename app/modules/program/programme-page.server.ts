import type { Db } from "#app/platform/db.server.ts";
import type { Member } from "#app/modules/accounts/session.server.ts";
import { viewerOf } from "#app/modules/catalogue/access.ts";
import { countOf } from "#app/modules/words/plural.ts";
import { formatLongDate, type CalendarDate } from "#app/modules/calendar/dates.ts";
import { DAILY_FOCUS } from "./focus.ts";
import { arrivalNote, streaksShown } from "./postnatal.ts";
import { canSharePartnerLink, streakBadge } from "./practice.ts";
import { progressOf } from "./progress.ts";
import { loadProgramme, practiceToday, scheduleFor } from "./program.server.ts";
import { daysUntil, pregnancyWeek, weeksRemaining } from "./program.ts";

/** Her journey before the birth: her date, the days and weeks to go, and where she is in the programme. */
export interface ProgrammeJourney {
  saved: boolean;
  isInduction: boolean;
  /** Her due (or induction) date, written out. */
  dueDate: string;
  daysUntil: number;
  pregnancyWeek: number;
  weeksRemaining: number;
  /** Where she is in the programme, in a sentence. */
  where: string;
}

/**
 * Everything her programme page shows on her `today`: her journey (once her
 * baby is here, the baby's), today's practice and its focus, and the full
 * schedule.
 */
export async function programmePage(db: Db, member: Member, today: CalendarDate) {
  const programme = await loadProgramme(db, member.id, today);
  const viewer = viewerOf(member);
  const { where, track, scheduled, standIn, practisedToday } = practiceToday(programme, today, viewer);
  // Hidden streaks are counted all the same, but neither the number nor the badge leaves the server.
  const streak = streaksShown(programme) ? progressOf(programme, today).streak : null;
  // Once her baby is here, the journey is the baby's, and nothing counts down or urges.
  const baby = programme.baby ? arrivalNote(programme.baby, today) : null;
  const journey: ProgrammeJourney = {
    saved: programme.hasSavedDate,
    isInduction: programme.isInduction,
    dueDate: formatLongDate(programme.dueDate),
    daysUntil: daysUntil(programme.dueDate, today),
    pregnancyWeek: pregnancyWeek(programme.dueDate, today),
    weeksRemaining: weeksRemaining(programme.dueDate, today),
    where:
      where.status === "active"
        ? `Week ${where.day.week}, day ${where.day.day} of your programme`
        : where.status === "upcoming"
          ? `Your programme begins in ${countOf(where.startsInDays, "day")}`
          : "You've finished the two weeks: keep practising your favourites",
  };
  return {
    journey,
    baby,
    practice: {
      heading: baby
        ? "A session, whenever you'd like one"
        : where.status === "active"
          ? "Today's audio"
          : "A session for today",
      track: {
        id: track.id,
        title: track.title,
        description: track.description,
        audioFile: track.audioFile,
        courseTier: track.courseTier,
      },
      standsInFor: standIn && where.status !== "upcoming" ? scheduled.title : null,
      streak,
      badge: streak === null ? null : streakBadge(streak),
      practisedToday,
      canShare: canSharePartnerLink(programme.practice, today),
    },
    focus: DAILY_FOCUS[track.id] ?? null,
    days: scheduleFor(programme, today, viewer),
    hasPremium: member.hasPremium,
  };
}
