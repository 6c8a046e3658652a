import { formatLongDate, type CalendarDate } from "./calendar.ts";
import { arrivalNote, streaksShown } from "./postnatal.ts";
import { achievements, currentStreak, type Achievement } from "./practice.ts";
import type { Programme } from "./program.server.ts";
import { pregnancyWeek, weeksRemaining } from "./program.ts";

/** The journey's figures on the profile page. */
export interface ProfileStats {
  completedSessions: number;
  /** Today's streak: 0 once it has ended; null (with the longest) when her pages show no streaks. */
  streak: number | null;
  longestStreak: number | null;
  pregnancyWeek: number;
  weeksRemaining: number;
  /** Once her baby has arrived, the baby's age and birth day, in place of the weeks to go. */
  baby: { age: string; bornOn: string } | null;
}

export interface ProfileJourney {
  date: { label: string; text: string };
  stats: ProfileStats;
  achievements: Achievement[];
}

/**
 * What the profile page shows of the member's programme: her date, her
 * practice so far, what she has earned. With streaks hidden (her setting, or
 * her baby has arrived), no streak figure and no streak achievement (her data
 * export still has them).
 */
export function profileJourney(
  programme: Pick<
    Programme,
    "dueDate" | "isInduction" | "hasSavedDate" | "completedAudios" | "practice" | "hideStreaks" | "baby"
  >,
  today: CalendarDate,
): ProfileJourney {
  const shown = streaksShown(programme);
  const baby = programme.baby ? arrivalNote(programme.baby, today) : null;
  return {
    date: {
      label: programme.isInduction ? "Induction date" : "Due date",
      text: `${formatLongDate(programme.dueDate)}${programme.hasSavedDate ? "" : " (Default Schedule)"}`,
    },
    stats: {
      completedSessions: programme.completedAudios,
      streak: shown ? currentStreak(programme.practice, today) : null,
      longestStreak: shown ? programme.practice.longest : null,
      pregnancyWeek: pregnancyWeek(programme.dueDate, today),
      weeksRemaining: weeksRemaining(programme.dueDate, today),
      baby: baby ? { age: baby.ageShort, bornOn: baby.bornOn } : null,
    },
    achievements: achievements(programme.completedAudios, programme.practice.longest).filter(
      (item) => shown || item.id !== "seven-day-streak",
    ),
  };
}
