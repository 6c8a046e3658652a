import { type Kysely } from "kysely";

/** Where a purchase's receipt goes when the buyer asked for another address than their account's. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("purchases").addColumn("receipt_email", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("purchases").dropColumn("receipt_email").execute();
}
