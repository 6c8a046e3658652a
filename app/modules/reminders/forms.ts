import * as z from "zod/mini";
import { isValidTimeZone } from "#app/modules/calendar/dates.ts";
import { isLocalTime } from "./schedule.ts";

/** The reminder setting's rules: the same schema checks in the browser and on the server. */

const ticked = (message: string) => z.optional(z.literal("on", { message }));

export const REMINDER_INTENT = "reminder-settings";

export const reminderSettingsSchema = z.object({
  intent: z.literal(REMINDER_INTENT),
  reminders: ticked("Tick the box to get reminders, or leave it empty for none"),
  time: z
    .string({ message: "Please choose a time, such as 20:00" })
    .check(z.refine(isLocalTime, "Please choose a time on the 24-hour clock, such as 20:00")),
  timeZone: z
    .string({ message: "Please enter your time zone, such as Europe/London" })
    .check(
      z.maxLength(64, "Please enter your time zone, such as Europe/London"),
      z.refine(
        isValidTimeZone,
        "We don't know that time zone. Try one like Europe/London or America/New_York",
      ),
    ),
  byEmail: ticked("Tick email to be reminded by email"),
  byPush: ticked("Tick notifications to be reminded on your devices"),
  /** The device's own zone, filled in by the page's script: a zone that differs was chosen by hand. */
  deviceTimeZone: z.optional(z.string().check(z.maxLength(64))),
});

/** The calendar link's two buttons on her profile page. */
export const CALENDAR_FEED_INTENTS = { on: "calendar-feed-on", off: "calendar-feed-off" } as const;

export const calendarFeedMessages = {
  on: "Your calendar link is ready. Add it to your calendar app to see your practice days.",
  replaced: "Here's your new calendar link. The old one no longer works.",
  off: "Calendar link turned off. Calendars using it will stop updating.",
} as const;

export const reminderMessages = {
  noChannel: "Choose how to be reminded: by email, by notification, or both.",
  on: (time: string) => `Reminders are on. We'll nudge you at ${time} on days you haven't practised yet.`,
  off: "Reminders are off. Your practice is there whenever you want it.",
  stopped: "Done. We won't send you any more reminder emails.",
  stopLinkInvalid: "This link doesn't work any more. You can turn reminders off in your profile.",
} as const;
