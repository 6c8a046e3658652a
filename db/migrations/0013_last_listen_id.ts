import type { Kysely } from "kysely";

/**
 * A finished listen counts once, however often its report is sent: the player
 * gives each listen an id, and the library row keeps the id of the last one
 * counted (app/modules/listening/listening.server.ts says why one is enough).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audio_progress").addColumn("last_listen_id", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audio_progress").dropColumn("last_listen_id").execute();
}
