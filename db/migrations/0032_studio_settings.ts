import type { Kysely } from "kysely";
import { portableTypes } from "../dialect.ts";

/**
 * An owner's studio settings, one row per owner once she saves one: the time
 * zone every studio time is shown in. Without a row the studio uses her
 * profile's time zone (app/modules/studio/settings.server.ts). Goes with her
 * account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  await db.schema
    .createTable("studio_settings")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("studio_settings").execute();
}
