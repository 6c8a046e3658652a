/**
 * `npm run db:backup [file]`: a consistent copy of the SQLite database in
 * DATA_DIR, taken while the server runs, to `file` or to
 * DATA_DIR/backups/<UTC time>.sqlite. PostgreSQL has its own tools.
 */
import path from "node:path";
import { SQLITE_FILE } from "#app/platform/db.server.ts";
import { ConfigError, parseEnv } from "#app/platform/env.server.ts";
import { backupSqlite, defaultBackupPath } from "./sqlite-backup.ts";

try {
  const env = parseEnv();
  if (env.DATABASE_URL) {
    console.error(
      "db:backup copies the SQLite database, but DATABASE_URL points at PostgreSQL. Back it up with " +
        "pg_dump (e.g. pg_dump --format=custom) or your provider's managed backups: see docs/deploy.md.",
    );
    process.exit(1);
  }
  const source = path.join(env.DATA_DIR, SQLITE_FILE);
  const target = path.resolve(process.argv[2] ?? defaultBackupPath(env.DATA_DIR));
  const { bytes } = backupSqlite(source, target);
  console.log(`Backed up ${source} to ${target} (${(bytes / 1024).toFixed(0)} KB).`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
