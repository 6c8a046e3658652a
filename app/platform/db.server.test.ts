import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migrations } from "../../db/migrations/index.ts";
import { createTestDatabase } from "../../tests/support/test-databases.ts";
import { migrateToLatest, openDatabase, SQLITE_FILE, type DatabaseHandle } from "./db.server.ts";

/** Another process writing to the same SQLite file, as a backup or maintenance script might. */
function writeFromAnotherProcess(file: string, id: string) {
  const script = `
    const { DatabaseSync } = require("node:sqlite");
    const db = new DatabaseSync(${JSON.stringify(file)});
    db.exec("PRAGMA busy_timeout = 5000");
    db.prepare("INSERT INTO rate_limits (key, count, window_start) VALUES (?, 1, 0)").run(${JSON.stringify(id)});
  `;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  return new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, stderr })),
  );
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

    let otherWriter: Promise<{ code: number | null; stderr: string }> | undefined;
    await handle.db.transaction().execute(async (trx) => {
      await trx.selectFrom("rate_limits").selectAll().execute();
      // The other process tries to write between this transaction's read and its write.
      otherWriter = writeFromAnotherProcess(path.join(dataDir, SQLITE_FILE), "from-another-process");
      await new Promise((resolve) => setTimeout(resolve, 400));
      await trx
        .insertInto("rate_limits")
        .values({ key: "from-this-process", count: 1, window_start: 0 })
        .execute();
    });

    // Both writes land: the other process waited for the lock instead of slipping in between.
    expect(await otherWriter).toEqual({ code: 0, stderr: "" });
    const keys = await handle.db.selectFrom("rate_limits").select("key").orderBy("key").execute();
    expect(keys.map((row) => row.key)).toEqual(["from-another-process", "from-this-process"]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL schemas", () => {
  it("migrates each schema on its own when several share one database", async () => {
    const first = await createTestDatabase("postgres");
    const second = await createTestDatabase("postgres");
    try {
      for (const database of [first, second]) {
        const applied = await database.db
          .selectFrom("kysely_migration" as never)
          .selectAll()
          .execute();
        expect(applied.length).toBe(Object.keys(migrations).length);
      }
    } finally {
      await first.destroy();
      await second.destroy();
    }
  });
});
