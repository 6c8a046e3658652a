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

/**
 * Makes every change to `table`'s rows move the data version of the member each `column` names, as migration
 * 0006's triggers do: a deferred constraint trigger on PostgreSQL (once per transaction's row), a trigger per
 * event on SQLite. Named `<table>_<column>_…_member_version`; they go with the table.
 */
export async function moveMemberVersionOn(db: Kysely<unknown>, versioned: [table: string, column: string][]) {
  if (dialectOf(db) === "postgres") {
    for (const [table, column] of versioned) {
      await sql
        .raw(
          `create constraint trigger ${table}_${column}_member_version
           after insert or update or delete on "${table}"
           deferrable initially deferred for each row execute function member_version_changed('${column}')`,
        )
        .execute(db);
    }
    return;
  }
  const bump = (id: string) => `update member_versions set version = version + 1 where user_id = ${id};`;
  for (const [table, column] of versioned) {
    const body = {
      insert: bump(`new.${column}`),
      update: `${bump(`new.${column}`)} ${bump(`old.${column}`)}`,
      delete: bump(`old.${column}`),
    };
    for (const event of ["insert", "update", "delete"] as const) {
      await sql
        .raw(
          `create trigger ${table}_${column}_${event}_member_version after ${event} on ${table}
           begin ${body[event]} end`,
        )
        .execute(db);
    }
  }
}
