import { formatLongDate, type CalendarDate } from "#app/modules/calendar/dates.ts";
import { arrivalNote, streaksShown } from "./postnatal.ts";
import { achievements, type Achievement } from "./practice.ts";
import type { Programme } from "./program.server.ts";
import { progressOf, type ProgressFacts } from "./progress.ts";
import { pregnancyWeek, weeksRemaining } from "./program.ts";

/** The journey's figures on the profile page (each counted by progress.ts). */
export interface ProfileStats {
  sessionsFinished: number;
  programmeDaysDone: number;
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
  programme: Pick<Programme, "dueDate" | "isInduction" | "hasSavedDate" | "hideStreaks" | "baby"> &
    ProgressFacts,
  today: CalendarDate,
): ProfileJourney {
  const shown = streaksShown(programme);
  const progress = progressOf(programme, today);
  const baby = programme.baby ? arrivalNote(programme.baby, today) : null;
  return {
    date: {
      label: programme.isInduction ? "Induction date" : "Due date",
      text: `${formatLongDate(programme.dueDate)}${programme.hasSavedDate ? "" : " (Default Schedule)"}`,
    },
    stats: {
      sessionsFinished: progress.sessionsFinished,
      programmeDaysDone: progress.programmeDaysDone,
      streak: shown ? progress.streak : null,
      longestStreak: shown ? progress.longestStreak : null,
      pregnancyWeek: pregnancyWeek(programme.dueDate, today),
      weeksRemaining: weeksRemaining(programme.dueDate, today),
      baby: baby ? { age: baby.ageShort, bornOn: baby.bornOn } : null,
    },
    achievements: achievements(progress.sessionsFinished, progress.longestStreak).filter(
      (item) => shown || item.id !== "seven-day-streak",
    ),
  };
}
