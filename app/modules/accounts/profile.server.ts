import type { Db } from "#app/platform/db.server.ts";

/*
 * The profile row's one writer: other modules change a member's profile
 * through these functions (app/table-owners.test.ts keeps it so). Each takes
 * the caller's transaction when it has one.
 */

/**
 * Every account has a profile row (her time zone). Her access, programme and reminders rows are made by
 * their modules on first write; until then she has their defaults (free tier, no dates, no reminders).
 */
export async function createProfile(db: Db, userId: string) {
  await db
    .insertInto("profiles")
    .values({ id: userId })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

export interface ProfileAccess {
  tier: "free" | "premium";
  courseAccess: boolean;
  timeZone: string;
  /** For a birth partner's account: the access of the member whose partner they are. */
  partnerOf: { tier: "free" | "premium"; courseAccess: boolean } | null;
}

export async function getProfileAccess(db: Db, userId: string): Promise<ProfileAccess> {
  const row = await db
    .selectFrom("profiles")
    .leftJoin("member_access", "member_access.user_id", "profiles.id")
    .leftJoin("partner_links", "partner_links.partner_id", "profiles.id")
    .leftJoin("member_access as her", "her.user_id", "partner_links.user_id")
    .select([
      "member_access.subscription_tier",
      "member_access.course_access",
      "profiles.time_zone",
      "partner_links.user_id as partner_of",
      "her.subscription_tier as her_tier",
      "her.course_access as her_course_access",
    ])
    .where("profiles.id", "=", userId)
    .executeTakeFirst();
  if (!row) {
    await createProfile(db, userId);
    return { tier: "free", courseAccess: false, timeZone: "UTC", partnerOf: null };
  }
  return accessOf(row);
}

/**
 * Her access from a row of her profile joined to her access row (payments' `member_access`) and to that of the
 * member she is a partner of, if any; a missing access row is the free tier. Read here, in the session's one
 * query per request, rather than through payments.
 */
export function accessOf(row: {
  subscription_tier: "free" | "premium" | null;
  course_access: boolean | number | null;
  time_zone: string;
  partner_of: string | null;
  her_tier: "free" | "premium" | null;
  her_course_access: boolean | number | null;
}): ProfileAccess {
  return {
    tier: row.subscription_tier ?? "free",
    courseAccess: Boolean(row.course_access),
    timeZone: row.time_zone,
    partnerOf:
      row.partner_of === null
        ? null
        : { tier: row.her_tier ?? "free", courseAccess: Boolean(row.her_course_access) },
  };
}

/** The member's own name; the email stays as it is. */
export async function updateFullName(db: Db, userId: string, fullName: string) {
  await db
    .updateTable("user")
    .set({ name: fullName, updatedAt: new Date().toISOString() })
    .where("id", "=", userId)
    .execute();
}

/** The member's days are counted in their own time zone, kept up to date from their browser. */
/** Her device's time zone, unless she has chosen one by hand (which a device never overrides). */
export async function updateTimeZone(db: Db, userId: string, timeZone: string) {
  await db
    .updateTable("profiles")
    .set({ time_zone: timeZone })
    .where("id", "=", userId)
    .where("time_zone_chosen", "=", false)
    .execute();
}

/** The time zone her browser gave with her programme's dates (a zone she chose by hand included). */
export async function setTimeZone(db: Db, userId: string, timeZone: string, at: string) {
  await db
    .updateTable("profiles")
    .set({ time_zone: timeZone, updated_at: at })
    .where("id", "=", userId)
    .execute();
}

/** The time zone she saved with a setting; `chosen` when it isn't her device's, so her devices leave it. */
export async function chooseTimeZone(db: Db, userId: string, zone: { name: string; chosen: boolean }) {
  await db
    .updateTable("profiles")
    .set({ time_zone: zone.name, time_zone_chosen: zone.chosen, updated_at: new Date().toISOString() })
    .where("id", "=", userId)
    .execute();
}
