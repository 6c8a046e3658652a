import { sql, type Kysely } from "kysely";
import { moveMemberVersionOn, portableTypes } from "../dialect.ts";

/**
 * A member's birth preferences plan, kept as versions (1, 2, 3… per member;
 * a restore is a new version that says which one it came from), and her birth
 * partner's comments on its sections. Comments belong to her plan (`user_id`)
 * and to their author (`author_id`): either account's deletion takes them.
 * Both tables show on her pages (comments on her partner's too), so they move
 * the data versions, as migration 0018's triggers do.
 */
const VERSIONED: [table: string, column: string][] = [
  ["birth_plan_versions", "user_id"],
  ["birth_plan_comments", "user_id"],
  ["birth_plan_comments", "author_id"],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  await db.schema
    .createTable("birth_plan_versions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("number", "integer", (c) => c.notNull())
    // JSON of the plan's content (app/modules/birth-plan/plan.ts).
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    // The number of the version this one restored, if it is a restore.
    .addColumn("restored_from", "integer")
    // Also her versions' index, newest first by number.
    .addUniqueConstraint("birth_plan_versions_user_number", ["user_id", "number"])
    .addCheckConstraint("birth_plan_versions_number_positive", sql`number >= 1`)
    .execute();

  await db.schema
    .createTable("birth_plan_comments")
    .addColumn("id", "text", (c) => c.primaryKey())
    // The member whose plan it is.
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    // Her birth partner who wrote it: their comments leave with their account.
    .addColumn("author_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("section_id", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("resolved_at", t.timestamp)
    .execute();
  await db.schema
    .createIndex("birth_plan_comments_user_idx")
    .on("birth_plan_comments")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("birth_plan_comments_author_idx")
    .on("birth_plan_comments")
    .column("author_id")
    .execute();

  await moveMemberVersionOn(db, VERSIONED);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Their triggers go with them.
  await db.schema.dropTable("birth_plan_comments").ifExists().execute();
  await db.schema.dropTable("birth_plan_versions").ifExists().execute();
}
