import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "~/platform/log.server.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp.ts";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/support/test-databases.ts";
import { createMailer, queueEmail, RETRY_DELAYS_MINUTES } from "./outbox.server.ts";
import { magicLinkEmail } from "./templates.ts";
import { createMailTransport } from "./transport.server.ts";

describe.each(testDialects)("the email outbox on %s", (dialect) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  const log = createLogger("silent");

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await database?.destroy();
    await smtp?.close();
  });

  const mailer = () =>
    createMailer({
      db: database.db,
      log,
      transport: createMailTransport({
        smtpUrl: smtp.url,
        from: "Tidewell <hello@tidewell.example>",
        dataDir: "/tmp",
        baseUrl: "http://localhost",
        log,
      }),
    });

  it("delivers over SMTP and keeps no copy of the body once sent", async () => {
    await mailer().send({
      kind: "magic-link",
      to: "ana@example.com",
      ...magicLinkEmail({ url: "http://localhost/x?token=t0k3n", minutes: 5 }),
    });
    const mail = await smtp.waitFor((m) => m.to.includes("ana@example.com"));
    expect(mail.subject).toBe("Your Tidewell sign-in link");
    expect(mail.text).toContain("http://localhost/x?token=t0k3n");
    // The outbox marks it sent once the SMTP server has acknowledged it, a moment after it arrives.
    const row = () =>
      database.db
        .selectFrom("email_outbox")
        .select(["status", "text_body", "html_body"])
        .where("to_address", "=", "ana@example.com")
        .executeTakeFirstOrThrow();
    await expect.poll(row).toEqual({ status: "sent", text_body: null, html_body: null });
  });

  it("keeps a message the server refused and delivers it on a later run", async () => {
    smtp.failNext(1);
    const m = mailer();
    await m.send({
      kind: "welcome",
      to: "ben@example.com",
      subject: "Welcome",
      text: "Hello Ben",
      html: "<p>Hello Ben</p>",
    });
    await m.settled();
    const pending = await database.db
      .selectFrom("email_outbox")
      .selectAll()
      .where("to_address", "=", "ben@example.com")
      .executeTakeFirstOrThrow();
    expect(pending.status).toBe("pending");
    expect(pending.attempts).toBe(1);
    expect(smtp.messages.some((mail) => mail.to.includes("ben@example.com"))).toBe(false);

    // Not due yet: nothing happens.
    expect(await m.deliverDue()).toEqual({ sent: 0, failed: 0 });
    // After the first retry delay it goes out.
    const later = new Date(Date.now() + RETRY_DELAYS_MINUTES[0]! * 60_000 + 1000);
    expect(await m.deliverDue({ now: later })).toEqual({ sent: 1, failed: 0 });
    await smtp.waitFor((mail) => mail.to.includes("ben@example.com"));
  });

  it("sends a message once even when two deliveries race for it", async () => {
    const id = await queueEmail(database.db, {
      kind: "welcome",
      to: "cleo@example.com",
      subject: "Once",
      text: "x",
      html: "<p>x</p>",
    });
    const m = mailer();
    await Promise.all([m.deliverDue({ id }), m.deliverDue({ id }), m.deliverDue()]);
    await smtp.waitFor((mail) => mail.to.includes("cleo@example.com"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.filter((mail) => mail.to.includes("cleo@example.com"))).toHaveLength(1);
  });
});
