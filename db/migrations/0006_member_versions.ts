import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

/**
 * A version number per member that the database itself moves on whenever
 * anything a member page shows changes: their account, profile, listening,
 * programme, progress, partner link or purchases. A page rendered for a
 * version can be served again until the version moves, and no write path can
 * forget to say so: the triggers do it for every path, on every instance.
 *
 * The versions live in their own table, written only by these triggers. On
 * PostgreSQL the triggers run as the transaction commits (deferred), after its
 * own statements have taken their row locks, so a transaction never waits for
 * a member's row while holding their version.
 */
const MEMBER_TABLES = ["audio_progress", "program_schedule", "user_progress", "share_tokens", "purchases"];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("member_versions")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into member_versions (user_id) select id from profiles`.execute(db);
  if (dialectOf(db) === "postgres") await postgresTriggers(db);
  else await sqliteTriggers(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    for (const table of ["profiles", "user", ...MEMBER_TABLES]) {
      await sql`drop trigger if exists ${sql.raw(`${table}_member_version`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
    await sql`drop function if exists member_version_changed()`.execute(db);
  } else {
    for (const table of ["profiles", "user", ...MEMBER_TABLES]) {
      for (const event of ["insert", "update", "delete"]) {
        await sql`drop trigger if exists ${sql.raw(`${table}_${event}_member_version`)}`.execute(db);
      }
    }
  }
  await db.schema.dropTable("member_versions").execute();
}

async function sqliteTriggers(db: Kysely<unknown>) {
  const bump = (id: string) => `update member_versions set version = version + 1 where user_id = ${id};`;
  const statements = [
    // A profile is made with its account and goes with it.
    `create trigger profiles_insert_member_version after insert on profiles begin
       insert into member_versions (user_id) values (new.id) on conflict (user_id) do nothing; end`,
    `create trigger profiles_update_member_version after update on profiles begin ${bump("new.id")} end`,
    `create trigger profiles_delete_member_version after delete on profiles begin
       delete from member_versions where user_id = old.id; end`,
    `create trigger user_update_member_version after update on "user" begin ${bump("new.id")} end`,
    ...MEMBER_TABLES.flatMap((table) => [
      `create trigger ${table}_insert_member_version after insert on ${table} begin ${bump("new.user_id")} end`,
      `create trigger ${table}_update_member_version after update on ${table} begin
         ${bump("new.user_id")} ${bump("old.user_id")} end`,
      `create trigger ${table}_delete_member_version after delete on ${table} begin ${bump("old.user_id")} end`,
    ]),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>) {
  // TG_ARGV[0] names the column holding the member's id (profiles and user: id).
  await sql
    .raw(
      `create function member_version_changed() returns trigger language plpgsql as $$
      declare
        new_id text := case when tg_op <> 'DELETE' then to_jsonb(new) ->> tg_argv[0] end;
        old_id text := case when tg_op <> 'INSERT' then to_jsonb(old) ->> tg_argv[0] end;
      begin
        if tg_table_name = 'profiles' and tg_op = 'INSERT' then
          insert into member_versions (user_id) values (new_id) on conflict (user_id) do nothing;
        elsif tg_table_name = 'profiles' and tg_op = 'DELETE' then
          delete from member_versions where user_id = old_id;
        else
          update member_versions set version = version + 1 where user_id in (new_id, old_id);
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  const triggers: [string, string, string][] = [
    ["profiles", "insert or update or delete", "id"],
    ["user", "update", "id"],
    ...MEMBER_TABLES.map((table): [string, string, string] => [
      table,
      "insert or update or delete",
      "user_id",
    ]),
  ];
  for (const [table, events, column] of triggers) {
    await sql
      .raw(
        `create constraint trigger ${table}_member_version after ${events} on "${table}"
         deferrable initially deferred for each row execute function member_version_changed('${column}')`,
      )
      .execute(db);
  }
}
