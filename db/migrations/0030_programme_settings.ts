import { sql, type Kysely } from "kysely";
import { dialectOf, moveMemberVersionOn, portableTypes } from "../dialect.ts";

/**
 * Her programme's facts move out of `profiles` into `programme_settings`, the
 * program module's own table: her due date, start and induction, the week and
 * streak her profile showed, "Hide streaks", the early plan, and her baby's
 * arrival (which ends the programme: her pages turn postnatal, her reminders
 * stop, and it is checked against her due date). Every profile's values are
 * copied, then the columns go from `profiles`, which keeps what accounts owns.
 * A member without a row has the defaults (no dates, week 1, no streak), so
 * none is made with her profile. The row moves her data version, as her
 * profile did.
 */
const MOVED = [
  "due_date",
  "program_start_date",
  "is_induction",
  "current_week",
  "current_streak",
  "hide_streaks",
  "early_plan_from",
  "baby_born_on",
  "baby_name",
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  // Deferred member-version triggers would otherwise still wait while the columns are dropped.
  if (dialectOf(db) === "postgres") await sql`set constraints all immediate`.execute(db);

  await db.schema
    .createTable("programme_settings")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
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
    .addColumn("hide_streaks", t.bool, (c) => c.notNull().defaultTo(t.false))
    .addColumn("early_plan_from", t.date)
    .addColumn("baby_born_on", t.date)
    .addColumn("baby_name", "text")
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await sql
    .raw(
      `insert into programme_settings (user_id, ${MOVED.join(", ")}, updated_at)
       select id, ${MOVED.join(", ")}, updated_at from profiles`,
    )
    .execute(db);
  // The studio's due-date filter, as profiles_due_date_idx served it.
  await db.schema
    .createIndex("programme_settings_due_date_idx")
    .on("programme_settings")
    .column("due_date")
    .execute();
  // The index on the due date must go before its column can.
  await db.schema.dropIndex("profiles_due_date_idx").execute();
  for (const column of MOVED) await db.schema.alterTable("profiles").dropColumn(column).execute();

  await moveMemberVersionOn(db, [["programme_settings", "user_id"]]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  if (dialectOf(db) === "postgres") await sql`set constraints all immediate`.execute(db);
  const profiles = () => db.schema.alterTable("profiles");
  await profiles().addColumn("due_date", t.date).execute();
  await profiles().addColumn("program_start_date", t.date).execute();
  await profiles()
    .addColumn("is_induction", t.bool, (c) => c.notNull().defaultTo(t.false))
    .execute();
  await profiles()
    .addColumn("current_week", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`current_week between 1 and 2`),
    )
    .execute();
  await profiles()
    .addColumn("current_streak", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`current_streak >= 0`),
    )
    .execute();
  await profiles()
    .addColumn("hide_streaks", t.bool, (c) => c.notNull().defaultTo(t.false))
    .execute();
  await profiles().addColumn("early_plan_from", t.date).execute();
  await profiles().addColumn("baby_born_on", t.date).execute();
  await profiles().addColumn("baby_name", "text").execute();
  await sql
    .raw(
      `update profiles set ${MOVED.map((column) => `${column} = s.${column}`).join(", ")}
       from programme_settings s where s.user_id = profiles.id`,
    )
    .execute(db);
  await db.schema.createIndex("profiles_due_date_idx").on("profiles").column("due_date").execute();
  await db.schema.dropTable("programme_settings").execute();
}
