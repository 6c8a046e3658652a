import { formatLongDate, type CalendarDate } from "./calendar.ts";
import { achievements, currentStreak, type Achievement } from "./practice.ts";
import type { Programme } from "./program.server.ts";
import { pregnancyWeek, weeksRemaining } from "./program.ts";

/** The journey's figures on the profile page. */
export interface ProfileStats {
  completedSessions: number;
  /** Today's streak: 0 once a day has been missed. */
  streak: number;
  longestStreak: number;
  pregnancyWeek: number;
  weeksRemaining: number;
}

export interface ProfileJourney {
  date: { label: string; text: string };
  stats: ProfileStats;
  achievements: Achievement[];
}

/** What the profile page shows of the member's programme: her date, her practice so far, what she has earned. */
export function profileJourney(
  programme: Pick<Programme, "dueDate" | "isInduction" | "hasSavedDate" | "completedAudios" | "practice">,
  today: CalendarDate,
): ProfileJourney {
  return {
    date: {
      label: programme.isInduction ? "Induction date" : "Due date",
      text: `${formatLongDate(programme.dueDate)}${programme.hasSavedDate ? "" : " (Default Schedule)"}`,
    },
    stats: {
      completedSessions: programme.completedAudios,
      streak: currentStreak(programme.practice, today),
      longestStreak: programme.practice.longest,
      pregnancyWeek: pregnancyWeek(programme.dueDate, today),
      weeksRemaining: weeksRemaining(programme.dueDate, today),
    },
    achievements: achievements(programme.completedAudios, programme.practice.longest),
  };
}
