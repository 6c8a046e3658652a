import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

/**
 * One paid purchase per member, whatever the providers do. A payment that
 * completes for a member who has already paid is a `duplicate`: it grants
 * nothing and is refunded through its provider (then `refunded`). A partial
 * unique index makes two `succeeded` purchases for one member impossible.
 *
 * A database that already holds two for one member (it happened on a running
 * copy) keeps the earliest and marks the others `duplicate`, so they are
 * refunded by the next sweep.
 */
const STATUSES = ["pending", "succeeded", "duplicate", "refunded", "failed"];

export async function up(db: Kysely<unknown>): Promise<void> {
  await allowStatuses(db, STATUSES);
  // PostgreSQL can't build an index while the member-version triggers (deferred, migration 0006)
  // still wait to run: here they run as each statement ends.
  if (dialectOf(db) === "postgres") await sql`set constraints all immediate`.execute(db);
  await sql`
    update purchases set status = 'duplicate'
    where status = 'succeeded' and user_id is not null and exists (
      select 1 from purchases kept
      where kept.user_id = purchases.user_id and kept.status = 'succeeded'
        and (kept.succeeded_at < purchases.succeeded_at
          or (kept.succeeded_at = purchases.succeeded_at and kept.id < purchases.id))
    )`.execute(db);
  await sql`create unique index purchases_one_paid_per_member on purchases (user_id) where status = 'succeeded'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists purchases_one_paid_per_member`.execute(db);
  if (dialectOf(db) === "postgres") await sql`set constraints all immediate`.execute(db);
  await sql`update purchases set status = 'succeeded' where status = 'duplicate'`.execute(db);
  const before = STATUSES.filter((status) => status !== "duplicate");
  await allowStatuses(db, before);
}

const quoted = (values: string[]) => values.map((value) => `'${value}'`).join(", ");

/** The statuses a purchase may have: PostgreSQL swaps its check constraint; SQLite rebuilds the table. */
async function allowStatuses(db: Kysely<unknown>, statuses: string[]) {
  if (dialectOf(db) !== "postgres") return rebuildSqlitePurchases(db, statuses);
  await sql`alter table purchases drop constraint if exists purchases_status_check`.execute(db);
  await sql
    .raw(
      `alter table purchases add constraint purchases_status_check check (status in (${quoted(statuses)}))`,
    )
    .execute(db);
}

/**
 * SQLite can't change a CHECK constraint in place: the table is rebuilt with
 * the new one, and its indexes and the member-version triggers (migration
 * 0006) are made again. Nothing references purchases, so nothing else moves.
 */
async function rebuildSqlitePurchases(db: Kysely<unknown>, statuses: string[]) {
  const statements = [
    `create table purchases_rebuilt (
      id text primary key,
      user_id text references "user"(id) on delete set null,
      provider text not null check (provider in ('stripe', 'paypal')),
      provider_payment_id text not null,
      amount_minor integer not null check (amount_minor > 0),
      currency text not null,
      status text not null check (status in (${quoted(statuses)})),
      created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      succeeded_at text,
      refunded_at text,
      provider_capture_id text,
      receipt_email text,
      constraint purchases_provider_payment_key unique (provider, provider_payment_id)
    )`,
    `insert into purchases_rebuilt (id, user_id, provider, provider_payment_id, amount_minor, currency, status,
       created_at, updated_at, succeeded_at, refunded_at, provider_capture_id, receipt_email)
     select id, user_id, provider, provider_payment_id, amount_minor, currency, status,
       created_at, updated_at, succeeded_at, refunded_at, provider_capture_id, receipt_email from purchases`,
    `drop table purchases`,
    `alter table purchases_rebuilt rename to purchases`,
    `create index purchases_user_id_idx on purchases (user_id)`,
    `create index purchases_capture_idx on purchases (provider, provider_capture_id)`,
    `create trigger purchases_insert_member_version after insert on purchases begin
       update member_versions set version = version + 1 where user_id = new.user_id; end`,
    `create trigger purchases_update_member_version after update on purchases begin
       update member_versions set version = version + 1 where user_id = new.user_id;
       update member_versions set version = version + 1 where user_id = old.user_id; end`,
    `create trigger purchases_delete_member_version after delete on purchases begin
       update member_versions set version = version + 1 where user_id = old.user_id; end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
