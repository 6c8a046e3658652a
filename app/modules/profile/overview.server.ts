import type { Db } from "#app/platform/db.server.ts";
import { birthDateRange } from "#app/modules/accounts/baby.ts";
import { hasPassword } from "#app/modules/accounts/confirm-identity.server.ts";
import type { Member } from "#app/modules/accounts/session.server.ts";
import { shareLinkCreatedAt } from "#app/modules/partner/share.server.ts";
import type { CalendarDate } from "#app/modules/calendar/dates.ts";
import { profileJourney } from "#app/modules/program/profile-overview.ts";
import { loadProgramme } from "#app/modules/program/program.server.ts";

/**
 * Everything the profile page shows the session's member: her account, her
 * journey, her baby's arrival (and the days its form takes), her partner link.
 */
export async function profileOverview(
  db: Db,
  member: Pick<Member, "id" | "fullName" | "email">,
  today: CalendarDate,
) {
  const programme = await loadProgramme(db, member.id, today);
  return {
    fullName: member.fullName,
    email: member.email,
    ...profileJourney(programme, today),
    hideStreaks: programme.hideStreaks,
    baby: programme.baby,
    birthDates: birthDateRange(today, programme.hasSavedDate ? programme.dueDate : null),
    partnerLinkSince: await shareLinkCreatedAt(db, member.id),
    hasPassword: await hasPassword(db, member.id),
  };
}
