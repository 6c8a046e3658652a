/**
 * `npm run owner:create -- --email owner@example.com`: makes that account the
 * studio's owner (creating it if there is none), in the configured database
 * (DATABASE_URL, or the SQLite file in DATA_DIR). She then signs in as any
 * member does and sets up her authenticator at /studio.
 *
 * `-- --email … --reset-two-factor`: the recovery path for an owner who lost
 * both her authenticator and her backup codes.
 */
import { parseArgs } from "node:util";
import { migrateToLatest, openDatabase } from "#app/platform/db.server.ts";
import { ConfigError, parseEnv } from "#app/platform/env.server.ts";
import { createOwner, resetOwnerTwoFactor } from "#app/modules/studio/owners.server.ts";

try {
  const { values } = parseArgs({
    options: { email: { type: "string" }, "reset-two-factor": { type: "boolean", default: false } },
  });
  if (!values.email)
    throw new ConfigError("Usage: npm run owner:create -- --email owner@example.com [--reset-two-factor]");
  const env = parseEnv();
  const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateToLatest(database.db);
    if (values["reset-two-factor"]) {
      const reset = await resetOwnerTwoFactor(database.db, values.email);
      if (!reset) throw new ConfigError(`There is no owner with the address ${values.email}.`);
      console.log(`${values.email}'s authenticator is removed: the studio will ask her to set up a new one.`);
    } else {
      const { outcome } = await createOwner(database.db, values.email);
      const said = {
        created: "now has an owner's account",
        promoted: "is now an owner",
        "already-owner": "was an owner already",
      }[outcome];
      console.log(
        `${values.email} ${said}. Sign in at ${env.BASE_URL}/auth, then open ${env.BASE_URL}/studio to set up the authenticator.`,
      );
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError ? error.message : `Could not create the owner: ${(error as Error).message}`,
  );
  process.exit(1);
}
