import type { Db } from "#app/platform/db.server.ts";

/*
 * `member_access`' one writer: her tier, course access and the welcome card's
 * putting away. A member without a row has the defaults (free tier, no course
 * access, not welcomed); a write makes her row. Each function takes the
 * caller's transaction when it has one.
 */

type Values = { subscription_tier?: "free" | "premium"; course_welcomed_at?: string };

/** Writes `values` to her row, making it first if she has none. */
async function saveAccess(db: Db, userId: string, values: Values, at: string) {
  await db
    .insertInto("member_access")
    .values({ user_id: userId, ...values, updated_at: at })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...values, updated_at: at }))
    .execute();
}

/** The tier a confirmed payment grants ("premium"), a refund or an owner takes back ("free"). */
export async function setSubscriptionTier(db: Db, userId: string, tier: "free" | "premium", at: string) {
  await saveAccess(db, userId, { subscription_tier: tier }, at);
}

/**
 * Touches her access row inside the caller's transaction (making it if she has
 * none): its row lock makes a second transaction doing the same for her wait
 * for the first to commit, so two payments confirmed at once are settled one
 * after the other.
 */
export async function lockMemberAccess(db: Db, userId: string, at: string) {
  await saveAccess(db, userId, {}, at);
}

/** When she put away the "what you have unlocked" card; null: not yet (or no row). */
export async function courseWelcomedAt(db: Db, userId: string): Promise<string | Date | null> {
  const row = await db
    .selectFrom("member_access")
    .select("course_welcomed_at")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.course_welcomed_at ?? null;
}

/** The "what you have unlocked" card put away, once. */
export async function markCourseWelcomed(db: Db, userId: string, at: string) {
  await db
    .insertInto("member_access")
    .values({ user_id: userId, course_welcomed_at: at, updated_at: at })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .doUpdateSet({ course_welcomed_at: at, updated_at: at })
        .where("member_access.course_welcomed_at", "is", null),
    )
    .execute();
}
