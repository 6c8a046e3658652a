import { formatLongDate, type CalendarDate } from "./calendar.ts";
import { achievements, currentStreak, type Achievement } from "./practice.ts";
import type { Programme } from "./program.server.ts";
import { pregnancyWeek, weeksRemaining } from "./program.ts";

/** The journey's figures on the profile page. */
export interface ProfileStats {
  completedSessions: number;
  /** Today's streak: 0 once it has ended; null (with the longest) when she hides streaks. */
  streak: number | null;
  longestStreak: number | null;
  pregnancyWeek: number;
  weeksRemaining: number;
}

export interface ProfileJourney {
  date: { label: string; text: string };
  stats: ProfileStats;
  achievements: Achievement[];
}

/**
 * What the profile page shows of the member's programme: her date, her
 * practice so far, what she has earned. With streaks hidden, no streak figure
 * and no streak achievement (her data export still has them).
 */
export function profileJourney(
  programme: Pick<
    Programme,
    "dueDate" | "isInduction" | "hasSavedDate" | "completedAudios" | "practice" | "hideStreaks"
  >,
  today: CalendarDate,
): ProfileJourney {
  const hidden = programme.hideStreaks;
  return {
    date: {
      label: programme.isInduction ? "Induction date" : "Due date",
      text: `${formatLongDate(programme.dueDate)}${programme.hasSavedDate ? "" : " (Default Schedule)"}`,
    },
    stats: {
      completedSessions: programme.completedAudios,
      streak: hidden ? null : currentStreak(programme.practice, today),
      longestStreak: hidden ? null : programme.practice.longest,
      pregnancyWeek: pregnancyWeek(programme.dueDate, today),
      weeksRemaining: weeksRemaining(programme.dueDate, today),
    },
    achievements: achievements(programme.completedAudios, programme.practice.longest).filter(
      (item) => !hidden || item.id !== "seven-day-streak",
    ),
  };
}
