import type { Kysely } from "kysely";
import { dialectOf, portableTypes } from "../dialect.ts";

/**
 * An owner's passkeys (Better Auth's passkey plugin, its own column names): the
 * studio's second factor as an alternative to the authenticator app.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  const authTime = dialectOf(db) === "postgres" ? "timestamptz" : "date";
  await db.schema
    .createTable("passkey")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text")
    .addColumn("publicKey", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("credentialID", "text", (c) => c.notNull().unique())
    .addColumn("counter", "integer", (c) => c.notNull())
    .addColumn("deviceType", "text", (c) => c.notNull())
    .addColumn("backedUp", t.bool, (c) => c.notNull())
    .addColumn("transports", "text")
    .addColumn("createdAt", authTime)
    .addColumn("aaguid", "text")
    .execute();
  await db.schema.createIndex("passkey_userId_idx").on("passkey").column("userId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("passkey").ifExists().execute();
}
