import type { RequestHandler } from "express";
import type { AppServices } from "#app/services.server.ts";
import { reminderKeys } from "#app/modules/reminders/reminders.server.ts";
import { stopRemindersByLink } from "#app/modules/reminders/unsubscribe.server.ts";

/**
 * The reminder emails' one-click unsubscribe (RFC 8058), posted by a mail app.
 * One that names its own site in Origin would be turned away by React
 * Router's check on cross-site form posts, so it is answered here, in plain
 * text; posts with no Origin, or ours (the stop page's button), go on to the
 * page. The signed link is the proof either way.
 */
export function oneClickStop({ env, database, secret, clock }: AppServices): RequestHandler {
  const ours = new URL(env.BASE_URL).origin;
  const key = reminderKeys(secret).unsubscribe;
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin === undefined || origin === ours) return next();
    const url = new URL(req.originalUrl, ours);
    stopRemindersByLink(database.db, {
      member: url.searchParams.get("member"),
      token: url.searchParams.get("token"),
      key,
      clientIp: req.ip ?? "unknown",
      now: clock.now(),
    })
      .then((answer) => {
        res
          .status(answer.status)
          .set("Cache-Control", "no-store")
          .type("text/plain")
          .send(`${answer.message}\n`);
      })
      .catch(next);
  };
}
