import type { Db } from "#app/platform/db.server.ts";
import type { Member } from "#app/modules/accounts/session.server.ts";
import { canPlayTrack, viewerOf } from "#app/modules/catalogue/access.ts";
import { playable, tracksIn } from "#app/modules/catalogue/tracks.ts";
import type { MediaFacts } from "#app/modules/media/facts.server.ts";
import { mostPlayed } from "#app/modules/listening/listening.server.ts";
import { courseWelcome, putAwayCourseWelcome } from "#app/modules/payments/course-welcome.server.ts";
import {
  handleProgrammeAction,
  type ProgrammeActionContext,
  type ProgrammeActionResult,
} from "./actions.server.ts";
import type { CalendarDate } from "#app/modules/calendar/dates.ts";
import { paceFor } from "./pace.ts";
import { arrivalNote, streaksShown } from "./postnatal.ts";
import { loadProgramme, practiceToday, scheduleFor } from "./program.server.ts";
import { offersLabourMode } from "#app/modules/labour/way-in.ts";
import { onboardingRange, pregnancyWeek } from "./program.ts";
import { progressOf } from "./progress.ts";
import { todayCard } from "./today.server.ts";

/** What the dashboard reads with: the database, the recordings' facts, and the days she practised with her partner. */
export interface DashboardDeps<Together> {
  db: Db;
  mediaFacts: MediaFacts;
  /**
   * The days she and her birth partner both listened, beside her streak (the count only where her pages
   * show streaks), or null without a partner: the partner seat's (`togetherOnDashboard`), handed in by
   * the dashboard's route, so the programme doesn't reach up to the partner seat.
   */
  together: (
    db: Db,
    member: Pick<Member, "id">,
    today: CalendarDate,
    streaksShown: boolean,
  ) => Promise<Together>;
}

/**
 * Everything the dashboard shows a member on her `today`: her programme, today's
 * practice, her listening; once her baby has arrived, the congratulation first.
 */
export async function dashboardFor<Together>(
  deps: DashboardDeps<Together>,
  member: Member,
  today: CalendarDate,
) {
  const programme = await loadProgramme(deps.db, member.id, today);
  const viewer = viewerOf(member);
  const practice = practiceToday(programme, today, viewer);
  const progress = progressOf(programme, today);
  const [todayData, unlocked, favourites, together] = await Promise.all([
    todayCard(deps, member.id, programme, practice),
    courseWelcome(deps.db, member, playable(practice.track)),
    mostPlayed(deps.db, member.id),
    deps.together(deps.db, member, today, streaksShown(programme)),
  ]);
  return {
    firstName: member.firstName,
    programme: {
      saved: programme.hasSavedDate,
      dueDate: programme.dueDate,
      isInduction: programme.isInduction,
      bornOn: programme.baby?.bornOn ?? null,
      days: scheduleFor(programme, today, viewer),
    },
    tracks: [...tracksIn("foundation"), ...tracksIn("preparation")].map((track) => ({
      id: track.id,
      title: track.title,
      listened: progress.tracksListened.includes(track.id),
      locked: !canPlayTrack(viewer, track),
    })),
    onboarding: onboardingRange(today),
    today: todayData,
    baby: programme.baby ? arrivalNote(programme.baby, today) : null,
    // Beside the fourteen days: an early plan, the labour essentials, or today's suggestion.
    pace: paceFor({
      dueDate: programme.dueDate,
      isInduction: programme.isInduction,
      saved: programme.hasSavedDate,
      today,
      babyArrived: programme.baby !== null,
      viewer,
      start: programme.start,
      favourites,
      earlyPlanChosen: programme.earlyPlanFrom !== null,
    }),
    unlocked,
    together,
    labourMode: offersLabourMode({
      hasSavedDate: programme.hasSavedDate,
      babyArrived: programme.baby !== null,
      pregnancyWeek: pregnancyWeek(programme.dueDate, today),
    }),
    hasPremium: member.hasPremium,
  };
}

/**
 * Every form the dashboard posts: putting away the card of what the Complete
 * Course unlocked, and the programme's forms, answered as on its own page.
 */
export async function answerDashboardForm(
  formData: FormData,
  ctx: ProgrammeActionContext,
): Promise<ProgrammeActionResult> {
  if (formData.get("intent") === "put-away-welcome") {
    await putAwayCourseWelcome(ctx.db, ctx.member.id);
    return { intent: "put-away-welcome", ok: true, status: 200 };
  }
  return handleProgrammeAction(formData, ctx);
}
