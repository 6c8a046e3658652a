/**
 * `npm run db:restore <file>`: puts a backup made by db:backup back as the
 * SQLite database in DATA_DIR. The backup is checked first, the server must
 * be stopped, and the database it replaces is kept aside, not deleted.
 */
import path from "node:path";
import { SQLITE_FILE } from "#app/platform/db.server.ts";
import { ConfigError, parseEnv } from "#app/platform/env.server.ts";
import { RestoreRefused, restoreSqlite } from "./sqlite-backup.ts";

try {
  const env = parseEnv();
  if (env.DATABASE_URL) {
    console.error(
      "db:restore restores the SQLite database, but DATABASE_URL points at PostgreSQL. Restore a " +
        "pg_dump with pg_restore into an empty database: see docs/deploy.md.",
    );
    process.exit(1);
  }
  const backup = process.argv[2];
  if (!backup) {
    console.error("Say which backup to restore: npm run db:restore -- <file>");
    process.exit(1);
  }
  const live = path.join(env.DATA_DIR, SQLITE_FILE);
  const { keptAside } = restoreSqlite(path.resolve(backup), live);
  console.log(
    `Restored ${path.resolve(backup)} to ${live}.` +
      (keptAside ? ` The database it replaced is kept at ${keptAside}.` : ""),
  );
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof RestoreRefused
      ? error.message
      : `Restore failed: ${(error as Error).message}`,
  );
  process.exit(1);
}
