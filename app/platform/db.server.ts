import fs from "node:fs";
import path from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type SqliteDatabase,
} from "kysely";
import { Migrator } from "kysely/migration";
import type * as Pg from "pg";
import { migrations } from "../../db/migrations/index.ts";
import type { Database } from "../../db/schema.ts";
import type { Dialect } from "../../db/dialect.ts";

export type Db = Kysely<Database>;

/** Whether a handle (or a transaction) talks to PostgreSQL: row locks mean something there, not on SQLite. */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Makes a member's transactions of one kind take turns, inside `trx`: SQLite's
 * transactions take the write lock as they begin; on PostgreSQL the next waits
 * on her account's row. NO KEY UPDATE leaves the rows that point at it free,
 * so her other writes don't wait.
 */
export async function oneAtATimeFor(trx: Db, userId: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx.selectFrom("user").select("id").where("id", "=", userId).forNoKeyUpdate().execute();
}

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Runs a small write, and resolves once it is committed. On SQLite the
   * writes that arrive in the same turn of the event loop share one
   * transaction, so one sync to disk makes them all durable (group commit).
   * A write that fails alone (a constraint) fails alone; the rest commit.
   */
  commitTogether<T>(write: (db: Db) => Promise<T>): Promise<T>;
  /**
   * After a deletion: on SQLite, copies the write-ahead log into the database
   * file and empties it, so the deleted rows' old pages are gone from the log
   * too (secure_delete has zeroed them in the file). PostgreSQL has nothing
   * to do per deletion (docs/deploy.md).
   */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; unset means SQLite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** SQLite file name inside `dataDir`, or ':memory:'. */
  sqliteFile?: string;
}

export const SQLITE_FILE = "tidewell.db";

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openSqlite(
        options.sqliteFile === ":memory:"
          ? ":memory:"
          : path.join(options.dataDir, options.sqliteFile ?? SQLITE_FILE),
      );
}

/**
 * Brings the schema up to date with the app's migrations (or, in a test of the bookkeeping,
 * others); safe to run on every start and from several processes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function migrateToLatest(db: Kysely<any>, toApply = migrations): Promise<string[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await migrateOnce(db, toApply);
    } catch (error) {
      // Before it takes its lock, Kysely's migrator lists the tables of every schema in the
      // database; a schema that another user of the database drops at that moment (the tests
      // drop theirs all the time) makes PostgreSQL fail the listing. Nothing has changed yet.
      if (attempt === 5 || (error as { code?: unknown }).code !== PG_SCHEMA_GONE) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** PostgreSQL's invalid_schema_name. */
const PG_SCHEMA_GONE = "3F000";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
async function migrateOnce(db: Kysely<any>, toApply: typeof migrations): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => toApply },
    // On PostgreSQL, keep the migration bookkeeping in the connection's own schema: otherwise
    // Kysely takes another schema's bookkeeping tables on the same database for this one's.
    migrationTableSchema: isPostgres(db) ? await currentSchema(db) : undefined,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any schema
