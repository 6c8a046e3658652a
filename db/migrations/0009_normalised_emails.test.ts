import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessageEmail } from "#app/modules/email/templates.ts";
import { migrateToLatest } from "#app/platform/db.server.ts";
import { migrateBackTo, testDialects, useTestDatabase } from "../../tests/support/test-databases.ts";

describe.each(testDialects)("migration 0009 (normalised emails) on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  beforeAll(async () => {
    // Back to the schema before this migration, to write rows the way the app used to.
    await migrateBackTo(database, "0008_confirmation_codes");
  });

  const user = (id: string, email: string) =>
    sql`insert into "user" (id, name, email, "emailVerified") values (${id}, 'Sam Rivers', ${email}, ${dialect === "postgres" ? sql`false` : 0})`.execute(
      db(),
    );
  const outbox = (id: string, to: string, kind: string, subject: string, text: string | null) =>
    sql`insert into email_outbox (id, kind, to_address, subject, text_body) values (${id}, ${kind}, ${to}, ${subject}, ${text})`.execute(
      db(),
    );

  it("lower-cases and trims stored addresses, and says whom earlier contact-form copies are about", async () => {
    await user("u1", " Sam.Rivers@Example.com ");
    await user("u2", "Jo@Example.com");
    await user("u3", "jo@example.com");
    await sql`insert into contact_messages (id, name, email, message) values ('c1', 'Sam', ' SAM.Rivers@Example.com', 'Hi'), ('c2', 'Élodie', 'ÉLODIE@Exemple.fr', 'Salut')`.execute(
      db(),
    );
    await sql`insert into purchases (id, user_id, provider, provider_payment_id, amount_minor, currency, status, receipt_email)
      values ('p1', 'u1', 'stripe', 'pi_1', 2700, 'EUR', 'succeeded', 'Books@Example.org'), ('p2', 'u1', 'stripe', 'pi_2', 2700, 'EUR', 'failed', null)`.execute(
      db(),
    );
    const pending = contactMessageEmail({
      name: "Sam Rivers",
      email: "Sam.Rivers@Example.com",
      message: "Hi",
      confirmed: false,
    });
    await outbox("e1", "Sam.Rivers@Example.com", "welcome", "Welcome", null);
    await outbox("e2", "owner@tidewell.example", "contact-message", pending.subject, pending.text);
    await outbox(
      "e3",
      "owner@tidewell.example",
      "contact-message",
      "New message from Sam Rivers (Tidewell contact form)",
      null,
    );

    await migrateToLatest(db());

    const column = async (table: string, name: string) =>
      (
        await sql<{
          id: string;
          value: string | null;
        }>`select id, ${sql.ref(name)} as value from ${sql.table(table)} order by id`.execute(db())
      ).rows;
    expect(await column("user", "email")).toEqual([
      { id: "u1", value: "sam.rivers@example.com" },
      // Two accounts that would share one address keep theirs.
      { id: "u2", value: "Jo@Example.com" },
      { id: "u3", value: "jo@example.com" },
    ]);
    expect(await column("contact_messages", "email")).toEqual([
      { id: "c1", value: "sam.rivers@example.com" },
      { id: "c2", value: "élodie@exemple.fr" },
    ]);
    expect(await column("purchases", "receipt_email")).toEqual([
      { id: "p1", value: "books@example.org" },
      { id: "p2", value: null },
    ]);
    expect(await column("email_outbox", "to_address")).toEqual([
      { id: "e1", value: "sam.rivers@example.com" },
      { id: "e2", value: "owner@tidewell.example" },
      { id: "e3", value: "owner@tidewell.example" },
    ]);
    const copies = await db()
      .selectFrom("email_outbox")
      .select(["id", "about_address", "subject"])
      .where("kind", "=", "contact-message")
      .orderBy("id")
      .execute();
    expect(copies).toEqual([
      { id: "e2", about_address: "sam.rivers@example.com", subject: pending.subject },
      // Sent before: no body to tell whom it is about, so the name goes from the subject.
      { id: "e3", about_address: null, subject: "New message (contact form)" },
    ]);
  });
});
