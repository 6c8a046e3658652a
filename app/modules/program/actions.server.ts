import type { Db } from "#app/platform/db.server.ts";
import type { Logger } from "#app/platform/log.server.ts";
import { babyArrival, setEarlyPlan, streaksHidden } from "./programme-settings.server.ts";
import { canPlayTrack, viewerOf } from "#app/modules/catalogue/access.ts";
import { findTrack } from "#app/modules/catalogue/tracks.ts";
import { formatLongDate, isCalendarDate, type CalendarDate } from "#app/modules/calendar/dates.ts";
import { HER_PREGNANCY_REFUSAL, isHerPregnancyIntent, programmeIntentSchema } from "./forms.ts";
import { programmeMessages as m } from "./messages.ts";
import { streaksShown } from "./postnatal.ts";
import { isPractiseDay } from "./practice.ts";
import {
  completeDailyPractice,
  saveDueDate,
  setActivityCompleted,
  setTrackListened,
} from "./program.server.ts";
import { isWithinOnboardingRange, parseInlineDate } from "./program.ts";

/**
 * Every programme form's action, in one place: the dashboard, the programme
 * page and the profile post here. The member's id comes from the session.
 */
export interface ProgrammeActionContext {
  db: Db;
  log: Logger;
  member: { id: string; hasPremium: boolean; isPartner?: boolean };
  today: CalendarDate;
  baseUrl: string;
  /** Her read-only partner link, made and turned off by its forms here. */
  partnerLink: PartnerLinkStore;
}

/**
 * Where her partner link is kept: the partner seat's (`partnerLinks`, on its
 * table), handed in by the page that posts the form, so the programme doesn't
 * reach up to the module that shows her programme to her partner. `create`
 * answers the new link's token.
 */
export interface PartnerLinkStore {
  create(db: Db, userId: string): Promise<string>;
  revoke(db: Db, userId: string): Promise<void>;
}

export interface ProgrammeActionResult {
  intent: string;
  ok: boolean;
  status: number;
  toast?: { type: "success" | "error" | "info"; message: string; description?: string };
  /** A message for a field, shown beside it. */
  fieldError?: string;
  shareUrl?: string;
}