async function currentSchema(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  if (!rows[0]?.schema)
    throw new Error("The PostgreSQL connection has no current schema (check search_path)");
  return rows[0].schema;
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const raw = new DatabaseSync(file);
  // WAL lets readers work while one writer commits; synchronous=FULL makes every
  // commit durable on disk before it is acknowledged; secure_delete overwrites
  // deleted rows with zeros instead of leaving them readable in free space
  // (see docs/decisions).
  raw.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = 5000;
    PRAGMA secure_delete = ON;
  `);
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: nodeSqliteAdapter(raw) }),
  });
  return {
    db,
    dialect: "sqlite",
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    commitTogether: groupCommit(db),
    checkpoint: async () => {
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    },
    close: () => db.destroy(),
  };
}

interface PendingWrite {
  write: (db: Db) => Promise<unknown>;
  resolve: (value: never) => void;
  reject: (error: unknown) => void;
}

function groupCommit(db: Db): DatabaseHandle["commitTogether"] {
  let pending: PendingWrite[] = [];
  async function commit(batch: PendingWrite[]) {
    const outcomes: (() => void)[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const { write, resolve, reject } of batch) {
          // Each write in a savepoint of its own, so a failed one undoes just itself.
          await sql`savepoint one_write`.execute(trx);
          try {
            const value = await write(trx);
            await sql`release one_write`.execute(trx);
            outcomes.push(() => resolve(value as never));
          } catch (error) {
            await sql`rollback to one_write`.execute(trx);
            await sql`release one_write`.execute(trx);
            outcomes.push(() => reject(error));
          }
        }
      });
    } catch (error) {
      for (const { reject } of batch) reject(error);
      return;
    }
    for (const settle of outcomes) settle();
  }
  return (write) =>
    new Promise((resolve, reject) => {
      pending.push({ write, resolve, reject } as PendingWrite);
      if (pending.length > 1) return;
      setImmediate(() => {
        const batch = pending;
        pending = [];
        void commit(batch);
      });
    });
}

// pg is only needed on PostgreSQL: it loads with the first connection, not at boot on SQLite.
let pgModule: Promise<typeof Pg> | undefined;
const loadPg = () => (pgModule ??= import("pg"));

function openPostgres(url: string): DatabaseHandle {
  const createPool = async () => {
    const { default: pg } = await loadPg();
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: 5000,
      types: {
        getTypeParser(oid, format) {
          // A calendar date stays 'yyyy-MM-dd' text: turning it into a Date would
          // shift it by the server's time zone.
          if (oid === pg.types.builtins.DATE) return (value: string) => value;
          return pg.types.getTypeParser(oid, format);
        },
      },
    });
    // An idle client that loses its connection must not crash the process.
    pool.on("error", () => {});
    return pool;
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPool }) });
  return {
    db,
    dialect: "postgres",
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    // PostgreSQL commits concurrent transactions together itself.
    commitTogether: (write) => db.transaction().execute(write),
    checkpoint: async () => {},
    close: () => db.destroy(),
  };
}

/**
 * Transactions take the write lock when they begin (BEGIN IMMEDIATE). A
 * deferred transaction that reads first and then writes fails at once with
 * SQLITE_BUSY, whatever the busy timeout, if another connection (a backup, a
 * maintenance script) wrote in between; an immediate one waits its turn.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  private readonly settings: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(settings: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(settings);
    this.settings = settings;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.settings);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/**
 * Kysely's SQLite dialect expects better-sqlite3's shape; node:sqlite is close.
 * The differences: parameters are spread, booleans and Dates must be turned
 * into values SQLite can bind, and prepared statements are worth caching.
 */
function nodeSqliteAdapter(raw: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, { statement: StatementSync; reader: boolean }>();
  const prepare = (query: string) => {
    let prepared = cache.get(query);
    if (!prepared) {
      const statement = raw.prepare(query);
      prepared = { statement, reader: statement.columns().length > 0 };
      if (cache.size >= 500) cache.delete(cache.keys().next().value as string);
      cache.set(query, prepared);
    }
    return prepared;
  };
  return {
    close: () => raw.close(),
    prepare(query) {
      const { statement, reader } = prepare(query);
      return {
        reader,
        all: (params) => statement.all(...bindable(params)),
        run: (params) => statement.run(...bindable(params)),
        iterate: (params) => statement.iterate(...bindable(params)),
      };
    },
  };
}

type Bindable = null | number | bigint | string | Uint8Array;

function bindable(params: ReadonlyArray<unknown>): Bindable[] {
  return params.map((value) => {
    if (typeof value === "boolean") return value ? 1 : 0;
    if (value instanceof Date) return value.toISOString();
    if (value === undefined) return null;
    return value as Bindable;
  });
}

/** Whether a write failed on a unique key (PostgreSQL's 23505, SQLite's constraint message): a row already there. */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === "23505" || (typeof message === "string" && /UNIQUE constraint failed/i.test(message));
}
