import type { Db } from "#app/platform/db.server.ts";
import { addressKey, hitLimit, tooManyAttemptsMessage } from "#app/platform/rate-limit.server.ts";
import { reminderMessages } from "./forms.ts";
import { stopReminderEmails } from "./reminder-settings.server.ts";
import { isUnsubscribeToken, scheduleNextReminder } from "./reminders.server.ts";

/** Each address may try this many stop links in 15 minutes: a real member needs one. */
export const STOP_LINK_LIMIT = { limit: 20, windowSeconds: 15 * 60 };

/** What the stop page says, and its status. */
export interface StopAnswer {
  status: 200 | 400 | 429;
  message: string;
}

/**
 * The one-click stop link in every reminder email (RFC 8058), with no sign-in:
 * the signed member id proves it came from her email. Reminder emails stop
 * (another channel she chose keeps going) and her waiting reminder is replaced.
 */
export async function stopRemindersByLink(
  db: Db,
  input: { member: string | null; token: string | null; key: Buffer; clientIp: string; now: Date },
): Promise<StopAnswer> {
  const limit = await hitLimit(db, addressKey("reminder-stop", input.clientIp), STOP_LINK_LIMIT);
  if (!limit.allowed) return { status: 429, message: tooManyAttemptsMessage(limit.retryAfterSeconds) };
  const { member, token } = input;
  if (!member || !token || member.length > 100 || !isUnsubscribeToken(input.key, member, token)) {
    return { status: 400, message: reminderMessages.stopLinkInvalid };
  }
  await db.transaction().execute(async (trx) => {
    await stopReminderEmails(trx, member);
    await scheduleNextReminder(trx, member, input.now);
  });
  return { status: 200, message: reminderMessages.stopped };
}