export async function handleProgrammeAction(
  formData: FormData,
  ctx: ProgrammeActionContext,
): Promise<ProgrammeActionResult> {
  const parsed = programmeIntentSchema.safeParse(Object.fromEntries(formData));
  const intent = String(formData.get("intent") ?? "");
  if (!parsed.success) {
    return {
      intent,
      ok: false,
      status: 400,
      toast: { type: "error", message: "That didn't look right. Please try again." },
    };
  }
  const input = parsed.data;
  const { db, member, today } = ctx;
  // A birth partner's pages show her pregnancy; its dates and her link are hers to change.
  if (member.isPartner && isHerPregnancyIntent(input.intent)) {
    return { intent, ok: false, status: 403, toast: { type: "error", message: HER_PREGNANCY_REFUSAL } };
  }
  const fail = (message: string, error: unknown): ProgrammeActionResult => {
    ctx.log.error({ err: error, intent }, "programme action failed");
    return { intent, ok: false, status: 500, toast: { type: "error", message } };
  };
  // A box ticked says so warmly; one unticked, quietly.
  const toggled = (on: boolean, onMessage: string, offMessage: string): ProgrammeActionResult => ({
    intent,
    ok: true,
    status: 200,
    toast: { type: on ? "success" : "info", message: on ? onMessage : offMessage },
  });

  switch (input.intent) {
    case "save-date": {
      const required = input.mode === "induction" ? m.selectInductionDate : m.selectDueDate;
      if (!isCalendarDate(input.date) || !isWithinOnboardingRange(input.date, today)) {
        return { intent, ok: false, status: 400, fieldError: required };
      }
      try {
        await saveDueDate(
          db,
          member.id,
          { dueDate: input.date, isInduction: input.mode === "induction", timeZone: input.timeZone },
          today,
        );
        return { intent, ok: true, status: 200, toast: { type: "success", message: m.dateSaved } };
      } catch (error) {
        return fail(m.failedSaveDate, error);
      }
    }
    case "update-date": {
      const result = parseInlineDate(input.text, today);
      if (!result.ok) return { intent, ok: false, status: 400, fieldError: result.error };
      try {
        await saveDueDate(db, member.id, { dueDate: result.date, timeZone: input.timeZone }, today);
        return { intent, ok: true, status: 200, toast: { type: "success", message: m.dueDateUpdated } };
      } catch (error) {
        return fail(m.failedSaveDueDate, error);
      }
    }
    case "toggle-activity": {
      try {
        const result = await setActivityCompleted(db, member.id, input.rowId, input.completed, today);
        if (result === "missing")
          return { intent, ok: false, status: 404, toast: { type: "error", message: m.failedActivity } };
        if (result !== "done") {
          const message = m.dayNotOpenYet(formatLongDate(result.opensOn));
          return { intent, ok: false, status: 400, toast: { type: "error", message } };
        }
        return toggled(input.completed, m.activityCompleted, m.activityIncomplete);
      } catch (error) {
        return fail(m.failedActivity, error);
      }
    }
    case "toggle-listened": {
      const track = findTrack(input.trackId);
      if (!track || !canPlayTrack(viewerOf(member), track)) {
        return { intent, ok: false, status: 403, toast: { type: "error", message: m.failedProgress } };
      }
      try {
        await setTrackListened(db, member.id, track.id, input.listened);
        return toggled(input.listened, m.markedListened, m.unmarked);
      } catch (error) {
        return fail(m.failedProgress, error);
      }
    }
    case "complete-practice": {
      // The day counted is the day she practised: today, or a recent day her device kept with no signal.
      const day = input.practisedOn ?? today;
      if (!isPractiseDay(day, today)) {
        return {
          intent,
          ok: false,
          status: 400,
          toast: { type: "error", message: m.practiceDayOutOfRange },
        };
      }
      try {
        // Every member can complete every day: a free member practises with a free track.
        const result = await completeDailyPractice(db, member.id, day, new Date(), viewerOf(member));
        const done = { intent, ok: true, status: 200 } as const;
        // With streaks hidden (or her baby here), the day is counted all the same and the answer names no streak.
        if (!result.counted || !(await showsStreaks(db, member.id))) {
          return { ...done, toast: { type: "success", message: m.practiceCompleted } };
        }
        if (result.continued) {
          const description = result.rested
            ? m.restDayDescription(result.streak)
            : m.streakDescription(result.streak);
          return { ...done, toast: { type: "success", message: m.streakContinued, description } };
        }
        const description = result.startedAgain ? m.startedAgain : undefined;
        return { ...done, toast: { type: "success", message: m.practiceCompleted, description } };
      } catch (error) {
        return fail(m.failedComplete, error);
      }
    }
    case "create-share-link": {
      try {
        const token = await ctx.partnerLink.create(db, member.id);
        return { intent, ok: true, status: 200, shareUrl: `${ctx.baseUrl}/shared/${token}` };
      } catch (error) {
        return fail(m.failedShare, error);
      }
    }
    case "revoke-share-link": {
      await ctx.partnerLink.revoke(db, member.id);
      return { intent, ok: true, status: 200, toast: { type: "info", message: "Partner link turned off" } };
    }
    case "start-early-plan":
    case "stop-early-plan": {
      const starting = input.intent === "start-early-plan";
      try {
        await setEarlyPlan(db, member.id, starting ? today : null);
      } catch (error) {
        return fail(m.failedEarlyPlan, error);
      }
      return toggled(starting, m.earlyPlanStarted, m.earlyPlanStopped);
    }
  }
}

/** Whether her answers may name her streak: the pages' rule (`streaksShown`), read from her profile. */
async function showsStreaks(db: Db, userId: string) {
  const [hideStreaks, baby] = await Promise.all([streaksHidden(db, userId), babyArrival(db, userId)]);
  return streaksShown({ hideStreaks, baby });
}
