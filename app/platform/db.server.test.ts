import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { migrations } from "../../db/migrations/index.ts";
import { sql } from "kysely";
import {
  createPostgresDatabase,
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../tests/support/test-databases.ts";
import { migrateToLatest, openDatabase, SQLITE_FILE, type DatabaseHandle, type Db } from "./db.server.ts";

/**
 * Another process writing to the same SQLite file, as a backup or maintenance
 * script might. `writing` resolves as it starts its write, which waits for
 * the lock while a transaction here holds it.
 */
function writeFromAnotherProcess(file: string, id: string) {
  const script = `
    const { DatabaseSync } = require("node:sqlite");
    const db = new DatabaseSync(${JSON.stringify(file)});
    db.exec("PRAGMA busy_timeout = 5000");
    process.stdout.write("writing\\n");
    db.prepare("INSERT INTO rate_limits (key, count, window_start) VALUES (?, 1, 0)").run(${JSON.stringify(id)});
  `;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  const writing = new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
  const done = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, stderr })),
  );
  return { writing, done };
}

describe("SQLite transactions", () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  afterEach(async () => {
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("let a transaction that reads, then writes, finish while another process writes too", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-db-"));
    handle = openDatabase({ dataDir });
    await migrateToLatest(handle.db);

    let otherWriter: ReturnType<typeof writeFromAnotherProcess> | undefined;
    await handle.db.transaction().execute(async (trx) => {
      await trx.selectFrom("rate_limits").selectAll().execute();
      // The other process tries to write between this transaction's read and its write.
      otherWriter = writeFromAnotherProcess(path.join(dataDir, SQLITE_FILE), "from-another-process");
      await otherWriter.writing;
      await trx
        .insertInto("rate_limits")
        .values({ key: "from-this-process", count: 1, window_start: 0 })
        .execute();
    });

    // Both writes land: the other process waited for the lock instead of slipping in between.
    expect(await otherWriter?.done).toEqual({ code: 0, stderr: "" });
    const keys = await handle.db.selectFrom("rate_limits").select("key").orderBy("key").execute();
    expect(keys.map((row) => row.key)).toEqual(["from-another-process", "from-this-process"]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL schemas", () => {
  it("keeps a schema's migrations apart from those of another schema on the same database", async () => {
    // The test database's public schema holds the app's migrations; a second instance on the same
    // database, its connection set to a schema of its own, must not take them for its own. (Its one
    // migration stands for the app's, which would take seconds here on a busy machine.)
    const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, "test");
    const first = openDatabase({ databaseUrl: database.url, dataDir: os.tmpdir() });
    const url = new URL(database.url);
    url.searchParams.set("options", "-c search_path=second");
    const second = openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
    const secondsOwn = {
      "0001_notes": { up: (db: Db) => db.schema.createTable("notes").addColumn("id", "integer").execute() },
    };
    try {
      await sql`create schema second`.execute(first.db);
      expect(await migrateToLatest(second.db, secondsOwn)).toEqual(["0001_notes"]);
      expect(await migrateToLatest(first.db)).toEqual([]);
      const bookkeeping = await sql<{ schema: string; applied: number }>`
        select 'public' as schema, count(*)::int as applied from public.kysely_migration
        union all select 'second', count(*)::int from second.kysely_migration`.execute(first.db);
      expect(bookkeeping.rows).toEqual([
        { schema: "public", applied: Object.keys(migrations).length },
        { schema: "second", applied: 1 },
      ]);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await database.drop();
    }
  });
});

describe("migrating", () => {
  /** A database whose first `failures` queries fail with `code`, as PostgreSQL fails them. */
  function failingAtFirst(failures: number, code: string) {
    const handle = openDatabase({ dataDir: os.tmpdir(), sqliteFile: ":memory:" });
    const state = { failures, attempts: 0 };
    const db = handle.db.withPlugin({
      transformQuery: ({ node }) => {
        state.attempts += 1;
        if (state.failures > 0) {
          state.failures -= 1;
          throw Object.assign(new Error('schema "test_dropped" does not exist'), { code });
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    return { handle, db, state };
  }

  it("tries again when another user of the database drops a schema just as it starts", async () => {
    const { handle, db } = failingAtFirst(2, "3F000");
    try {
      expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    } finally {
      await handle.close();
    }
  });

  it("stops at the first failure of any other kind", async () => {
    const { handle, db, state } = failingAtFirst(1, "42P01");
    try {
      await expect(migrateToLatest(db)).rejects.toThrow("does not exist");
      expect(state.attempts).toBe(1);
    } finally {
      await handle.close();
    }
  });
});

describe.each(testDialects)("writes committed together on %s", (dialect) => {
  let database: TestDatabase;
  afterEach(async () => {
    await database?.destroy();
  });

  const insertKey = (key: string) => (db: Db) =>
    db.insertInto("rate_limits").values({ key, count: 1, window_start: 0 }).execute();
  const keys = async () =>
    (await database.db.selectFrom("rate_limits").select("key").orderBy("key").execute()).map((r) => r.key);

  it("commits every write of a burst, each answered with its own result", async () => {
    database = await createTestDatabase(dialect);
    const names = Array.from({ length: 40 }, (_, i) => `burst-${String(i).padStart(2, "0")}`);
    const results = await Promise.all(
      names.map((name) =>
        database.commitTogether(async (db) => {
          await insertKey(name)(db);
          return name.toUpperCase();
        }),
      ),
    );
    expect(results).toEqual(names.map((name) => name.toUpperCase()));
    expect(await keys()).toEqual(names);
  });

  it("fails only the write that fails: its own changes are undone and the others commit", async () => {
    database = await createTestDatabase(dialect);
    await insertKey("taken")(database.db);
    const outcomes = await Promise.allSettled([
      database.commitTogether(insertKey("before")),
      // A duplicate key: the constraint refuses this write.
      database.commitTogether(insertKey("taken")),
      // A write that changes something and then fails leaves nothing behind.
      database.commitTogether(async (db) => {
        await insertKey("half-done")(db);
        throw new Error("gave up halfway");
      }),
      database.commitTogether(insertKey("after")),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect(await keys()).toEqual(["after", "before", "taken"]);
  });
});

describe("writes committed together on SQLite", () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  afterEach(async () => {
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers a write only once it is committed, so another connection sees it", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-db-"));
    handle = openDatabase({ dataDir });
    await migrateToLatest(handle.db);
    const other = new DatabaseSync(path.join(dataDir, SQLITE_FILE));
    try {
      const seenByOther = await Promise.all(
        ["one", "two", "three"].map(async (key) => {
          await handle.commitTogether((db) =>
            db.insertInto("rate_limits").values({ key, count: 1, window_start: 0 }).execute(),
          );
          return other.prepare("select count(*) as n from rate_limits where key = ?").get(key);
        }),
      );
      expect(seenByOther).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    } finally {
      other.close();
    }
  });
});
