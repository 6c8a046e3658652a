import { sql, type Kysely } from "kysely";

/**
 * Email addresses are stored the way the app now writes them, trimmed and
 * lower-cased, so a member's rows are found by her address whatever capitals
 * she typed. An account's own address changes only where no other account
 * would then share it (those are left for a person to look at).
 *
 * Queued email says whom it is about when that is not its recipient
 * (`about_address`: the owner's copy of a contact message names the
 * visitor), so deleting an account finds those too. Earlier copies get it
 * from their body while they still have one; those already sent have lost
 * their body, and lose the visitor's name from their subject instead.
 *
 * Addresses are rewritten here in JavaScript, not with SQL's lower(): SQLite's
 * lower() leaves letters outside ASCII alone, and the app's doesn't.
 */
const normalize = (address: string) => address.trim().toLowerCase();

const ADDRESS_COLUMNS = [
  ["contact_messages", "email"],
  ["purchases", "receipt_email"],
  ["email_outbox", "to_address"],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("email_outbox").addColumn("about_address", "text").execute();

  for (const [table, column] of ADDRESS_COLUMNS) {
    const { rows } = await sql<{ id: string; address: string }>`
      select id, ${sql.ref(column)} as address from ${sql.table(table)} where ${sql.ref(column)} is not null
    `.execute(db);
    for (const { id, address } of rows) {
      if (normalize(address) === address) continue;
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${normalize(address)} where id = ${id}`.execute(
        db,
      );
    }
  }

  const { rows: users } = await sql<{ id: string; email: string }>`select id, email from "user"`.execute(db);
  const holders = new Map<string, number>();
  for (const { email } of users) holders.set(normalize(email), (holders.get(normalize(email)) ?? 0) + 1);
  for (const { id, email } of users) {
    if (normalize(email) === email || holders.get(normalize(email)) !== 1) continue;
    await sql`update "user" set email = ${normalize(email)} where id = ${id}`.execute(db);
  }

  const { rows: notes } = await sql<{ id: string; text_body: string | null }>`
    select id, text_body from email_outbox where kind = 'contact-message'
  `.execute(db);
  for (const { id, text_body } of notes) {
    const visitor = text_body ? /^Email: (\S+@\S+)$/m.exec(text_body)?.[1] : undefined;
    if (visitor) {
      await sql`update email_outbox set about_address = ${normalize(visitor)} where id = ${id}`.execute(db);
    } else {
      await sql`update email_outbox set subject = 'New message (contact form)' where id = ${id}`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Lower-cased addresses stay lower-cased: the original capitals are not kept anywhere.
  await db.schema.alterTable("email_outbox").dropColumn("about_address").execute();
}
