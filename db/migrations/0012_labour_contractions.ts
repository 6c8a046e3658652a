import { sql, type Kysely } from "kysely";
import { dialectOf, portableTypes } from "../dialect.ts";

/**
 * Labour mode's contraction history, saved to the member's account as well as
 * kept on her device, so another phone (her partner's, or a new one) shows it
 * and a lost phone doesn't lose it. One row per contraction, its times in
 * milliseconds since the epoch as the device keeps them; `ended_at` is null
 * while it is going. The labour page shows these rows, so they move her member
 * version, with the triggers of migration 0006.
 */
const EVENTS = ["insert", "update", "delete"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  await db.schema
    .createTable("labour_contractions")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("started_at", "bigint", (c) => c.notNull())
    .addColumn("ended_at", "bigint")
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    // One contraction per start, for each member.
    .addPrimaryKeyConstraint("labour_contractions_pk", ["user_id", "started_at"])
    .addCheckConstraint(
      "labour_contractions_ends_after_start",
      sql`ended_at is null or ended_at >= started_at`,
    )
    .execute();

  if (dialectOf(db) === "postgres") {
    await sql
      .raw(
        `create constraint trigger labour_contractions_member_version
         after insert or update or delete on "labour_contractions"
         deferrable initially deferred for each row execute function member_version_changed('user_id')`,
      )
      .execute(db);
    return;
  }
  const bump = (id: string) => `update member_versions set version = version + 1 where user_id = ${id};`;
  const body = {
    insert: bump("new.user_id"),
    update: `${bump("new.user_id")} ${bump("old.user_id")}`,
    delete: bump("old.user_id"),
  };
  for (const event of EVENTS) {
    await sql
      .raw(
        `create trigger labour_contractions_${event}_member_version after ${event} on labour_contractions
         begin ${body[event]} end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Its triggers go with it.
  await db.schema.dropTable("labour_contractions").ifExists().execute();
}
