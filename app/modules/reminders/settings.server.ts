import type { SubmissionResult } from "@conform-to/react";
import type { Db } from "#app/platform/db.server.ts";
import type { Logger } from "#app/platform/log.server.ts";
import { chooseTimeZone } from "#app/modules/accounts/profile.server.ts";
import { authMessages } from "#app/modules/accounts/providers.ts";
import type { Flash } from "#app/modules/site/flash.server.ts";
import { parseSubmission } from "#app/modules/site/form-submission.ts";
import { turnOffCalendarFeed, turnOnCalendarFeed } from "./calendar-feed.server.ts";
import {
  CALENDAR_FEED_INTENTS,
  calendarFeedMessages,
  reminderMessages,
  reminderSettingsSchema,
} from "./forms.ts";
import { calendarFeedId, setReminderPreference, storedReminderSettings } from "./reminder-settings.server.ts";
import { scheduleNextReminder } from "./reminders.server.ts";
import { DEFAULT_REMINDER_TIME, type LocalTime } from "./schedule.ts";

/** Her reminder setting as the profile page shows it. */
export interface ReminderSettings {
  on: boolean;
  time: LocalTime;
  timeZone: string;
  byEmail: boolean;
  byPush: boolean;
}

export async function reminderSettings(db: Db, userId: string): Promise<ReminderSettings> {
  const [stored, profile] = await Promise.all([
    storedReminderSettings(db, userId),
    db.selectFrom("profiles").select("time_zone").where("id", "=", userId).executeTakeFirst(),
  ]);
  return {
    on: Boolean(stored.time),
    time: stored.time ?? DEFAULT_REMINDER_TIME,
    timeZone: profile?.time_zone ?? "UTC",
    // Email is offered ticked until she has chosen how (it needs nothing more from her).
    byEmail: !stored.time && !stored.byPush ? true : stored.byEmail,
    byPush: stored.byPush,
  };
}

/**
 * Saves her reminder setting and her next reminder in one transaction: a
 * setting saved is a setting scheduled. A flash to show on her profile page,
 * or what was wrong, beside the fields.
 */
export async function answerReminderForm(
  formData: FormData,
  deps: { db: Db; log: Logger; userId: string; now: Date },
): Promise<{ settled: Flash } | { reply: { result: SubmissionResult<string[]> }; status: number }> {
  const submission = parseSubmission(formData, reminderSettingsSchema);
  if (submission.status !== "success") return { reply: { result: submission.reply() }, status: 400 };
  const form = submission.value;
  const on = form.reminders === "on";
  const byEmail = form.byEmail === "on";
  const byPush = form.byPush === "on";
  if (on && !byEmail && !byPush) {
    return {
      reply: { result: submission.reply({ fieldErrors: { byEmail: [reminderMessages.noChannel] } }) },
      status: 400,
    };
  }
  try {
    await deps.db.transaction().execute(async (trx) => {
      await setReminderPreference(trx, deps.userId, {
        time: on ? form.time : null,
        byEmail,
        byPush,
      });
      await chooseTimeZone(trx, deps.userId, {
        name: form.timeZone,
        chosen: form.timeZone !== form.deviceTimeZone,
      });
      await scheduleNextReminder(trx, deps.userId, deps.now);
    });
  } catch (error) {
    deps.log.error({ err: error }, "reminder setting not saved");
    return { settled: { type: "error", message: authMessages.settingFailed } };
  }
  return {
    settled: { type: "success", message: on ? reminderMessages.on(form.time) : reminderMessages.off },
  };
}

/** The calendar link's buttons: a new link (replacing any she had), or none. */
export async function answerCalendarFeedForm(
  intent: string,
  deps: { db: Db; log: Logger; userId: string; key: Buffer },
): Promise<Flash> {
  try {
    if (intent === CALENDAR_FEED_INTENTS.off) {
      await turnOffCalendarFeed(deps.db, deps.userId);
      return { type: "success", message: calendarFeedMessages.off };
    }
    const had = (await calendarFeedId(deps.db, deps.userId)) !== null;
    await turnOnCalendarFeed(deps.db, deps.userId, deps.key);
    return { type: "success", message: had ? calendarFeedMessages.replaced : calendarFeedMessages.on };
  } catch (error) {
    deps.log.error({ err: error }, "calendar link not changed");
    return { type: "error", message: authMessages.settingFailed };
  }
}
