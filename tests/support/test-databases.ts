import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { migrateToLatest, openDatabase, SQLITE_FILE, type DatabaseHandle } from "#app/platform/db.server.ts";
import type { Dialect } from "../../db/dialect.ts";
import { migrations } from "../../db/migrations/index.ts";

/**
 * Data-layer tests run on SQLite always, and on PostgreSQL too when
 * TEST_DATABASE_URL is set. Each test database is fresh and already migrated:
 * a copy of a migrated SQLite file, or a PostgreSQL database copied from a
 * migrated template, dropped afterwards.
 */
const root = path.resolve(import.meta.dirname, "../..");

export const testDialects: Dialect[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and removes everything the test made. */
  destroy(): Promise<void>;
}

export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-test-"));
    fs.copyFileSync(await sqliteTemplate(), path.join(dataDir, SQLITE_FILE));
    const handle = openDatabase({ dataDir });
    return {
      ...handle,
      destroy: async () => {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const database = await createPostgresDatabase(url, "test");
  const handle = openDatabase({ databaseUrl: database.url, dataDir: os.tmpdir() });
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * Makes the migrated templates the run's test databases are copied from, once, before any test
 * starts: migrating from nothing takes seconds on a busy machine, which the first test to need a
 * template would otherwise spend inside its own time limit.
 */
export async function prepareTestDatabaseTemplates() {
  await sqliteTemplate();
  if (process.env.TEST_DATABASE_URL) await postgresTemplate(process.env.TEST_DATABASE_URL);
}

/**
 * A digest of the schema's history (every migration's source): a template
 * made from other migrations is never used.
 */
function migrationsDigest(): string {
  const hash = crypto.createHash("sha256");
  const dir = path.join(root, "db");
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()) {
    if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
    hash
      .update(file)
      .update("\0")
      .update(fs.readFileSync(path.join(dir, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * A SQLite file migrated to the latest schema, made once for every test of
 * the run (and later runs with the same migrations); each test database
 * starts as a copy of it rather than running every migration again.
 */
async function sqliteTemplate(): Promise<string> {
  const template = path.join(os.tmpdir(), `tidewell-template-${migrationsDigest()}.db`);
  if (fs.existsSync(template)) return template;
  const building = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-template-"));
  const handle = openDatabase({ dataDir: building });
  await migrateToLatest(handle.db);
  // Closing the last connection folds the write-ahead log into the file.
  await handle.close();
  // Another worker may make the same template at once: each renames a whole file into place.
  fs.renameSync(path.join(building, SQLITE_FILE), template);
  fs.rmSync(building, { recursive: true, force: true });
  return template;
}

/**
 * The fresh test database a describe block's tests share: made before its
 * first test, removed after its last. It can be named where the block is
 * declared; it is there to use from the tests and hooks on.
 */
export function useTestDatabase(dialect: Dialect): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await current?.destroy();
  });
  return new Proxy({} as TestDatabase, {
    get: (_target, property) => {
      if (!current)
        throw new Error("The test database is made before the block's first test: use it from a test");
      return Reflect.get(current, property);
    },
  });
}

/**
 * Takes a test database back to the schema as it was after `migration`, to
 * write rows the way the app used to before testing the migrations that follow.
 */
export async function migrateBackTo(database: TestDatabase, migration: string) {
  const schema =
    database.dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]!
          .schema
      : undefined;
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  const { error } = await migrator.migrateTo(migration);
  if (error) throw error;
}

/**
 * A fresh PostgreSQL database on the server at `url`, already migrated (a copy
 * of a template database migrated once for these migrations), or `empty` for a
 * test of migrating itself; `drop` removes it.
 */
export async function createPostgresDatabase(url: string, prefix: string, options: { empty?: boolean } = {}) {
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  const template = options.empty ? "template0" : await postgresTemplate(url);
  await withAdmin(url, (client) => client.query(`create database "${name}" template "${template}"`));
  const scoped = new URL(url);
  scoped.pathname = `/${name}`;
  return {
    url: scoped.toString(),
    drop: () => withAdmin(url, (client) => client.query(`drop database if exists "${name}" with (force)`)),
  };
}

/**
 * The template database for these migrations, made by the first worker that
 * needs it (under an advisory lock, so the others wait for it rather than make
 * their own) and kept for later runs (a few megabytes each; other checkouts of
 * the project may be using the templates of their own migrations).
 */
async function postgresTemplate(url: string): Promise<string> {
  const name = `tidewell_template_${migrationsDigest()}`;
  return withAdmin(url, async (client) => {
    const exists = async () =>
      (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
    if (await exists()) return name;
    await client.query("select pg_advisory_lock(hashtext('tidewell test template'))");
    try {
      if (await exists()) return name;
      // Built under another name and renamed once migrated: a run stopped halfway leaves no template.
      const building = `tidewell_building_${migrationsDigest()}`;
      await client.query(`drop database if exists "${building}" with (force)`);
      await client.query(`create database "${building}" template template0`);
      const scoped = new URL(url);
      scoped.pathname = `/${building}`;
      const handle = openDatabase({ databaseUrl: scoped.toString(), dataDir: os.tmpdir() });
      try {
        await migrateToLatest(handle.db);
      } finally {
        await handle.close();
      }
      await client.query(`alter database "${building}" rename to "${name}"`);
      await client.query(`alter database "${name}" is_template true`);
      return name;
    } finally {
      await client.query("select pg_advisory_unlock(hashtext('tidewell test template'))");
    }
  });
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
