import { sql, type Kysely } from "kysely";
import { dialectOf, moveMemberVersionOn, portableTypes } from "../dialect.ts";

/**
 * What she has bought or been given moves out of `profiles` into
 * `member_access`, the payments module's own table: her tier, the course
 * access an owner granted, and when she put away the "what you have unlocked"
 * card. Every profile's values are copied, then the columns go from
 * `profiles`. A member without a row has the defaults (free tier, no course
 * access, not welcomed), so none is made with her profile. A grant locks her
 * row (making it if need be) so two payments for her settle one after the
 * other; the row moves her data version, as her profile did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  // Deferred member-version triggers would otherwise still wait while the columns are dropped.
  if (dialectOf(db) === "postgres") await sql`set constraints all immediate`.execute(db);

  await db.schema
    .createTable("member_access")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("subscription_tier", "text", (c) =>
      c
        .notNull()
        .defaultTo("free")
        .check(sql`subscription_tier in ('free', 'premium')`),
    )
    .addColumn("course_access", t.bool, (c) => c.notNull().defaultTo(t.false))
    .addColumn("course_welcomed_at", t.timestamp)
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await sql`
    insert into member_access (user_id, subscription_tier, course_access, course_welcomed_at, updated_at)
    select id, subscription_tier, course_access, course_welcomed_at, updated_at from profiles`.execute(db);
  // The studio's tier filter reads this index alone, as it read profiles_tier_idx.
  await db.schema
    .createIndex("member_access_tier_idx")
    .on("member_access")
    .columns(["user_id", "subscription_tier"])
    .execute();
  // The index on the tier must go before its column can.
  await db.schema.dropIndex("profiles_tier_idx").execute();
  for (const column of ["subscription_tier", "course_access", "course_welcomed_at"]) {
    await db.schema.alterTable("profiles").dropColumn(column).execute();
  }

  await moveMemberVersionOn(db, [["member_access", "user_id"]]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  if (dialectOf(db) === "postgres") await sql`set constraints all immediate`.execute(db);
  await db.schema
    .alterTable("profiles")
    .addColumn("subscription_tier", "text", (c) =>
      c
        .notNull()
        .defaultTo("free")
        .check(sql`subscription_tier in ('free', 'premium')`),
    )
    .execute();
  await db.schema
    .alterTable("profiles")
    .addColumn("course_access", t.bool, (c) => c.notNull().defaultTo(t.false))
    .execute();
  await db.schema.alterTable("profiles").addColumn("course_welcomed_at", t.timestamp).execute();
  await sql`
    update profiles set
      subscription_tier = a.subscription_tier, course_access = a.course_access,
      course_welcomed_at = a.course_welcomed_at
    from member_access a where a.user_id = profiles.id`.execute(db);
  await db.schema
    .createIndex("profiles_tier_idx")
    .on("profiles")
    .columns(["id", "subscription_tier"])
    .execute();
  await db.schema.dropTable("member_access").execute();
}
