import { sql } from "kysely";
import type { Db } from "#app/platform/db.server.ts";

/** The studio's first figures, each one SQL aggregate. */
export async function studioOverview(db: Db, now = new Date()) {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const [members, payments] = await Promise.all([
    db
      .selectFrom("user")
      .leftJoin("member_access", "member_access.user_id", "user.id")
      .select([
        sql<number>`count(*)`.as("members"),
        sql<number>`sum(case when member_access.subscription_tier = 'premium' then 1 else 0 end)`.as(
          "premium",
        ),
        sql<number>`sum(case when "user"."createdAt" >= ${weekAgo} then 1 else 0 end)`.as("joinedThisWeek"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("purchases")
      .select(sql<number>`count(*)`.as("payments"))
      .where("status", "in", ["succeeded", "refunded"])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    members: Number(members.members),
    premium: Number(members.premium ?? 0),
    joinedThisWeek: Number(members.joinedThisWeek ?? 0),
    payments: Number(payments.payments),
  };
}
