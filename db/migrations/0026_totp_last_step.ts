import type { Kysely } from "kysely";

/**
 * An authenticator's code works once: the owner's twoFactor row keeps the time
 * step (30 seconds) of the last code the studio accepted, and a code is taken
 * only when its step is newer, in one conditional update
 * (app/modules/studio/studio.server.ts, `takeTotpStep`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("twoFactor").addColumn("lastAcceptedStep", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("twoFactor").dropColumn("lastAcceptedStep").execute();
}
