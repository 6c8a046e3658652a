import type { Db } from "~/platform/db.server.ts";

/** Every account has a profile row: free tier, no course access. */
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
}

export async function getProfileAccess(db: Db, userId: string): Promise<ProfileAccess> {
  let row = await db
    .selectFrom("profiles")
    .select(["subscription_tier", "course_access", "time_zone"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) {
    await createProfile(db, userId);
    row = { subscription_tier: "free", course_access: false, time_zone: "UTC" };
  }
  return { tier: row.subscription_tier, courseAccess: Boolean(row.course_access), timeZone: row.time_zone };
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
export async function updateTimeZone(db: Db, userId: string, timeZone: string) {
  await db.updateTable("profiles").set({ time_zone: timeZone }).where("id", "=", userId).execute();
}
