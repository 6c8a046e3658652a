import type { Db } from "#app/platform/db.server.ts";
import type { Member } from "#app/modules/accounts/session.server.ts";
import { firstName } from "#app/modules/people/display.ts";
import { sharedWithPartner, viewerOf } from "#app/modules/catalogue/access.ts";
import { libraryTracks } from "#app/modules/catalogue/library.server.ts";
import { tracksIn } from "#app/modules/catalogue/tracks.ts";
import { listeningDays } from "#app/modules/listening/listening.server.ts";
import type { MediaFacts } from "#app/modules/media/facts.server.ts";
import { addDays, todayIn, type CalendarDate } from "#app/modules/calendar/dates.ts";
import { memberIdOf, partnerIdOf } from "./seat.server.ts";
import { memberView } from "./share.server.ts";
import { dayStreak, practisedTogether, STREAK_WINDOW_DAYS, type Together } from "./together.ts";

/**
 * The partner seat in the portal: a birth partner's own page (her week, read
 * only; their sessions; their streak and the days they practised together),
 * and the shared streak beside hers on her dashboard. Each reads only through
 * the link between the session's account and the other.
 */
export async function partnerPortal(deps: { db: Db; mediaFacts: MediaFacts }, partner: Member, now: Date) {
  const memberId = await memberIdOf(deps.db, partner.id);
  if (!memberId) return null;
  const today = todayIn(partner.timeZone, now);
  const [her, days, sessions] = await Promise.all([
    memberView(deps.db, memberId, now),
    daysOfBoth(deps.db, memberId, partner.id, today),
    libraryTracks(sessionsForPartner(), viewerOf(partner), deps.mediaFacts),
  ]);
  if (!her) return null;
  return {
    her,
    sessions,
    streak: dayStreak(days.theirs, today),
    // Her choice to hide streaks holds here: the days together are hers too.
    together: hideCount(practisedTogether(days.hers, days.theirs, today), her.streak !== null),
  };
}

export type PartnerPortal = NonNullable<Awaited<ReturnType<typeof partnerPortal>>>;

/**
 * What her course gives her partner, as their dashboard lists it: the sessions made for them, then the one to
 * share; those the owner has marked coming soon left out.
 */
const sessionsForPartner = () => [
  ...tracksIn("partner"),
  ...tracksIn("preparation").filter(sharedWithPartner),
];

/**
 * Her view (the same `memberView` as her partner's dashboard), for a partner's other pages: one
 * source for her week and weeks to go. Null for an account that is no one's partner.
 */
export async function herViewFor(db: Db, partner: Pick<Member, "id">, now: Date) {
  const memberId = await memberIdOf(db, partner.id);
  return memberId ? memberView(db, memberId, now) : null;
}

/** Her first name, for her partner's pages that need nothing more; null for an account that is no one's partner. */
export async function herFirstNameFor(db: Db, partner: Pick<Member, "id">): Promise<string | null> {
  const memberId = await memberIdOf(db, partner.id);
  if (!memberId) return null;
  const her = await db.selectFrom("user").select("name").where("id", "=", memberId).executeTakeFirst();
  return her ? firstName(her.name) : null;
}

/** Beside her own streak on her dashboard: the days she and her partner both listened, once she has one. */
export async function togetherOnDashboard(
  db: Db,
  member: Pick<Member, "id">,
  today: CalendarDate,
  streaksShown: boolean,
): Promise<(SharedStreak & { partnerFirstName: string }) | null> {
  const partnerId = await partnerIdOf(db, member.id);
  if (!partnerId) return null;
  const [partner, days] = await Promise.all([
    db.selectFrom("user").select("name").where("id", "=", partnerId).executeTakeFirst(),
    daysOfBoth(db, member.id, partnerId, today),
  ]);
  return {
    partnerFirstName: firstName(partner?.name),
    ...hideCount(practisedTogether(days.hers, days.theirs, today), streaksShown),
  };
}

/** The shared streak as a page shows it: the count only where she shows streaks. */
export interface SharedStreak {
  today: boolean;
  streak: number | null;
}

function hideCount(together: Together, shown: boolean): SharedStreak {
  return { today: together.today, streak: shown ? together.streak : null };
}

async function daysOfBoth(db: Db, memberId: string, partnerId: string, today: CalendarDate) {
  const since = addDays(today, -STREAK_WINDOW_DAYS);
  const [hers, theirs] = await Promise.all([
    listeningDays(db, memberId, since),
    listeningDays(db, partnerId, since),
  ]);
  return { hers, theirs };
}
