import crypto from "node:crypto";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "../../../db/schema.ts";
import { forgetLocalOutbox } from "#app/modules/email/transport.server.ts";
import type { DatabaseHandle, Db } from "#app/platform/db.server.ts";
import { normalizeEmail } from "#app/modules/people/email-address.ts";

/**
 * A member's right to their own data: where her rows are in every table
 * (MEMBER_DATA), and the deletion of all of it. Her export (everything we hold
 * about her, as JSON) is the profile's, and finds her rows through memberRows:
 * both work from the id of the session's user, and both follow MEMBER_DATA.
 */

/** How a member's rows are found in one table. */
type Finder<Column extends string> =
  /** By a column holding her user id. */
  | { userId: Column }
  /** By columns holding an email address: hers, or any her purchases' receipts went to. */
  | { addresses: readonly Column[] }
  /** Rows between two people (her and her birth partner): by either's user id, or the address she was invited at. */
  | { either: { userIds: readonly Column[]; addresses?: readonly Column[] } }
  /** Kept without what ties them to her: these columns are cleared instead. */
  | { anonymise: { userId: Column; address: Column } }
  /** Better Auth's pending sign-in links, codes and reset tokens (see authTokenRows). */
  | { authTokens: { identifier: Column; value: Column } }
  /** Nothing about a member, and why. */
  | { none: string };

/**
 * Every table, and how a member's rows are found in it: the one list the
 * export and the deletion follow. TypeScript wants a line for each table in
 * db/schema.ts; own-data.server.test.ts reads the live schema and fails for
 * any column that looks like it holds a member (a user id, an address, an
 * identifier) that this list does not search.
 */
export const MEMBER_DATA: { [T in keyof Database]: Finder<keyof Database[T] & string> } = {
  user: { userId: "id" },
  session: { userId: "userId" },
  account: { userId: "userId" },
  verification: { authTokens: { identifier: "identifier", value: "value" } },
  profiles: { userId: "id" },
  member_access: { userId: "user_id" },
  programme_settings: { userId: "user_id" },
  member_versions: { userId: "user_id" },
  audio_progress: { userId: "user_id" },
  listening_days: { userId: "user_id" },
  program_schedule: { userId: "user_id" },
  user_progress: { userId: "user_id" },
  share_tokens: { userId: "user_id" },
  // Hers as the member who invited, or as the partner invited or linked.
  partner_invitations: { either: { userIds: ["user_id"], addresses: ["email"] } },
  partner_links: { either: { userIds: ["user_id", "partner_id"] } },
  birth_plan_versions: { userId: "user_id" },
  // All comments on her plan, and those she wrote as someone's birth partner.
  birth_plan_comments: { either: { userIds: ["user_id", "author_id"] } },
  confirmation_codes: { userId: "user_id" },
  labour_contractions: { userId: "user_id" },
  jobs: { userId: "user_id" },
  push_subscriptions: { userId: "user_id" },
  reminder_settings: { userId: "user_id" },
  // Those in her name (any of her addresses), and those she sent signed in (an address she had then).
  contact_messages: { either: { userIds: ["sender_id"], addresses: ["email"] } },
  // The studio's inbox: the thread of her messages, and the owner's replies to her.
  contact_threads: { addresses: ["address"] },
  contact_replies: { addresses: ["address"] },
  // Email to her, and the owner's copies of her contact messages.
  email_outbox: { addresses: ["to_address", "about_address"] },
  // A business keeps its sales records; they stay without the buyer or her receipt address.
  purchases: { anonymise: { userId: "user_id", address: "receipt_email" } },
  // Her authenticator, if she is an owner: removed with her account, never exported (it holds the secret).
  twoFactor: { userId: "userId" },
  // Her passkeys, if she is an owner: removed with her account.
  passkey: { userId: "userId" },
  studio_checks: { userId: "user_id" },
  // The reasons an owner gave for what she did about her account (premium granted or taken back).
  studio_reasons: { userId: "member_id" },
  // An owner's own studio settings (her time zone): removed with her account.
  studio_settings: { userId: "user_id" },
  audit_log: {
    none: "the studio's record of what owners did: accounts by id only, kept when one is deleted (decision 0024)",
  },
  rate_limits: { none: "keys are one-way hashes of an IP address or an email address, pruned after a day" },
  payment_events: { none: "the providers' event ids and types" },
  content_version: { none: "one number: the version of what the owner has published" },
  media_versions: {
    none: "the versions of the course's recordings and guides; who uploaded one is in the audit log",
  },
  caption_revisions: {
    none: "a recording's captions as the owner saved them; who saved them is in the audit log",
  },
  session_settings: {
    none: "each session's state and place as the owner set them; who set them is in the audit log",
  },
  invoices: {
    none: "the seller's invoices and credit notes: amounts, VAT and a purchase's id, never the buyer herself",
  },
  invoice_counters: { none: "each year's last invoice and credit note numbers" },
  content_revisions: {
    none: "the site's words and their revisions: who saved each is an owner's account id only, kept like the audit log",
  },
  offers: { none: "the promo codes the owner set, and how many times each was used" },
  // A use of a code held while she pays: removed with her account.
  offer_holds: { userId: "user_id" },
  // A gift she gave, or one given to her (by the address it went to, or as the member who redeemed it).
  gifts: { either: { userIds: ["giver_id", "redeemed_by"], addresses: ["recipient_email"] } },
};

export type MemberTable = keyof typeof MEMBER_DATA;

/** The columns a table's finder searches (a row found by user id goes whole). */
export function searchedColumns(table: MemberTable): string[] {
  const finder: Finder<string> = MEMBER_DATA[table];
  if ("userId" in finder) return [finder.userId];
  if ("addresses" in finder) return [...finder.addresses];
  if ("either" in finder) return [...finder.either.userIds, ...(finder.either.addresses ?? [])];
  if ("anonymise" in finder) return [finder.anonymise.userId, finder.anonymise.address];
  if ("authTokens" in finder) return [finder.authTokens.identifier, finder.authTokens.value];
  return [];
}

