import type { Route } from "./+types/calendar-feed";
import { CLIENT_IP_HEADER } from "#app/modules/accounts/auth.server.ts";
import { answerCalendarFeed } from "#app/modules/reminders/calendar-feed.server.ts";
import { reminderKeys } from "#app/modules/reminders/reminders.server.ts";
import { tooManyAttemptsMessage } from "#app/platform/rate-limit.server.ts";
import { db, services } from "#app/request.server.ts";

/**
 * GET /calendar/<token>.ics: a member's practice days for the calendar app she
 * subscribed with (reminders/calendar-feed.server.ts). Whoever holds the secret
 * address may read it, signed in or not; a wrong one is a plain 404 that says
 * nothing about why, and a client guessing is held back per address. The log
 * never sees the token (log.server.ts `scrubUrl`).
 */
export async function loader(args: Route.LoaderArgs) {
  const { env, clock, secret } = services(args);
  const answer = await answerCalendarFeed(
    db(args),
    { file: args.params.file, clientIp: args.request.headers.get(CLIENT_IP_HEADER) ?? "unknown" },
    clock.now(),
    env.BASE_URL,
    reminderKeys(secret).calendar,
  );
  if (answer.status === 200) {
    return new Response(answer.body, {
      headers: {
        ...PRIVATE_HEADERS,
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": 'inline; filename="tidewell-practice.ics"',
        "Cache-Control": "private, max-age=3600",
      },
    });
  }
  if (answer.status === 429) {
    return new Response(`${tooManyAttemptsMessage(answer.retryAfterSeconds)}\n`, {
      status: 429,
      headers: {
        ...PRIVATE_HEADERS,
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": String(answer.retryAfterSeconds),
      },
    });
  }
  return new Response("There is no calendar at this address.\n", {
    status: 404,
    headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

const PRIVATE_HEADERS = {
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
};
