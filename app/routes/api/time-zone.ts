import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/time-zone";
import { updateTimeZone } from "#app/modules/accounts/profile.server.ts";
import { isValidTimeZone } from "#app/modules/calendar/dates.ts";
import { scheduleNextReminder } from "#app/modules/reminders/reminders.server.ts";
import { db, memberContext, now } from "#app/request.server.ts";

const bodySchema = z.object({ timeZone: z.string().max(64).refine(isValidTimeZone) }).strict();

/** POST /api/time-zone { timeZone }: the signed-in member's browser says where they are. */
export async function action(args: Route.ActionArgs) {
  const member = args.context.get(memberContext);
  if (!member) return data({ error: "Please sign in." }, { status: 401 });
  const parsed = bodySchema.safeParse(await args.request.json().catch(() => undefined));
  if (!parsed.success)
    return data(
      { error: "Send { timeZone } with an IANA time zone such as Europe/London." },
      { status: 400 },
    );
  // Her reminder is at her local time: a new zone moves the one waiting.
  await db(args)
    .transaction()
    .execute(async (trx) => {
      await updateTimeZone(trx, member.id, parsed.data.timeZone);
      await scheduleNextReminder(trx, member.id, now(args));
    });
  return data({ ok: true });
}
