import { type Kysely } from "kysely";
import { portableTypes } from "../dialect.ts";

/**
 * Codes we email a signed-in member to confirm an action a stolen session
 * must not be enough for (deleting the account). Only a keyed hash of the
 * code is kept; `attempts` is counted in the same statement that reads it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  await db.schema
    .createTable("confirmation_codes")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("confirmation_codes_pk", ["user_id", "purpose"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("confirmation_codes").ifExists().execute();
}
