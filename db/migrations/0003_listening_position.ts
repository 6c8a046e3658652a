import type { Kysely } from "kysely";

/** Where the member stopped in each track, so the player can resume there on any device. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("audio_progress")
    .addColumn("position_seconds", "real", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audio_progress").dropColumn("position_seconds").execute();
}