/** What identifies a member's rows: her id and her addresses, normalised. */
interface MemberKeys {
  id: string;
  addresses: string[];
}

async function memberKeys(db: Db, userId: string): Promise<MemberKeys | undefined> {
  const user = await db.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirst();
  if (!user) return undefined;
  const receipts = await db
    .selectFrom("purchases")
    .select("receipt_email")
    .where("user_id", "=", userId)
    .where("receipt_email", "is not", null)
    .execute();
  const addresses = [user.email, ...receipts.map((p) => p.receipt_email!)].map(normalizeEmail);
  return { id: userId, addresses: [...new Set(addresses)] };
}

/** The condition that picks a member's rows in `table`, as MEMBER_DATA says. */
function ofMember(table: MemberTable, member: MemberKeys): RawBuilder<SqlBool> {
  const finder: Finder<string> = MEMBER_DATA[table];
  if ("userId" in finder) return sql<SqlBool>`${sql.ref(finder.userId)} = ${member.id}`;
  if ("anonymise" in finder) return sql<SqlBool>`${sql.ref(finder.anonymise.userId)} = ${member.id}`;
  if ("addresses" in finder) return byAddress(finder.addresses, member);
  if ("either" in finder) {
    const { userIds, addresses = [] } = finder.either;
    const ids = userIds.map((column) => sql<SqlBool>`${sql.ref(column)} = ${member.id}`);
    return sql<SqlBool>`(${sql.join([...ids, ...(addresses.length ? [byAddress(addresses, member)] : [])], sql` or `)})`;
  }
  if ("authTokens" in finder) return authTokenRows(finder.authTokens, member);
  return sql<SqlBool>`1 = 0`;
}

/** Rows with one of her addresses in any of `columns`. */
function byAddress(columns: readonly string[], member: MemberKeys): RawBuilder<SqlBool> {
  // Stored normalised; lower() also finds a row written before addresses were.
  const addresses = sql.join(member.addresses);
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => sql`lower(${sql.ref(column)}) in (${addresses})`),
    sql` or `,
  )})`;
}

/**
 * Better Auth's verification rows that are hers: a reset token's value is her
 * user id; a magic link's value is JSON holding her address as she typed it
 * (and other JSON values may hold her id); a sign-in code's identifier is a
 * hash of "<type>-otp-<address>" (hashed because auth.server.ts sets
 * `storeIdentifier: "hashed"`; the format is Better Auth's email-otp plugin's).
 */
function authTokenRows(
  columns: { identifier: string; value: string },
  member: MemberKeys,
): RawBuilder<SqlBool> {
  const value = sql.ref(columns.value);
  // As a whole JSON string, quotes included: ana@example.com must not find joanna@example.com.
  const inJson = (text: string) =>
    sql`lower(${value}) like ${`%"${escapeLike(text.toLowerCase())}"%`} escape '\\'`;
  const mentions = [sql`${value} = ${member.id}`, ...[member.id, ...member.addresses].map(inJson)];
  const codes = member.addresses.flatMap((address) =>
    ["sign-in", "email-verification", "forget-password"].map((type) =>
      crypto.createHash("sha256").update(`${type}-otp-${address}`).digest("base64url"),
    ),
  );
  return sql<SqlBool>`(${sql.join(mentions, sql` or `)} or ${sql.ref(columns.identifier)} in (${sql.join(codes)}))`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What picks a member's rows in each table, as MEMBER_DATA says: her data's export
 * (profile/data-export.server.ts) reads every table through it. Undefined when there is no
 * such account.
 */
export async function memberRows(
  db: Db,
  userId: string,
): Promise<((table: MemberTable) => RawBuilder<SqlBool>) | undefined> {
  const member = await memberKeys(db, userId);
  return member && ((table: MemberTable) => ofMember(table, member));
}

export interface DeletionDeps {
  database: DatabaseHandle;
  /** DATA_DIR: the local outbox's files go too. */
  dataDir: string;
}

/**
 * Removes the member everywhere MEMBER_DATA says, in one transaction;
 * purchases stay as anonymous sales records. Then SQLite's log is
 * checkpointed so no copy of the deleted rows is left in it (secure_delete
 * has already zeroed them in the file), and her messages in the local outbox
 * go.
 */
export async function deleteMember({ database, dataDir }: DeletionDeps, userId: string) {
  const forgotten = await database.db.transaction().execute(async (trx) => {
    const member = await memberKeys(trx, userId);
    if (!member) return undefined;
    // Purchases first, while they still name her (deleting the user would only unlink them); the
    // account itself last.
    const order = (table: MemberTable) => ("anonymise" in MEMBER_DATA[table] ? 0 : table === "user" ? 2 : 1);
    const tables = (Object.keys(MEMBER_DATA) as MemberTable[]).sort((a, b) => order(a) - order(b));
    for (const table of tables) {
      const finder: Finder<string> = MEMBER_DATA[table];
      if ("none" in finder) continue;
      const where = ofMember(table, member);
      if ("anonymise" in finder) {
        const { userId: id, address } = finder.anonymise;
        await sql`update ${sql.table(table)} set ${sql.ref(id)} = null, ${sql.ref(address)} = null where ${where}`.execute(
          trx,
        );
      } else {
        await sql`delete from ${sql.table(table)} where ${where}`.execute(trx);
      }
    }
    return member;
  });
  if (!forgotten) return;
  await database.checkpoint();
  forgetLocalOutbox(dataDir, forgotten.addresses);
}
