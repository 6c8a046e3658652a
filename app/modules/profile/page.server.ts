import type { Db } from "#app/platform/db.server.ts";
import { isPartnerSeatIntent } from "#app/modules/partner/forms.ts";
import { HER_PREGNANCY_REFUSAL, isHerPregnancyIntent } from "#app/modules/program/forms.ts";
import { answerPartnerSeatForm, partnerSeatFor } from "#app/modules/partner/invite.server.ts";
import { herViewFor } from "#app/modules/partner/portal.server.ts";
import { partnerLinks } from "#app/modules/partner/share.server.ts";
import { handleProgrammeAction, type ProgrammeActionResult } from "#app/modules/program/actions.server.ts";
import type { CalendarDate } from "#app/modules/calendar/dates.ts";
import { profileOverview } from "./overview.server.ts";
import { calendarFeedUrlFor } from "#app/modules/reminders/calendar-feed.server.ts";
import { CALENDAR_FEED_INTENTS, REMINDER_INTENT } from "#app/modules/reminders/forms.ts";
import {
  answerCalendarFeedForm,
  answerReminderForm,
  reminderSettings,
} from "#app/modules/reminders/settings.server.ts";
import type { Flash } from "#app/modules/site/flash.server.ts";
import { parseSubmission } from "#app/modules/site/form-submission.ts";
import type { Claimant } from "#app/modules/accounts/confirm-identity.server.ts";
import {
  answerProfileForm,
  profileFormSchema,
  type ProfileFormDeps,
  type ProfileFormReply,
} from "./forms.server.ts";
import { authMessages } from "#app/modules/accounts/providers.ts";
import type { Member } from "#app/modules/accounts/session.server.ts";

/** Where her profile's forms come back to. */
const PROFILE = "/portal/profile";

/** The date editor and the partner link post the programme's forms, answered as on its own pages. */
const PROGRAMME_INTENTS = new Set(["update-date", "create-share-link", "revoke-share-link"]);

/**
 * Everything her profile page shows: her account, journey and achievements,
 * her reminders and calendar link, her partner seat; for a birth partner's
 * account, her journey, from the same view as their dashboard.
 */
export async function profilePage(
  deps: { db: Db; baseUrl: string; calendarKey: Buffer; now: Date },
  member: Member,
  today: CalendarDate,
) {
  const { db, now } = deps;
  const [overview, reminders, calendarUrl, partnerSeat, her] = await Promise.all([
    profileOverview(db, member, today),
    reminderSettings(db, member.id),
    calendarFeedUrlFor(db, member.id, deps.baseUrl, deps.calendarKey),
    partnerSeatFor(db, member.id, now, member.timeZone),
    member.isPartner ? herViewFor(db, member, now) : null,
  ]);
  return { ...overview, reminders, calendarUrl, partnerSeat, her };
}

type ProfilePageFormDeps = ProfileFormDeps & {
  now: Date;
  /** Keys her calendar link. */
  calendarKey: Buffer;
};

/**
 * What a form on her profile page did: a page to go to with a message (a plain
 * post works without JavaScript), and the cookies that end her session when
 * the account is gone; or a reply for the form, with its status and, over a
 * limit, how long to wait.
 */
type ProfilePageAnswer =
  | { to: string; flash: Flash; cookies?: string[] }
  | { reply: ProfileFormReply | ProgrammeActionResult; status: number; retryAfterSeconds?: number };

const back = (flash: Flash): ProfilePageAnswer => ({ to: PROFILE, flash });

/**
 * Every form her profile page posts, each answered by the module it belongs
 * to: her partner seat, her reminders and calendar link, the programme's date
 * and partner link, and her account's own (name, streaks, her baby's arrival,
 * deletion). `who` is the session's member, as the limits see her.
 */
export async function answerProfilePageForm(
  formData: FormData,
  member: Member,
  who: Claimant,
  deps: ProfilePageFormDeps,
): Promise<ProfilePageAnswer> {
  const { db, log, now } = deps;
  const intent = String(formData.get("intent"));
  // Her dates, her baby's arrival and her link are hers to change, not her partner's.
  if (member.isPartner && isHerPregnancyIntent(intent)) {
    return back({ type: "error", message: HER_PREGNANCY_REFUSAL });
  }
  if (isPartnerSeatIntent(intent)) {
    const answer = await answerPartnerSeatForm(formData, {
      db,
      mailer: deps.mailer,
      log,
      member: { id: member.id, email: member.email, name: member.fullName },
      clientIp: who.ip,
      baseUrl: deps.baseUrl,
      now,
    });
    return "reply" in answer ? answer : back(answer);
  }
  if (intent === REMINDER_INTENT) {
    const answer = await answerReminderForm(formData, { db, log, userId: member.id, now });
    return "settled" in answer ? back(answer.settled) : answer;
  }
  if (intent === CALENDAR_FEED_INTENTS.on || intent === CALENDAR_FEED_INTENTS.off) {
    return back(await answerCalendarFeedForm(intent, { key: deps.calendarKey, db, log, userId: member.id }));
  }
  if (PROGRAMME_INTENTS.has(intent)) {
    const result = await handleProgrammeAction(formData, {
      db,
      log,
      member,
      today: deps.today,
      baseUrl: deps.baseUrl,
      partnerLink: partnerLinks,
    });
    return { reply: result, status: result.status };
  }
  const submission = parseSubmission(formData, profileFormSchema);
  if (submission.status !== "success") {
    return { reply: { result: submission.reply(), saved: false }, status: 400 };
  }
  const answer = await answerProfileForm(submission, who, deps);
  if ("settled" in answer) return back(answer.settled);
  if ("deleted" in answer) {
    return {
      to: "/",
      flash: { type: "success", message: authMessages.accountDeleted },
      cookies: answer.cookies,
    };
  }
  return answer;
}
