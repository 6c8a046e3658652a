import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * Online backup and restore of the SQLite database, for `npm run db:backup`
 * and `npm run db:restore`. Relative imports only: the scripts run in plain Node.
 */

/** Where `db:backup` puts a copy when not told: DATA_DIR/backups/<UTC time>.sqlite. */
export function defaultBackupPath(dataDir: string, now = new Date()): string {
  return path.join(dataDir, "backups", `${now.toISOString().replace(/[:.]/g, "-")}.sqlite`);
}

/**
 * Copies the live database to `target` while the server may be writing:
 * VACUUM INTO reads one snapshot (a single read transaction, which in WAL mode
 * never waits for the writer nor holds it up), so the copy is consistent. It
 * is written beside the target and renamed, so a half-written copy never
 * carries the backup's name.
 */
export function backupSqlite(source: string, target: string): { bytes: number } {
  if (!fs.existsSync(source)) throw new Error(`There is no database at ${source}.`);
  if (fs.existsSync(target)) throw new Error(`${target} already exists; choose another name.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  const db = new DatabaseSync(source, { timeout: 5000 });
  try {
    db.prepare("VACUUM INTO ?").run(partial);
  } finally {
    db.close();
  }
  const problem = integrityProblem(partial);
  if (problem) {
    fs.rmSync(partial, { force: true });
    throw new Error(`The copy failed its integrity check: ${problem}`);
  }
  fs.renameSync(partial, target);
  return { bytes: fs.statSync(target).size };
}

/** Null when the file is a sound SQLite database holding Tidewell's tables; what is wrong otherwise. */
export function integrityProblem(file: string): string | null {
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file, { readOnly: true });
  } catch (error) {
    return (error as Error).message;
  }
  try {
    const rows = db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[];
    const result = rows.map((row) => row.integrity_check).join("; ");
    if (result !== "ok") return result;
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (row) => row.name,
      ),
    );
    for (const needed of ["kysely_migration", "user", "profiles", "purchases"]) {
      if (!tables.has(needed)) return `it has no ${needed} table, so it is not a Tidewell database`;
    }
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    db.close();
  }
}

/**
 * True when another connection (a running server, a script) has the database
 * open: taking it in exclusive locking mode then fails at once. When it is
 * free, closing this connection also folds any write-ahead log left by a
 * crash into the file, so the file stands on its own.
 */
export function databaseInUse(file: string): boolean {
  const db = new DatabaseSync(file, { timeout: 0 });
  try {
    db.exec("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; COMMIT;");
    return false;
  } catch (error) {
    if (/locked|busy/i.test((error as Error).message)) return true;
    throw error;
  } finally {
    db.close();
  }
}

export class RestoreRefused extends Error {}

/**
 * Puts `backup` in place of the live database at `live`: the backup is
 * checked first, the server must be stopped, and the database it replaces is
 * kept aside (returned) rather than deleted.
 */
export function restoreSqlite(backup: string, live: string, now = new Date()): { keptAside: string | null } {
  if (!fs.existsSync(backup)) throw new RestoreRefused(`There is no backup at ${backup}.`);
  const problem = integrityProblem(backup);
  if (problem) throw new RestoreRefused(`${backup} can't be restored: ${problem}`);

  let keptAside: string | null = null;
  if (fs.existsSync(live)) {
    if (databaseInUse(live)) {
      throw new RestoreRefused(
        `The database at ${live} is in use. Stop the server (and any script using it), then restore again.`,
      );
    }
    keptAside = `${live}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
    fs.renameSync(live, keptAside);
    // A log or index left beside the old file belongs to it, not to the restored one.
    for (const suffix of ["-wal", "-shm"]) {
      if (fs.existsSync(live + suffix)) fs.renameSync(live + suffix, keptAside + suffix);
    }
  }
  fs.mkdirSync(path.dirname(live), { recursive: true });
  const partial = `${live}.restoring`;
  fs.copyFileSync(backup, partial);
  fs.renameSync(partial, live);
  return { keptAside };
}
