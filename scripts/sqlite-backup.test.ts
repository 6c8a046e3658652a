import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, SQLITE_FILE, type DatabaseHandle } from "#app/platform/db.server.ts";
import {
  backupSqlite,
  databaseInUse,
  integrityProblem,
  RestoreRefused,
  restoreSqlite,
} from "./sqlite-backup.ts";

describe("SQLite backup and restore", () => {
  let dir: string;
  let live: string;
  let server: DatabaseHandle;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-backup-"));
    live = path.join(dir, SQLITE_FILE);
    server = openDatabase({ dataDir: dir });
    await migrateToLatest(server.db);
  });
  afterEach(async () => {
    await server.close().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const addEvent = (id: string) =>
    server.db.insertInto("payment_events").values({ id, type: "test" }).execute();
  const eventsIn = (file: string) => {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      return (db.prepare("SELECT id FROM payment_events ORDER BY id").all() as { id: string }[]).map(
        (r) => r.id,
      );
    } finally {
      db.close();
    }
  };

  // Copying under a steady stream of writes from another process: tests/durability/backup.test.ts.
  it("copies the database while another connection has it open, and the copy is sound", async () => {
    await addEvent("before");
    const target = path.join(dir, "backups", "one.sqlite");
    backupSqlite(live, target);
    await addEvent("after");
    expect(integrityProblem(target)).toBeNull();
    expect(eventsIn(target)).toEqual(["before"]);
    // No half-written file is left under another name.
    expect(fs.readdirSync(path.dirname(target))).toEqual(["one.sqlite"]);
    expect(() => backupSqlite(live, target)).toThrow(/already exists/);
  });

  it("refuses to restore a file that is not a sound Tidewell database", () => {
    const junk = path.join(dir, "junk.sqlite");
    fs.writeFileSync(junk, "not a database at all, just some text that is long enough".repeat(100));
    expect(() => restoreSqlite(junk, live)).toThrow(RestoreRefused);
    const other = path.join(dir, "other.sqlite");
    const db = new DatabaseSync(other);
    db.exec("CREATE TABLE notes (text TEXT)");
    db.close();
    expect(() => restoreSqlite(other, live)).toThrow(/not a Tidewell database/);
  });

  it("refuses while the database is open, then restores and keeps the replaced file aside", async () => {
    await addEvent("backed-up");
    const backup = path.join(dir, "backup.sqlite");
    backupSqlite(live, backup);
    await addEvent("after-backup");

    expect(databaseInUse(live)).toBe(true);
    expect(() => restoreSqlite(backup, live)).toThrow(/in use\. Stop the server/);
    await server.close();
    expect(databaseInUse(live)).toBe(false);

    const { keptAside } = restoreSqlite(backup, live);
    expect(eventsIn(live)).toEqual(["backed-up"]);
    expect(eventsIn(keptAside!)).toEqual(["after-backup", "backed-up"]);
    expect(fs.existsSync(`${live}-wal`)).toBe(false);
  });
});
