import { sql, type Kysely } from "kysely";
import { dialectOf, portableTypes } from "../dialect.ts";

/**
 * The audit log keeps no text anyone typed: it is append-only and outlives
 * the member it speaks of, so a reason naming her, or the search an export
 * was made with (her address), would stay after she is deleted.
 *
 * - The reason an owner gives for a premium change moves to `studio_reasons`,
 *   beside its entry and tied to the member: it goes when she goes.
 * - Entries written before keep only what the log may hold now (its
 *   app/modules/studio/audit.server.ts checks every new one): an export names
 *   the filters it used, not what they held; an added passkey, not its name;
 *   a refund its amount in minor units. A reason about an account that no
 *   longer exists is dropped. The log's triggers are lifted for this alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = portableTypes(db);
  await db.schema
    .createTable("studio_reasons")
    // The audit entry the reason was given with (no foreign key: the log outlives the member).
    .addColumn("audit_id", "text", (c) => c.primaryKey())
    .addColumn("member_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("studio_reasons_member_idx").on("studio_reasons").column("member_id").execute();

  const entries = await sql<{ id: string; action: string; subject_id: string | null; detail: string }>`
    select id, action, subject_id, detail from audit_log
    where action in ('member.premium-granted', 'member.premium-revoked', 'members.exported',
      'owner.passkey-added', 'purchase.refunded')
  `.execute(db);
  if (entries.rows.length === 0) return;
  await appendOnly(db, false);
  for (const entry of entries.rows) {
    const detail = JSON.parse(entry.detail) as Record<string, unknown>;
    const { reason, ...rest } = detail;
    if (typeof reason === "string" && entry.subject_id) {
      await sql`insert into studio_reasons (audit_id, member_id, reason)
        select ${entry.id}, id, ${reason} from "user" where id = ${entry.subject_id}`.execute(db);
    }
    await sql`update audit_log set detail = ${JSON.stringify(cleaned(entry.action, rest))} where id = ${entry.id}`.execute(
      db,
    );
  }
  await appendOnly(db, true);
}

/** The members search's address parameters, and the filters they are. */
const FILTER_PARAMS: Record<string, string> = {
  q: "query",
  tier: "tier",
  joinedFrom: "joinedFrom",
  joinedTo: "joinedTo",
  activeFrom: "activeFrom",
  activeTo: "activeTo",
  dueFrom: "dueFrom",
  dueTo: "dueTo",
};

/** An entry's detail, reason aside, as the log keeps it now. */
function cleaned(action: string, detail: Record<string, unknown>): Record<string, unknown> {
  if (action === "members.exported") {
    const used = [...new URLSearchParams(String(detail.filters ?? "")).keys()];
    const filters = Object.entries(FILTER_PARAMS)
      .filter(([param]) => used.includes(param))
      .map(([, filter]) => filter);
    return { count: Number(detail.count) || 0, filters };
  }
  if (action === "owner.passkey-added") return {};
  if (action === "purchase.refunded") {
    // "27.00 EUR", as it was written.
    const [, units, cents, currency] = /^(\d+)\.(\d{2}) ([A-Z]{3})$/.exec(String(detail.amount)) ?? [];
    return {
      purchase: detail.purchase,
      ...(units ? { amountMinor: Number(units) * 100 + Number(cents), currency } : {}),
      provider: detail.provider,
    };
  }
  return {};
}

/** Lifts the log's append-only triggers (migration 0021), or puts them back. */
async function appendOnly(db: Kysely<unknown>, on: boolean) {
  if (dialectOf(db) === "postgres") {
    await sql
      .raw(`alter table audit_log ${on ? "enable" : "disable"} trigger audit_log_append_only`)
      .execute(db);
    return;
  }
  for (const event of ["update", "delete"]) {
    if (!on) {
      await sql.raw(`drop trigger audit_log_no_${event}`).execute(db);
      continue;
    }
    await sql
      .raw(
        `create trigger audit_log_no_${event} before ${event} on audit_log
         begin select raise(abort, 'the audit log is append-only'); end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("studio_reasons").ifExists().execute();
}
