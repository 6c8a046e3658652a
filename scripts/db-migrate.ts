/**
 * `npm run db:migrate`: brings the configured database (DATABASE_URL, or the
 * SQLite file in DATA_DIR) up to the latest schema. The server also does this
 * at start; this is for deployments that migrate before rolling out.
 */
import { migrateToLatest, openDatabase } from "#app/platform/db.server.ts";
import { ConfigError, parseEnv } from "#app/platform/env.server.ts";

try {
  const env = parseEnv();
  const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const applied = await migrateToLatest(database.db);
    const where = database.dialect === "postgres" ? "PostgreSQL (DATABASE_URL)" : `SQLite in ${env.DATA_DIR}`;
    console.log(
      applied.length > 0
        ? `Applied ${applied.length} migration(s) to ${where}: ${applied.join(", ")}`
        : `${where} is already up to date.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError ? error.message : `Migration failed: ${(error as Error).message}`,
  );
  process.exit(1);
}
