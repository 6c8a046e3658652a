import { PostgresAdapter, sql, type Kysely, type RawBuilder } from "kysely";

export type Dialect = "sqlite" | "postgres";

export function dialectOf(db: Kysely<unknown>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** Column types and defaults that mean the same thing on both engines. */
export function portableTypes(db: Kysely<unknown>) {
  const postgres = dialectOf(db) === "postgres";
  return {
    timestamp: postgres ? "timestamptz" : "text",
    bool: postgres ? "boolean" : "integer",
    date: postgres ? "date" : "text",
    now: (postgres
      ? sql`CURRENT_TIMESTAMP`
      : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`) as RawBuilder<string>,
    false: (postgres ? sql`false` : sql`0`) as RawBuilder<boolean>,
  } as const;
}
