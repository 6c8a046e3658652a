import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "~/platform/db.server.ts";
import type { Dialect } from "../../db/dialect.ts";
import { migrations } from "../../db/migrations/index.ts";

/**
 * Data-layer tests run on SQLite always, and on PostgreSQL too when
 * TEST_DATABASE_URL is set. Each test database is fresh: a temporary SQLite
 * file, or a PostgreSQL schema of its own that is dropped afterwards.
 */
export const testDialects: Dialect[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and removes everything the test made. */
  destroy(): Promise<void>;
}

export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-test-"));
    const handle = openDatabase({ dataDir });
    await migrateToLatest(handle.db);
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
  const schema = await createSchema(url, "test");
  const handle = openDatabase({ databaseUrl: schema.url, dataDir: os.tmpdir() });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      await schema.drop();
    },
  };
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
 * A fresh PostgreSQL schema on the server at `url`, and a URL whose
 * connections use it; `drop` removes it and everything in it.
 */
export async function createSchema(url: string, prefix: string) {
  const schema = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  await withAdmin(url, (client) => client.query(`create schema "${schema}"`));
  const scoped = new URL(url);
  scoped.searchParams.set("options", `-c search_path=${schema}`);
  return {
    url: scoped.toString(),
    drop: () => withAdmin(url, (client) => client.query(`drop schema if exists "${schema}" cascade`)),
  };
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
