import { sql, type Kysely } from "kysely";
import { dialectOf, portableTypes } from "../dialect.ts";

/**
 * The first schema: Better Auth's core tables (with its own column names and
 * types, so its adapter reads them as it expects) and the product's tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  const postgres = dialectOf(db) === "postgres";
  // Better Auth declares its timestamps as "date" on SQLite and stores ISO text in them.
  const authTime = postgres ? "timestamptz" : "date";

  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", t.bool, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", authTime, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updatedAt", authTime, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expiresAt", authTime, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", authTime, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updatedAt", authTime, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", authTime)
    .addColumn("refreshTokenExpiresAt", authTime)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", authTime, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updatedAt", authTime, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", authTime, (c) => c.notNull())
    .addColumn("createdAt", authTime, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updatedAt", authTime, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex("verification_identifier_idx")
    .on("verification")
    .column("identifier")
    .execute();

  await db.schema
    .createTable("profiles")
    .addColumn("id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("subscription_tier", "text", (c) =>
      c
        .notNull()
        .defaultTo("free")
        .check(sql`subscription_tier in ('free', 'premium')`),
    )
    .addColumn("course_access", t.bool, (c) => c.notNull().defaultTo(t.false))
    .addColumn("due_date", t.date)
    .addColumn("program_start_date", t.date)
    .addColumn("is_induction", t.bool, (c) => c.notNull().defaultTo(t.false))
    .addColumn("current_week", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`current_week between 1 and 2`),
    )
    .addColumn("current_streak", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`current_streak >= 0`),
    )
    .addColumn("time_zone", "text", (c) => c.notNull().defaultTo("UTC"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable("audio_progress")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("audio_id", "text", (c) => c.notNull())
    .addColumn("audio_title", "text", (c) => c.notNull())
    .addColumn("completed", t.bool, (c) => c.notNull().defaultTo(t.false))
    .addColumn("listened_offline", t.bool, (c) => c.notNull().defaultTo(t.false))
    .addColumn("completion_date", t.timestamp)
    .addColumn("scheduled_week", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`scheduled_week between 0 and 2`),
    )
    .addColumn("scheduled_day", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`scheduled_day between 0 and 7`),
    )
    .addColumn("play_count", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`play_count >= 0`),
    )
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint("audio_progress_user_audio_day_key", [
      "user_id",
      "audio_id",
      "scheduled_week",
      "scheduled_day",
    ])
    .execute();

  await db.schema
    .createTable("program_schedule")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("week_number", "integer", (c) => c.notNull().check(sql`week_number between 1 and 2`))
    .addColumn("day_of_week", "integer", (c) => c.notNull().check(sql`day_of_week between 1 and 7`))
    .addColumn("activity", "text", (c) => c.notNull())
    .addColumn("scheduled_date", t.date, (c) => c.notNull())
    .addColumn("completed", t.bool, (c) => c.notNull().defaultTo(t.false))
    .addColumn("completed_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    // One row per programme day: a second insert of the same 14 days fails instead of doubling them.
    .addUniqueConstraint("program_schedule_user_day_key", ["user_id", "week_number", "day_of_week"])
    .execute();
  await db.schema
    .createIndex("program_schedule_user_date_idx")
    .on("program_schedule")
    .columns(["user_id", "scheduled_date"])
    .execute();

  await db.schema
    .createTable("user_progress")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("daily_audio_completed", t.bool, (c) => c.notNull().defaultTo(t.false))
    .addColumn("last_daily_audio_date", t.date)
    .addColumn("affirmation_streak", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`affirmation_streak >= 0`),
    )
    .addColumn("longest_streak", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`longest_streak >= 0`),
    )
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable("share_tokens")
    .addColumn("token", "text", (c) => c.primaryKey())
    // One live link per member: re-creating the link replaces the old one.
    .addColumn("user_id", "text", (c) => c.notNull().unique().references("user.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex("contact_messages_created_at_idx")
    .on("contact_messages")
    .column("created_at")
    .execute();

  await db.schema
    .createTable("purchases")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("provider", "text", (c) => c.notNull().check(sql`provider in ('stripe', 'paypal')`))
    .addColumn("provider_payment_id", "text", (c) => c.notNull())
    .addColumn("provider_order_id", "text")
    .addColumn("amount_minor", "integer", (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'succeeded', 'refunded', 'failed')`),
    )
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("succeeded_at", t.timestamp)
    .addColumn("refunded_at", t.timestamp)
    // A provider payment is recorded once, however many times its webhook arrives.
    .addUniqueConstraint("purchases_provider_payment_key", ["provider", "provider_payment_id"])
    .execute();
  await db.schema.createIndex("purchases_user_id_idx").on("purchases").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "purchases",
    "contact_messages",
    "share_tokens",
    "user_progress",
    "program_schedule",
    "audio_progress",
    "profiles",
    "verification",
    "account",
    "session",
    "user",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
